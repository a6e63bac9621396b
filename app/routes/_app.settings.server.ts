import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { settingsSchema } from "~/lib/forms/workspace";
import { planStatusOf } from "~/.server/billing/plan-status";
import { redirectWithToast } from "~/.server/http/flash";
import { llmEnabled } from "~/.server/llm";
import { setShareCardTitles, shareCardTitles } from "~/.server/llm/settings";
import { emailChoices } from "~/.server/notifications";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { createWorkspace, getMemberContext, requireMember } from "~/.server/workspaces";
import { planUsage, storageUsed } from "~/.server/workspaces/standing";
import { listMembers } from "~/.server/workspaces/members";
import { deleteWorkspace, updateWorkspace } from "~/.server/workspaces/settings";
import { allows } from "~/.server/access";

/** The workspace settings, with the plan status from the same source as /billing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [{ usage, plan }, members, storageBytes, planStatus, emailChoicesOfUser] = await Promise.all([
    planUsage(member.workspace.id),
    listMembers(member.workspace.id),
    storageUsed(member.workspace.id),
    planStatusOf(member.workspace),
    emailChoices(member.user.id),
  ]);
  return {
    workspace: member.workspace,
    role: member.role,
    usage: { ...usage, storageBytes },
    plan: { name: plan.name, limits: plan.limits },
    memberCount: members.length,
    can: { update: allows(member.role, "workspace", "change"), delete: allows(member.role, "workspace", "delete") },
    planStatus,
    emailChoices: emailChoicesOfUser,
    // Shown only when a language model is configured.
    llm: llmEnabled() ? { shareCardTitles: await shareCardTitles(member.workspace.id) } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await getMemberContext(request);
  const submission = await parseSubmission(request, settingsSchema);
  if (submission.status !== "success") return invalid(submission);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "create-workspace": {
        const ws = await createWorkspace(member.user.id, input.name);
        return redirectWithToast(
          "/dashboard",
          {
            variant: "success",
            title: `Workspace "${ws.name}" created`,
            description: "You are its owner. Invite your team from the Team page.",
          },
          { status: 303 },
        );
      }
      case "update-workspace":
        await updateWorkspace(member, input);
        return redirectWithToast("/settings", { variant: "success", title: "Workspace settings saved" }, { status: 303 });
      case "update-llm":
        await setShareCardTitles(member, input.shareCardTitles);
        return redirectWithToast(
          "/settings#language-model",
          { variant: "success", title: "Language model setting saved" },
          { status: 303 },
        );
      case "delete-workspace":
        await deleteWorkspace(member, input.confirm);
        return redirectWithToast(
          "/dashboard",
          { variant: "success", title: `Workspace "${member.workspace.name}" deleted` },
          { status: 303 },
        );
    }
  } catch (error) {
    return replyUserError(submission, error);
  }
}
