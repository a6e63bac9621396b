import { SIDEBAR_COOKIE, sidebarCookieValue } from "~/lib/sidebar-cookie";
import { env } from "../env";

/**
 * Whether the sidebar is collapsed on large screens, kept in a cookie so the server renders
 * the shell the way the user left it. A preference, not a secret: a plain value
 * ("collapsed" / "expanded"), unsigned, readable by the page, a year long. With JavaScript
 * the toggle writes it at once (`~/lib/sidebar-cookie.ts`), so a reload right after a click
 * never renders the old state; the POST sets the same cookie for the plain form.
 */

// Written by the first version (createCookie's base64 JSON of "collapsed").
const LEGACY_COLLAPSED = "ImNvbGxhcHNlZCI%3D";

/** From a request's Cookie header. */
export function sidebarCollapsedIn(cookieHeader: string | null): boolean {
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  return match?.[1] === "collapsed" || match?.[1] === LEGACY_COLLAPSED;
}

/** The Set-Cookie value (Secure when the app is served over https). */
export function sidebarCookieHeader(collapsed: boolean): string {
  return sidebarCookieValue(collapsed, env().APP_URL.startsWith("https://"));
}
