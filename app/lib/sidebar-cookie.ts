/** The sidebar preference cookie, as both the server and the toggle's script write it. */
export const SIDEBAR_COOKIE = "atelier_sidebar";

export function sidebarCookieValue(collapsed: boolean, secure: boolean): string {
  return `${SIDEBAR_COOKIE}=${collapsed ? "collapsed" : "expanded"}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** With JavaScript: remember the choice at once, before the POST's answer arrives. */
export function rememberSidebarCollapsed(collapsed: boolean): void {
  document.cookie = sidebarCookieValue(collapsed, window.location.protocol === "https:");
}
