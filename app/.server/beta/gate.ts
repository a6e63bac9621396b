import { and, eq, isNull, or } from "drizzle-orm";
import { db, schema } from "../db";
import { isEnabled } from "../flags";
import { hasOpenInvitation } from "../workspaces/invitations";
import { isAdminEmail } from "./admin";

const { betaRequests } = schema;

export type SignupGate = { allowed: true; betaRequestId: string | null } | { allowed: false; message: string };

export const SIGNUP_CLOSED_MESSAGE =
  "Sign-up is by invitation while we are in beta. Request access on the beta page, or enter the invite code from your approval e-mail.";

/**
 * May this e-mail create an account? With auth.enable_public_signup on, anyone may.
 * Off: only an e-mail whose beta request was approved, or an unused invite code, or
 * an address with an open workspace invitation, or an ADMIN_EMAILS address (else a closed-beta install could never get its first admin;
 * the account still has to verify the address).
 */
export async function signupGate(email: string, inviteCode?: string | null): Promise<SignupGate> {
  if (await isEnabled("auth.enable_public_signup")) return { allowed: true, betaRequestId: null };
  if (isAdminEmail(email)) return { allowed: true, betaRequestId: null };
  // A person invited to a workspace by e-mail may create an account with that address.
  if (await hasOpenInvitation(email)) return { allowed: true, betaRequestId: null };
  const code = inviteCode?.trim().toUpperCase() || null;
  const [row] = await db()
    .select({ id: betaRequests.id })
    .from(betaRequests)
    .where(
      and(
        eq(betaRequests.status, "approved"),
        isNull(betaRequests.inviteUsedAt),
        code ? or(eq(betaRequests.email, email), eq(betaRequests.inviteCode, code)) : eq(betaRequests.email, email),
      ),
    )
    .limit(1);
  if (row) return { allowed: true, betaRequestId: row.id };
  return { allowed: false, message: code ? "That invite code is not valid or has already been used." : SIGNUP_CLOSED_MESSAGE };
}

/** Called once the account exists, so an invite code works once. */
export async function markInviteUsed(betaRequestId: string): Promise<void> {
  await db()
    .update(betaRequests)
    .set({ inviteUsedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(betaRequests.id, betaRequestId), isNull(betaRequests.inviteUsedAt)));
}
