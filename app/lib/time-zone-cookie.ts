import { TIME_ZONE_COOKIE, isTimeZone } from "./dates";

/**
 * With JavaScript: tell the server the browser's time zone (Intl), in a cookie it reads on the
 * next request (app/.server/preferences/time-zone.ts). Written only when it differs, a year long.
 */
export function rememberBrowserTimeZone(): void {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!isTimeZone(zone)) return;
  const value = encodeURIComponent(zone);
  if (document.cookie.split(/;\s*/).includes(`${TIME_ZONE_COOKIE}=${value}`)) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${TIME_ZONE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
