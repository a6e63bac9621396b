import { and, eq, isNull } from "drizzle-orm";
import { TIME_ZONE_COOKIE, canonicalTimeZone, isTimeZone } from "~/lib/dates";
import { db, schema } from "../db";

/**
 * Each user's time zone (users.time_zone): chosen in /profile, or detected from the browser.
 * With JavaScript the page writes the browser's own zone (Intl) into a cookie
 * (`rememberBrowserTimeZone`, app/lib/time-zone-cookie.ts); the first page a signed-in user
 * loads with that cookie and no stored zone stores it. Without JavaScript nothing is detected,
 * dates show in UTC, and /profile says so. A preference, not a secret: the cookie is unsigned.
 */

/** The zone in a request's Cookie header, or null when there is none (or it is not a zone). */
export function timeZoneIn(cookieHeader: string | null): string | null {
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  return isTimeZone(value) ? canonicalTimeZone(value) : null;
}

/**
 * The zone to render with: the signed-in user's; else the browser's (and, for a signed-in user
 * without one, it is stored now: detected on their first page); else null (UTC, said so in /profile).
 */
export async function timeZoneFor(
  user: { id: string; timeZone: string | null } | null,
  cookieHeader: string | null,
): Promise<string | null> {
  if (user?.timeZone) return user.timeZone;
  const detected = timeZoneIn(cookieHeader);
  if (user && detected) {
    // Only while none is stored: a choice made in /profile is never overwritten by detection.
    try {
      await db()
        .update(schema.users)
        .set({ timeZone: detected, updatedAt: new Date() })
        .where(and(eq(schema.users.id, user.id), isNull(schema.users.timeZone)));
      user.timeZone = detected;
    } catch (error) {
      // A page still renders (in the detected zone) when the write fails (a read-only database).
      console.warn("Could not store the detected time zone:", error);
    }
  }
  return detected;
}

/** Stores a user's choice (a zone `isTimeZone` accepts; the form checks it). */
export async function saveTimeZone(userId: string, timeZone: string): Promise<void> {
  await db()
    .update(schema.users)
    .set({ timeZone: canonicalTimeZone(timeZone), updatedAt: new Date() })
    .where(eq(schema.users.id, userId));
}
