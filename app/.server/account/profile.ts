import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { type ProfilePageData, PROFILE_TEXT } from "~/lib/forms/account";
import { hashPassword, verifyPassword } from "../auth/password";
import { type CurrentSession, endSessionsOf } from "../auth/session";
import { hashToken, randomToken } from "../auth/tokens";
import { db, schema, type Db } from "../db";
import { env } from "../env";
import { accountEnvelope, emit, mutate } from "../events";
/** Supabase's side of the profile, loaded only on a Supabase installation (see identity/index.ts). */
const supabaseAccount = () => import("../identity/supabase-account");
import { UserError } from "../errors";
import { MailError, appLink, sendMail } from "../mail";
import { emailChangeMail } from "../mail/templates";
import { hit, retryMessage } from "../rate-limit";

const { users, sessions, authTokens } = schema;

/**
 * The signed-in user's own account: name and avatar, password, sign-in address (changed
 * only once the new address confirms), and sessions. Each function takes the current
 * session (the user and the hash of the session it came in with) and answers a refusal
 * the user can act on with a UserError.
 */
const CHANGE_EMAIL_HOURS = 24;

const onSupabase = () => env().IDENTITY === "supabase";

export async function profileOf(current: CurrentSession): Promise<ProfilePageData> {
  const { user, idHash } = current;
  const [row] = await db()
    .select({ passwordHash: users.passwordHash, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, user.id));
  const active = await db()
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  const [pendingEmail] = await db()
    .select({ email: authTokens.data })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, user.id),
        eq(authTokens.purpose, "change-email"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  // On Supabase the pending address is the Supabase user's new_email (Supabase mails and checks the link).
  const local = {
    hasPassword: !!row?.passwordHash,
    pendingEmail: (pendingEmail?.email as { newEmail?: string } | undefined)?.newEmail ?? null,
  };
  const account = onSupabase() ? await (await supabaseAccount()).supabaseProfile(current) : local;
  return {
    user: { fullName: user.fullName, email: user.email, avatarUrl: user.avatarUrl },
    hasPassword: account.hasPassword,
    pendingEmail: account.pendingEmail,
    sessions: active.map((s) => ({
      // The hash's prefix identifies a session in forms; the id itself never leaves the server.
      id: s.idHash.slice(0, 16),
      current: s.idHash === idHash,
      createdAt: s.createdAt,
      userAgent: describeAgent(s.userAgent),
      ip: s.ip,
    })),
  };
}

export function describeAgent(ua: string | null): string {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "macOS"
      : /Android/.test(ua)
        ? "Android"
        : /iPhone|iPad/.test(ua)
          ? "iOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

export async function updateProfile(current: CurrentSession, input: { fullName: string; avatarUrl?: string }): Promise<void> {
  const { user } = current;
  if (onSupabase()) await (await supabaseAccount()).supabaseUpdateProfile(current, input);
  const next = { fullName: input.fullName, avatarUrl: input.avatarUrl || null };
  await mutate(async (tx) => {
    const [before] = await tx
      .select({ fullName: users.fullName, avatarUrl: users.avatarUrl, email: users.email })
      .from(users)
      .where(eq(users.id, user.id))
      .for("update");
    if (!before) return;
    await tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    const fields = (["fullName", "avatarUrl"] as const)
      .filter((field) => before[field] !== next[field])
      .map((field) => ({ field, from: before[field], to: next[field] }));
    // Saving the form unchanged changes nothing, and nothing is said.
    if (fields.length === 0) return;
    await emit(tx, {
      kind: "account.updated",
      ...accountEnvelope({ id: user.id, fullName: next.fullName, email: before.email }),
      subject: { userId: user.id, email: before.email },
      change: { fields },
    });
  });
}

async function limit(key: string, max: number, windowSeconds: number) {
  const limited = await hit(key, max, windowSeconds);
  if (!limited.ok) {
    throw new UserError(429, retryMessage(limited.retryAfterSeconds), undefined, { "Retry-After": String(limited.retryAfterSeconds) });
  }
}

/** An account with a password proves it again before a sign-in detail changes (one set by OAuth has none). */
async function assertCurrentPassword(userId: string, currentPassword: string | undefined) {
  const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (row?.passwordHash && !(await verifyPassword(currentPassword ?? "", row.passwordHash))) {
    throw new UserError(400, PROFILE_TEXT.currentPasswordWrong, "currentPassword");
  }
}

/** Sets a new password (the rules are the form's schema) and signs out every other session. */
export async function changePassword(current: CurrentSession, input: { currentPassword?: string; password: string }): Promise<void> {
  const { user } = current;
  await limit(`profile-password:${user.id}`, 10, 900);
  const changed = (tx: Db) =>
    emit(tx, {
      kind: "account.password_changed",
      ...accountEnvelope(user),
      subject: { userId: user.id, email: user.email },
      change: { otherSessionsEnded: true },
    });
  if (onSupabase()) {
    await (await supabaseAccount()).supabaseChangePassword(current, input);
    // Supabase holds the password; the change here is the sessions that end with it.
    await mutate(async (tx) => {
      await endSessionsOf(user.id, current.idHash, tx);
      await changed(tx);
    });
    return;
  }
  await assertCurrentPassword(user.id, input.currentPassword);
  const passwordHash = await hashPassword(input.password);
  await mutate(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await endSessionsOf(user.id, current.idHash, tx);
    await changed(tx);
  });
}

/** Mails a confirmation link to the new address; the change happens when it is opened (`confirmEmailChange`). */
export async function requestEmailChange(current: CurrentSession, input: { email: string; currentPassword?: string }): Promise<void> {
  const { user } = current;
  if (input.email === user.email) throw new UserError(400, PROFILE_TEXT.sameEmail, "email");
  await limit(`profile-email:${user.id}`, 5, 3600);
  // Supabase checks the address and mails the confirmation link itself.
  if (onSupabase()) return (await supabaseAccount()).supabaseRequestEmailChange(current, input);
  await assertCurrentPassword(user.id, input.currentPassword);
  const [taken] = await db().select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw new UserError(400, PROFILE_TEXT.emailTaken, "email");
  const token = randomToken(32);
  await db()
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "change-email"), isNull(authTokens.usedAt)));
  await db()
    .insert(authTokens)
    .values({
      purpose: "change-email",
      userId: user.id,
      email: input.email,
      tokenHash: hashToken(token),
      data: { newEmail: input.email },
      expiresAt: new Date(Date.now() + CHANGE_EMAIL_HOURS * 3600_000),
    });
  try {
    const link = appLink(`/account/confirm-email?token=${token}`);
    await sendMail(emailChangeMail({ to: input.email, currentEmail: user.email, link, hours: CHANGE_EMAIL_HOURS }));
  } catch (error) {
    if (error instanceof MailError) throw new UserError(503, error.message);
    throw error;
  }
}

export async function signOutOtherSessions(current: CurrentSession): Promise<void> {
  await endSessionsOf(current.user.id, current.idHash);
}

/** Ends one of the user's sessions, named by the first 16 characters of its hash (as the page lists them). */
export async function signOutSession({ user }: CurrentSession, sessionId: string): Promise<void> {
  const mine = await db().select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id));
  const target = mine.find((s) => s.idHash.startsWith(sessionId) && sessionId.length === 16);
  if (!target) throw new UserError(404, PROFILE_TEXT.sessionGone);
  await db()
    .delete(sessions)
    .where(and(eq(sessions.idHash, target.idHash), eq(sessions.userId, user.id)));
}

/** Opening the link shows a confirm button (the token is not spent); the POST spends it. */
export async function checkEmailChange(token: string | null, current?: CurrentSession | null) {
  if (!token) return null;
  // Supabase cannot check a link without spending it; the post says whether it was good. A
  // signed-in visitor's own pending change names the address.
  if (onSupabase()) {
    const pending = current ? (await (await supabaseAccount()).supabaseProfile(current)).pendingEmail : null;
    return { id: "", userId: "", newEmail: pending ?? "your new address" };
  }
  const [row] = await db()
    .select({ id: authTokens.id, userId: authTokens.userId, data: authTokens.data })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, "change-email"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    );
  return row ? { id: row.id, userId: row.userId!, newEmail: String((row.data as { newEmail?: string }).newEmail ?? "") } : null;
}

export async function confirmEmailChange(token: string): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  // Supabase changes the address and mails both addresses itself.
  if (onSupabase()) return (await supabaseAccount()).supabaseConfirmEmailChange(token);
  return mutate(async (tx) => {
    const [row] = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(token)),
          eq(authTokens.purpose, "change-email"),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: authTokens.userId, data: authTokens.data });
    if (!row?.userId)
      return {
        ok: false as const,
        message: "This confirmation link is invalid or has expired. Request the change again from your profile.",
      };
    const email = String((row.data as { newEmail?: string }).newEmail ?? "");
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) return { ok: false as const, message: "Another account now uses that e-mail address." };
    const [before] = await tx
      .select({ email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, row.userId))
      .for("update");
    if (!before) return { ok: false as const, message: "This account no longer exists." };
    await tx.update(users).set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, row.userId));
    await emit(tx, {
      kind: "account.email_changed",
      ...accountEnvelope({ id: row.userId, fullName: before.fullName, email }),
      subject: { userId: row.userId, email },
      change: { from: before.email, to: email },
    });
    return { ok: true as const, email };
  });
}
