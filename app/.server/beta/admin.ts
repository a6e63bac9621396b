import { env } from "../env";
import { requireUser, type SessionUser } from "../auth/session";

export const ADMINS_ONLY = "Only site administrators can open this page.";

/** Site administrators are the verified accounts whose e-mail is in ADMIN_EMAILS. */
export function isAdminEmail(email: string): boolean {
  return env().ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

export function isAdmin(user: Pick<SessionUser, "email" | "emailVerifiedAt"> | null): boolean {
  return Boolean(user && user.emailVerifiedAt && isAdminEmail(user.email));
}

/** Signed out: to / (as every protected route). Signed in but not an admin: 403. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw new Response(ADMINS_ONLY, { status: 403, statusText: "Forbidden" });
  return user;
}
