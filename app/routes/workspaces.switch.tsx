import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser, safeRedirect } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/http/flash";
import { switchWorkspace } from "~/.server/workspaces";

/** POST only: make another of the user's workspaces the current one. */
export async function loader() {
  return redirect("/dashboard");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const ok = await switchWorkspace(user.id, String(form.get("workspaceId") ?? ""));
  const back = safeRedirect(form.get("redirectTo"), "/dashboard");
  if (!ok) return redirectWithToast(back, { variant: "error", title: "You are not a member of that workspace." }, { status: 303 });
  return redirect(back.startsWith("/projects/") || back.startsWith("/team/") ? "/dashboard" : back, { status: 303 });
}
