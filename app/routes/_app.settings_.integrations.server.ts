import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { connectSlackSchema, slackProjectSchema } from "~/lib/forms/integrations";
import { isUuid } from "~/lib/ids";
import { permits } from "~/.server/access";
import { readForm } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseFormData, replyUserError } from "~/.server/http/submission";
import { disconnectFigma, figmaConfigured, figmaConnectionOf, startFigmaConnect } from "~/.server/integrations/figma-oauth";
import { listSlackProjects, sendSlackTest } from "~/.server/integrations/slack";
import { connectSlack, disconnectSlack } from "~/.server/integrations/slack-connect";
import { isReadOnly } from "~/.server/workspaces/limits";
import { requireMember } from "~/.server/workspaces";
import { isUserError } from "~/.server/errors";

const HERE = "/settings/integrations";

/**
 * /settings/integrations (issue 22, decision 030): Figma (the member's own connection) and
 * Slack (per project). `?disconnect=figma` or `?disconnect=<projectId>` asks to confirm on a
 * page of its own, so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [figma, slack, readOnly] = await Promise.all([
    figmaConnectionOf(member),
    listSlackProjects(member),
    isReadOnly(member.workspace.id),
  ]);
  const disconnect = new URL(request.url).searchParams.get("disconnect");
  const confirmSlack = disconnect && isUuid(disconnect) ? (slack.find((p) => p.projectId === disconnect && p.hint) ?? null) : null;
  return {
    workspaceName: member.workspace.name,
    figma: { configured: figmaConfigured(), connection: figma, confirmDisconnect: disconnect === "figma" && Boolean(figma) },
    slack: { projects: slack, canChange: permits(member, "project", "change", { readOnly }), confirmDisconnect: confirmSlack },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "connect-figma") {
    try {
      const { location, setCookie } = await startFigmaConnect(member);
      return redirect(location, { status: 303, headers: { "Set-Cookie": setCookie } });
    } catch (error) {
      if (!isUserError(error)) throw error;
      return redirectWithToast(HERE, { variant: "error", title: "Figma cannot be connected", description: error.message }, { status: 303 });
    }
  }
  if (intent === "disconnect-figma") {
    await disconnectFigma(member);
    return redirectWithToast(
      HERE,
      { variant: "success", title: "Figma disconnected", description: "Atelier no longer keeps your Figma tokens." },
      { status: 303 },
    );
  }
  if (intent === "connect-slack") {
    const submission = parseFormData(form, connectSlackSchema);
    if (submission.status !== "success") return invalid(submission);
    try {
      const project = await connectSlack(member, submission.value.projectId, submission.value.url);
      return redirectWithToast(
        HERE,
        { variant: "success", title: `Slack connected to ${project.name}`, description: "A first message was posted to the channel." },
        { status: 303 },
      );
    } catch (error) {
      return replyUserError(submission, error, { hideFields: ["url"] });
    }
  }
  const submission = parseFormData(form, slackProjectSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    if (submission.value.intent === "test-slack") {
      const project = await sendSlackTest(member, submission.value.projectId);
      return redirectWithToast(
        HERE,
        { variant: "success", title: "Test message sent", description: `Look in ${project.name}'s Slack channel.` },
        { status: 303 },
      );
    }
    const project = await disconnectSlack(member, submission.value.projectId);
    return redirectWithToast(
      HERE,
      { variant: "success", title: `Slack disconnected from ${project.name}`, description: "Nothing more is posted there." },
      { status: 303 },
    );
  } catch (error) {
    return replyUserError(submission, error);
  }
}
