import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { sidebarPreferenceSchema } from "~/lib/forms/shell";
import { requireUser, safeRedirect } from "~/.server/auth/session";
import { parseSubmission } from "~/.server/http/submission";
import { sidebarCookieHeader } from "~/.server/preferences/sidebar";

/**
 * POST /preferences/sidebar: collapse or expand the sidebar. The shell's toggle is a plain
 * form (with `redirectTo`, answered by a redirect back) and, with JavaScript, a fetch that
 * needs no answer but the cookie.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const submission = await parseSubmission(request, sidebarPreferenceSchema);
  if (submission.status !== "success") return new Response("collapsed must be true or false", { status: 400 });
  const { collapsed, redirectTo } = submission.value;
  const headers = { "Set-Cookie": sidebarCookieHeader(collapsed === "true") };
  if (redirectTo !== undefined) return redirect(safeRedirect(redirectTo), { status: 303, headers });
  return new Response(null, { status: 204, headers });
}

export const loader = () => redirect("/dashboard");
