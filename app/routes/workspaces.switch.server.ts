import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { switchWorkspaceSchema } from "~/lib/forms/shell";
import { requireUser, safeRedirect } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/http/flash";
import { parseSubmission } from "~/.server/http/submission";
import { switchWorkspace } from "~/.server/workspaces";

/** POST only: make another of the user's workspaces the current one. */
export async function loader() {
  return redirect("/dashboard");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = await parseSubmission(request, switchWorkspaceSchema);
  const input = submission.status === "success" ? submission.value : { workspaceId: "", redirectTo: undefined };
  const back = safeRedirect(input.redirectTo, "/dashboard");
  if (!(await switchWorkspace(user.id, input.workspaceId))) {
    return redirectWithToast(back, { variant: "error", title: "You are not a member of that workspace." }, { status: 303 });
  }
  // A project or a member page belongs to the workspace left behind.
  return redirect(back.startsWith("/projects/") || back.startsWith("/team/") ? "/dashboard" : back, { status: 303 });
}
