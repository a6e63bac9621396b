import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { quickCreateSchema } from "~/lib/forms/dashboard";
import { quickCreateCard } from "~/.server/dashboard/quick-create";
import { dashboardData } from "~/.server/dashboard/work";
import { redirectWithToast } from "~/.server/http/flash";
import { insightsFor } from "~/.server/insights";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { requireMember } from "~/.server/workspaces";
import { allows } from "~/.server/access";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [d, insights] = await Promise.all([dashboardData(member), insightsFor(member)]);
  return {
    ...d,
    name: member.user.fullName || member.user.email.split("@")[0] || "User",
    workspaceName: member.workspace.name,
    canCreate: allows(member.role, "card", "create"),
    insights,
  };
}

/** Quick create: a card in one of the workspace's projects; success redirects with a toast that opens it. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const submission = await parseSubmission(request, quickCreateSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    const { card, project } = await quickCreateCard(member, submission.value);
    return redirectWithToast(
      "/dashboard",
      {
        variant: "success",
        title: `Card #${card.number} created in ${project.name}`,
        action: { label: "Open", href: `/projects/${project.id}?task=${card.id}` },
      },
      { status: 303 },
    );
  } catch (error) {
    return replyUserError(submission, error);
  }
}
