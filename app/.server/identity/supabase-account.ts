import { eq } from "drizzle-orm";
import { PROFILE_TEXT } from "~/lib/forms/account";
import type { CurrentSession } from "../auth/session";
import { db, schema } from "../db";
import { env } from "../env";
import { UserError } from "../errors";
import { ensureLocalUser } from "./supabase";
import { cookieJar, supabaseClient } from "./supabase-client";

/**
 * /profile with IDENTITY=supabase (decision 018): name, avatar, password and sign-in
 * address go to Supabase (which mails the confirmation of a new address); our users row
 * follows. app/.server/account/profile.ts calls these in Supabase mode.
 */
const { sessions } = schema;

/** A client acting as the signed-in user; `save` keeps a rotated Supabase session with our row. */
function asUser(current: CurrentSession) {
  const jar = cookieJar(current.identityState);
  const client = supabaseClient(jar);
  const save = async () => {
    if (jar.storedChanged) await db().update(sessions).set({ identityState: jar.stored }).where(eq(sessions.idHash, current.idHash));
  };
  return { client, save };
}

/**
 * A confirmation link of Supabase's lives at most 24 hours (its e-mail OTP expiry, 1 hour by
 * default on a hosted project, can be set up to 86,400 s): an older change is no longer pending.
 */
const EMAIL_CHANGE_MAX_MS = 24 * 3600_000;

/** The Supabase user as the profile shows it: does it sign in with a password, and which new address awaits its confirmation. */
export async function supabaseProfile(current: CurrentSession): Promise<{ hasPassword: boolean; pendingEmail: string | null }> {
  const { client } = asUser(current);
  const { data, error } = await client.auth.getUser();
  if (error || !data.user) return { hasPassword: false, pendingEmail: null };
  const user = data.user;
  // Supabase keeps the asked-for address in new_email until its link is opened (or another change replaces it).
  const sentAt = user.email_change_sent_at ? Date.parse(user.email_change_sent_at) : NaN;
  const pending = !!user.new_email && user.new_email !== user.email && !(Date.now() - sentAt > EMAIL_CHANGE_MAX_MS);
  return {
    hasPassword: (user.identities ?? []).some((i) => i.provider === "email") || user.app_metadata?.provider === "email",
    pendingEmail: pending ? user.new_email! : null,
  };
}

/** The current password, proven with a throwaway sign-in that is revoked at once. */
async function assertPassword(current: CurrentSession, password: string | undefined) {
  if (!(await supabaseProfile(current)).hasPassword) return;
  const probe = supabaseClient(cookieJar(null));
  const { error } = await probe.auth.signInWithPassword({ email: current.user.email, password: password ?? "" });
  if (error) {
    if (error.status && error.status < 500) throw new UserError(400, PROFILE_TEXT.currentPasswordWrong, "currentPassword");
    throw new Error(`Supabase password check failed: ${error.message}`);
  }
  await probe.auth.signOut({ scope: "local" });
}

export async function supabaseUpdateProfile(current: CurrentSession, input: { fullName: string; avatarUrl?: string }): Promise<void> {
  const { client, save } = asUser(current);
  const { error } = await client.auth.updateUser({ data: { full_name: input.fullName, avatar_url: input.avatarUrl || null } });
  if (error) throw new Error(`Supabase profile update failed: ${error.message}`);
  await save();
}

export async function supabaseChangePassword(
  current: CurrentSession,
  input: { currentPassword?: string; password: string },
): Promise<void> {
  await assertPassword(current, input.currentPassword);
  const { client, save } = asUser(current);
  const { error } = await client.auth.updateUser({ password: input.password });
  if (error) {
    if (error.status && error.status < 500) throw new UserError(400, error.message, "password");
    throw new Error(`Supabase password change failed: ${error.message}`);
  }
  // Every other session ends, at Supabase too (the caller ends our rows).
  await client.auth.signOut({ scope: "others" });
  await save();
}

export async function supabaseRequestEmailChange(
  current: CurrentSession,
  input: { email: string; currentPassword?: string },
): Promise<void> {
  await assertPassword(current, input.currentPassword);
  const { client, save } = asUser(current);
  const { error } = await client.auth.updateUser({ email: input.email }, { emailRedirectTo: `${env().APP_URL}/account/confirm-email` });
  if (error) {
    if (error.code === "email_exists") throw new UserError(400, PROFILE_TEXT.emailTaken, "email");
    if (error.status && error.status < 500) throw new UserError(400, error.message, "email");
    throw new Error(`Supabase e-mail change failed: ${error.message}`);
  }
  await save();
}

/** The confirmation link of the new address (?token=<token hash>&type=email_change): spent here. */
export async function supabaseConfirmEmailChange(tokenHash: string): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  const bad = {
    ok: false as const,
    message: "This confirmation link is invalid or has expired. Request the change again from your profile.",
  };
  if (!tokenHash) return bad;
  const client = supabaseClient(cookieJar(null));
  const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: "email_change" });
  if (error || !data.user) return bad;
  // The link's own session is not needed: the visitor keeps the one they have (or none).
  await client.auth.signOut({ scope: "local" });
  const local = await ensureLocalUser(data.user);
  if (!local.ok) return { ok: false, message: "Another account now uses that e-mail address." };
  return { ok: true, email: data.user.email ?? "" };
}
