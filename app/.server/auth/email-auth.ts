import { markInviteUsed, signupGate } from "../beta/gate";
import { appLink, sendMail } from "../mail";
import { accountExistsMail, passwordResetMail, verificationMail } from "../mail/templates";
import { type Account, createUser, findUserByEmail, markEmailVerified, setPassword, verifyCredentials } from "./accounts";
import { clearSignInFailures, recordSignInFailure, signInFailuresBlocked } from "./limits";
import { AUTH_TEXT } from "./messages";
import { issueToken, spendToken } from "./one-time-tokens";
import { hashPassword } from "./password";
import { endSessionsOf } from "./session";

/**
 * The e-mail and password flows, one function per step. Inputs are already
 * validated and normalised (app/.server/auth/schemas.ts). A mail server that is
 * down surfaces as MailError (app/.server/mail), which the routes show as a message.
 */

async function sendVerificationEmail(user: Pick<Account, "id" | "email" | "fullName">): Promise<void> {
  const { token } = await issueToken("verify-email", { userId: user.id, email: user.email });
  await sendMail(
    verificationMail({
      to: user.email,
      name: user.fullName,
      link: appLink(`/auth/verify?token=${encodeURIComponent(token)}`),
    }),
  );
}

export type SignUpResult = { ok: true } | { ok: false; message: string; field?: "inviteCode" };

/**
 * Creates an unverified account and mails its verification link. An e-mail that
 * already has an account gets the same answer (no account discovery): its owner
 * is mailed either a fresh verification link or a "you already have an account" note.
 */
export async function signUpWithPassword(input: {
  fullName: string;
  email: string;
  password: string;
  inviteCode?: string | null;
}): Promise<SignUpResult> {
  const gate = await signupGate(input.email, input.inviteCode);
  if (!gate.allowed) return { ok: false, message: gate.message, field: input.inviteCode ? "inviteCode" : undefined };

  // Hashed before the lookup so a known and an unknown e-mail take as long.
  const passwordHash = await hashPassword(input.password);
  const user = await createUser({ email: input.email, fullName: input.fullName, passwordHash });
  if (user) {
    if (gate.betaRequestId) await markInviteUsed(gate.betaRequestId);
    await sendVerificationEmail(user);
    return { ok: true };
  }

  const existing = await findUserByEmail(input.email);
  if (existing && !existing.emailVerifiedAt) {
    await sendVerificationEmail(existing);
  } else if (existing) {
    await sendMail(
      accountExistsMail({
        to: existing.email,
        name: existing.fullName,
        signInLink: appLink("/auth?mode=signin"),
        resetLink: appLink("/auth?mode=reset"),
      }),
    );
  }
  return { ok: true };
}

/** Always "sent", whether or not an unverified account has that e-mail. */
export async function resendVerification(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user && !user.emailVerifiedAt) await sendVerificationEmail(user);
}

export type PasswordSignIn =
  | { ok: true; user: Account }
  | { ok: false; reason: "invalid" | "unverified"; message: string }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

export async function signInWithPassword(email: string, password: string): Promise<PasswordSignIn> {
  const locked = await signInFailuresBlocked(email);
  if (locked !== null) return { ok: false, reason: "locked", retryAfterSeconds: locked };
  const user = await verifyCredentials(email, password);
  if (!user) {
    await recordSignInFailure(email);
    return { ok: false, reason: "invalid", message: AUTH_TEXT.invalidCredentials };
  }
  await clearSignInFailures(email);
  if (!user.emailVerifiedAt) return { ok: false, reason: "unverified", message: AUTH_TEXT.emailNotVerified };
  return { ok: true, user };
}

/** Spends the verification token and marks the e-mail verified; the caller signs the user in. */
export async function verifyEmail(token: string): Promise<{ ok: true; userId: string } | { ok: false; message: string }> {
  const spent = await spendToken("verify-email", token);
  if (!spent.ok) {
    return { ok: false, message: spent.reason === "expired" ? AUTH_TEXT.verifyLinkExpired : AUTH_TEXT.verifyLinkInvalid };
  }
  await markEmailVerified(spent.userId);
  return { ok: true, userId: spent.userId };
}

/** Always succeeds from the requester's point of view (no account discovery). */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) return;
  const { token, secondary } = await issueToken("reset-password", { userId: user.id, email: user.email }, { withSecondary: true });
  const query = new URLSearchParams({ access_token: token, refresh_token: secondary!, type: "recovery" });
  await sendMail(passwordResetMail({ to: user.email, name: user.fullName, link: appLink(`/reset-password?${query}`) }));
}

/**
 * Sets the new password with a valid, unspent pair of reset tokens, then ends every
 * session of the account. Following the link proves the mailbox, so the e-mail
 * counts as verified, and the failed sign-ins counted against it are forgotten.
 */
export async function resetPassword(input: {
  accessToken: string;
  refreshToken: string;
  password: string;
}): Promise<{ ok: true; userId: string } | { ok: false }> {
  const spent = await spendToken("reset-password", input.accessToken, input.refreshToken);
  if (!spent.ok) return { ok: false };
  await setPassword(spent.userId, input.password);
  await markEmailVerified(spent.userId);
  await endSessionsOf(spent.userId);
  await clearSignInFailures(spent.email);
  return { ok: true, userId: spent.userId };
}
