import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser, safeRedirect } from "~/.server/auth/session";
import { parseSidebarPreference, sidebarCookieHeader } from "~/components/shell/sidebar-preference.server";

/**
 * POST /preferences/sidebar: collapse or expand the sidebar. The shell's toggle is a plain
 * form (with `redirectTo`, answered by a redirect back) and, with JavaScript, a fetch that
 * needs no answer but the cookie.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const preference = parseSidebarPreference(await request.formData());
  if (!preference) return new Response("collapsed must be true or false", { status: 400 });
  const headers = { "Set-Cookie": await sidebarCookieHeader(preference.collapsed) };
  if (preference.redirectTo !== undefined) {
    return redirect(safeRedirect(preference.redirectTo), { status: 303, headers });
  }
  return new Response(null, { status: 204, headers });
}

export const loader = () => redirect("/dashboard");
