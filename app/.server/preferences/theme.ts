import { eq } from "drizzle-orm";
import { THEME_COOKIE, isTheme, type Theme } from "~/lib/theme";
import { db, schema } from "../db";
import { env } from "../env";

/**
 * The colour theme, stored per user (users.theme) and mirrored in a cookie. The database is
 * the authority for a signed-in user (a new browser gets their choice at the first page);
 * the cookie serves the pages a signed-out visitor sees (landing, sign-in), so the theme
 * chosen before signing out stays. A preference, not a secret: unsigned, a year long.
 */

/** The theme in a request's Cookie header, or null when there is none (or it is not one of ours). */
export function themeIn(cookieHeader: string | null): Theme | null {
  const match = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  const value = match?.[1];
  return isTheme(value) ? value : null;
}

/** The theme to render: the signed-in user's, else the cookie's, else "system". */
export function themeFor(user: { theme: Theme } | null, cookieHeader: string | null): Theme {
  return user?.theme ?? themeIn(cookieHeader) ?? "system";
}

/** The Set-Cookie value (Secure when the app is served over https). */
export function themeCookieHeader(theme: Theme): string {
  const secure = env().APP_URL.startsWith("https://");
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Stores a user's choice. */
export async function saveTheme(userId: string, theme: Theme): Promise<void> {
  await db().update(schema.users).set({ theme, updatedAt: new Date() }).where(eq(schema.users.id, userId));
}
