import { createCookie } from "@remix-run/node";
import { env } from "../env";
import { isUserError } from "../errors";
import { clientIp } from "../http/request";
import { openShareLink } from "./index";

/**
 * A shared prototype's link as the /p/{token} routes read it from a request (the page, its
 * screens as SVG and its images): the link opened for the caller's address, and the cookie
 * that remembers a password entered for this link.
 */

/** The cookie set when a link's password was entered: for this link's path only. */
export const unlockCookie = (linkId: string) =>
  createCookie(`atelier_proto_${linkId.slice(0, 8)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https://"),
    maxAge: 60 * 60 * 24 * 7,
  });

/** The link behind `token`, or the UserError that refuses it (404 unknown, 410 revoked or expired, 429 too many guesses). */
export async function open(request: Request, token: string, opened: boolean) {
  try {
    return await openShareLink(token, { ip: clientIp(request), opened });
  } catch (error) {
    if (isUserError(error)) return error;
    throw error;
  }
}
