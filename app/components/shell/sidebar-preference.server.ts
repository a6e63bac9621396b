import { z } from "zod";
import { env } from "~/.server/env";
import { SIDEBAR_COOKIE, sidebarCookieValue } from "./sidebar-cookie";

/**
 * Whether the sidebar is collapsed on large screens, kept in a cookie so the server renders
 * the shell the way the user left it. A preference, not a secret: a plain value
 * ("collapsed" / "expanded"), unsigned, readable by the page, a year long. With JavaScript
 * the toggle writes it at once (`sidebar-cookie.ts`), so a reload right after a click never
 * renders the old state; the POST sets the same cookie for the plain form.
 */

// Written by the first version (createCookie's base64 JSON of "collapsed").
const LEGACY_COLLAPSED = "ImNvbGxhcHNlZCI%3D";

export async function readSidebarCollapsed(request: Request): Promise<boolean> {
  const header = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`).exec(header);
  return match?.[1] === "collapsed" || match?.[1] === LEGACY_COLLAPSED;
}

export async function sidebarCookieHeader(collapsed: boolean): Promise<string> {
  return sidebarCookieValue(collapsed, env().APP_URL.startsWith("https://"));
}

const sidebarPreferenceSchema = z.object({
  collapsed: z.enum(["true", "false"]),
  redirectTo: z.string().optional(),
});

/** The toggle's form: `collapsed` ("true"/"false") and, from the no-JavaScript form, `redirectTo`. */
export function parseSidebarPreference(form: FormData) {
  const parsed = sidebarPreferenceSchema.safeParse(Object.fromEntries(form));
  return parsed.success ? { collapsed: parsed.data.collapsed === "true", redirectTo: parsed.data.redirectTo } : null;
}
