import { redirect } from "@remix-run/node";
import { type AuthError, type User, isAuthApiError } from "@supabase/supabase-js";
import { and, eq, isNotNull } from "drizzle-orm";
import { normalizeEmail } from "~/lib/auth-validation";
import { markInviteUsed, signupGate } from "../beta/gate";
import { db, schema } from "../db";
import { env } from "../env";
import { retryMessage } from "../rate-limit";
import { acceptOpenInvitationsFor } from "../workspaces/invitations";
import { createUser, findUserById } from "../auth/accounts";
import { clearSignInFailures, recordSignInFailure, signInFailuresBlocked } from "../auth/limits";
import { AUTH_TEXT } from "../auth/messages";
import { OAUTH_PROVIDERS, type OAuthFailure, type OAuthProviderName, oauthFailureHref } from "../auth/oauth";
import { endSessionsOf } from "../auth/session";
import { hashToken } from "../auth/tokens";
import { type CookieJar, clearVerifiers, cookieJar, supabaseClient } from "./supabase-client";
import type {
  IdentityBackend,
  IdentitySession,
  ResetLink,
  ResetLinkCheck,
  SignInResult,
  SignUpResult,
  VerifyLink,
  VerifyLinkState,
} from "./types";

/**
 * Supabase Auth as the identity backend (IDENTITY=supabase, decision 018), through
 * @supabase/supabase-js and @supabase/ssr on the server. Supabase holds the passwords and
 * sends the account e-mails; our users table keeps a row per Supabase user under the same
 * id (made on the first sign-in, with a workspace, as for a local account), and our session
 * row keeps the Supabase session it stands for.
 */

const { users, authTokens } = schema;

/**
 * Verification and reset links spent through our pages, remembered (a hash of their token)
 * so that opening one again says it was used, as for a local account: Supabase cannot be
 * asked about a link without spending it.
 */
type SpentLink = "supabase-verify-spent" | "supabase-reset-spent";

async function linkWasSpent(tokenHash: string, purpose: SpentLink = "supabase-verify-spent"): Promise<boolean> {
  const [row] = await db()
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(tokenHash)), eq(authTokens.purpose, purpose), isNotNull(authTokens.usedAt)))
    .limit(1);
  return Boolean(row);
}

async function rememberSpent(
  tokenHash: string,
  userId: string,
  email: string,
  purpose: SpentLink = "supabase-verify-spent",
): Promise<void> {
  const now = new Date();
  await db()
    .insert(authTokens)
    .values({
      purpose,
      userId,
      email,
      tokenHash: hashToken(tokenHash),
      usedAt: now,
      expiresAt: new Date(now.getTime() + 7 * 86400_000),
    })
    .onConflictDoNothing();
}

/** An answer Supabase gave that is about the request (4xx), not about Supabase being unwell. */
const refused = (error: AuthError | null): boolean => !!error && isAuthApiError(error) && error.status < 500;

/** Anything else (5xx, network, timeout) is for the route's "unexpected error" answer. */
function unexpected(what: string, error: AuthError): Error {
  return new Error(`Supabase ${what} failed: ${error.status ?? "network"} ${error.code ?? ""} ${error.message}`.trim());
}

/** The spec's fallbacks for a name: full_name, then name, then the part of the e-mail before the @. */
export function displayName(user: Pick<User, "email" | "user_metadata">): string {
  const meta = user.user_metadata ?? {};
  for (const key of ["full_name", "name"]) {
    const v = meta[key];
    if (typeof v === "string" && v.trim()) return v.trim();
  }
  return (user.email ?? "").split("@")[0] ?? "";
}

export function avatarOf(user: Pick<User, "user_metadata">): string | null {
  const v = user.user_metadata?.avatar_url ?? user.user_metadata?.picture;
  return typeof v === "string" && v ? v : null;
}

export type LocalUserResult = { ok: true; userId: string } | { ok: false; reason: "signup-closed" | "failed" };

/**
 * Our row for a Supabase user, made the first time (through createUser, so with a workspace
 * and, for a confirmed address, the invitations it had), kept in step afterwards: the e-mail
 * (Supabase owns it) and its confirmation. `gate`: a first sign-in by OAuth is a sign-up,
 * which the beta gate may refuse.
 */
export async function ensureLocalUser(user: User, opts: { gate?: boolean } = {}): Promise<LocalUserResult> {
  const email = normalizeEmail(user.email ?? "");
  const confirmed = Boolean(user.email_confirmed_at);
  const existing = await findUserById(user.id);
  if (!existing) {
    let betaRequestId: string | null = null;
    if (opts.gate) {
      const gate = await signupGate(email, null);
      if (!gate.allowed) return { ok: false, reason: "signup-closed" };
      betaRequestId = gate.betaRequestId;
    }
    const created = await createUser({
      id: user.id,
      email,
      fullName: displayName(user),
      emailVerified: confirmed,
      avatarUrl: avatarOf(user),
    });
    if (!created) {
      console.warn(`[identity] Supabase user ${user.id}: another account already has its e-mail address`);
      return { ok: false, reason: "failed" };
    }
    if (betaRequestId) await markInviteUsed(betaRequestId);
    return { ok: true, userId: created.id };
  }
  const newlyConfirmed = confirmed && !existing.emailVerifiedAt;
  if (existing.email !== email || newlyConfirmed) {
    await db()
      .update(users)
      .set({ email, ...(newlyConfirmed ? { emailVerifiedAt: new Date() } : {}), updatedAt: new Date() })
      .where(eq(users.id, user.id));
  }
  if (newlyConfirmed) await acceptOpenInvitationsFor(user.id, email);
  return { ok: true, userId: user.id };
}

/** The jar's verifier cookies, to send with a redirect. */
function cookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const c of setCookies) headers.append("Set-Cookie", c);
  return headers;
}

/** After Supabase answered a session: our user row, and the session for the route to start (holding Supabase's). */
async function sessionFor(jar: CookieJar, user: User, opts: { gate?: boolean } = {}) {
  const local = await ensureLocalUser(user, opts);
  if (!local.ok) return local;
  clearVerifiers(jar);
  const session: IdentitySession = { userId: local.userId, identityState: { ...jar.stored }, setCookies: jar.setCookies };
  return { ok: true as const, ...session };
}

const appUrl = (path: string) => `${env().APP_URL}${path}`;

type ResetProof = { code: string } | { tokenHash: string } | { accessToken: string; refreshToken: string };

/** /reset-password's link in any of its forms: PKCE ?code=, ?token_hash=&type=recovery, or the spec's token pair. */
function resetProof(link: ResetLink): ResetProof | null {
  if (link.code) return { code: link.code };
  if (link.type !== "recovery") return null;
  if (link.tokenHash) return { tokenHash: link.tokenHash };
  if (link.accessToken && link.refreshToken) return { accessToken: link.accessToken, refreshToken: link.refreshToken };
  return null;
}

/** The link's one-time part, as remembered once spent. */
const proofKey = (p: ResetProof) => ("code" in p ? p.code : "tokenHash" in p ? p.tokenHash : p.accessToken);

const EMAIL_OTP_TYPES = ["signup", "email", "invite", "magiclink", "email_change"] as const;
type EmailOtpType = (typeof EMAIL_OTP_TYPES)[number];

const otpTypeOf = (link: VerifyLink): EmailOtpType =>
  (EMAIL_OTP_TYPES as readonly string[]).includes(link.type ?? "") ? (link.type as EmailOtpType) : "signup";

let providersCache: { at: number; list: OAuthProviderName[] } | null = null;

export const supabaseIdentity: IdentityBackend = {
  name: "supabase",

  /** The providers the Supabase project has switched on (its /settings), asked once a minute. */
  async oauthProviders() {
    if (providersCache && Date.now() - providersCache.at < 60_000) return providersCache.list;
    try {
      const res = await fetch(`${env().SUPABASE_URL}/auth/v1/settings`, {
        headers: { apikey: env().SUPABASE_ANON_KEY! },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const body = (await res.json()) as { external?: Record<string, boolean> };
      const list = OAUTH_PROVIDERS.filter((p) => body.external?.[p] === true);
      providersCache = { at: Date.now(), list };
      return list;
    } catch (error) {
      console.warn("[identity] could not read the Supabase project's settings:", error instanceof Error ? error.message : error);
      return providersCache?.list ?? [];
    }
  },

  async signUp(input): Promise<SignUpResult> {
    const gate = await signupGate(input.email, input.inviteCode);
    if (!gate.allowed) return { ok: false, message: gate.message, field: input.inviteCode ? "inviteCode" : undefined };
    const { error } = await supabaseClient(cookieJar(null)).auth.signUp({
      email: input.email,
      password: input.password,
      options: {
        data: { full_name: input.fullName.trim(), signup_method: "email_password" },
        emailRedirectTo: appUrl("/auth/verify"),
      },
    });
    if (error) {
      // An address that already has an account gets the same answer (no account discovery).
      if (error.code === "user_already_exists" || error.code === "email_exists") return { ok: true };
      if (error.code === "weak_password") return { ok: false, message: error.message };
      if (error.status === 429) return { ok: false, message: retryMessage(60) };
      throw unexpected("sign-up", error);
    }
    if (gate.betaRequestId) await markInviteUsed(gate.betaRequestId);
    return { ok: true };
  },

  async signIn({ email, password, cookie }): Promise<SignInResult> {
    const locked = await signInFailuresBlocked(email);
    if (locked !== null) return { ok: false, reason: "locked", retryAfterSeconds: locked };
    const jar = cookieJar(null, cookie);
    const { data, error } = await supabaseClient(jar).auth.signInWithPassword({ email, password });
    if (error) {
      if (error.code === "email_not_confirmed") {
        await clearSignInFailures(email);
        return { ok: false, reason: "unverified", message: AUTH_TEXT.emailNotVerified };
      }
      if (refused(error)) {
        await recordSignInFailure(email);
        return { ok: false, reason: "invalid", message: AUTH_TEXT.invalidCredentials };
      }
      throw unexpected("sign-in", error);
    }
    await clearSignInFailures(email);
    const started = await sessionFor(jar, data.user);
    if (!started.ok) return { ok: false, reason: "invalid", message: AUTH_TEXT.invalidCredentials };
    return started;
  },

  async signOut(identityState) {
    if (!identityState) return;
    // Revokes this session's refresh token at Supabase (the user's other devices stay signed in).
    const { error } = await supabaseClient(cookieJar(identityState)).auth.signOut({ scope: "local" });
    if (error) console.warn(`[identity] Supabase sign-out failed (${error.message}); our session ends anyway`);
  },

  async checkVerifyLink(link, signedIn): Promise<VerifyLinkState> {
    // Supabase cannot check a link without spending it: a signed-in, verified visitor is
    // told so; anyone else gets the confirm button, and the post says if the link was bad.
    if (signedIn?.emailVerified) return { state: "verified", email: signedIn.email };
    if (!link.token || (await linkWasSpent(link.token))) return { state: "invalid", message: AUTH_TEXT.verifyLinkInvalid };
    return { state: "ready", email: link.email };
  },

  async verify(link, cookie) {
    const tokenHash = link.token;
    if (!tokenHash) return { ok: false, message: AUTH_TEXT.verifyLinkInvalid };
    const jar = cookieJar(null, cookie);
    const { data, error } = await supabaseClient(jar).auth.verifyOtp({ token_hash: tokenHash, type: otpTypeOf(link) });
    if (error || !data.user) {
      if (error && !refused(error)) throw unexpected("verification", error);
      return { ok: false, message: AUTH_TEXT.verifyLinkInvalid };
    }
    const started = await sessionFor(jar, data.user);
    if (!started.ok) return { ok: false, message: AUTH_TEXT.verifyLinkInvalid };
    await rememberSpent(tokenHash, started.userId, normalizeEmail(data.user.email ?? ""));
    return started;
  },

  async resendVerification(email) {
    const { error } = await supabaseClient(cookieJar(null)).auth.resend({
      type: "signup",
      email,
      options: { emailRedirectTo: appUrl("/auth/verify") },
    });
    if (error && !refused(error)) throw unexpected("resend", error);
  },

  async requestPasswordReset(email, cookie) {
    const jar = cookieJar(null, cookie);
    const { error } = await supabaseClient(jar).auth.resetPasswordForEmail(email, { redirectTo: appUrl("/reset-password") });
    if (error && !refused(error)) throw unexpected("password recovery", error);
    // The PKCE verifier of the recovery: the default template's link (?code=) needs it back.
    return jar.setCookies;
  },

  async checkResetLink(link, cookie): Promise<ResetLinkCheck> {
    const proof = resetProof(link);
    if (!proof) return { ok: false, message: AUTH_TEXT.resetLinkMissing };
    if (await linkWasSpent(proofKey(proof), "supabase-reset-spent")) return { ok: false, message: AUTH_TEXT.resetLinkInvalid };
    if ("code" in proof) {
      // Only the browser that asked holds the verifier the code needs.
      const jar = cookieJar(null, cookie);
      return Object.keys(jar.browser).length > 0 ? { ok: true } : { ok: false, message: AUTH_TEXT.resetLinkInvalid };
    }
    if ("accessToken" in proof) {
      const { error } = await supabaseClient(cookieJar(null)).auth.getUser(proof.accessToken);
      if (!error) return { ok: true };
      if (refused(error)) return { ok: false, message: AUTH_TEXT.resetLinkInvalid };
      console.warn(`[identity] reset link check failed: ${error.message}`);
      return { ok: false, message: AUTH_TEXT.resetValidateFailed };
    }
    // A token hash cannot be checked without spending it: the post does.
    return { ok: true };
  },

  async resetPassword(link, password, cookie) {
    const proof = resetProof(link);
    if (!proof) return { ok: false };
    const jar = cookieJar(null, cookie);
    const supabase = supabaseClient(jar);
    const opened =
      "code" in proof
        ? await supabase.auth.exchangeCodeForSession(proof.code)
        : "tokenHash" in proof
          ? await supabase.auth.verifyOtp({ token_hash: proof.tokenHash, type: "recovery" })
          : await supabase.auth.setSession({ access_token: proof.accessToken, refresh_token: proof.refreshToken });
    if (opened.error || !opened.data.user) {
      console.warn(`[identity] reset link refused: ${opened.error?.message ?? "no user"}`);
      return { ok: false };
    }
    const { error } = await supabase.auth.updateUser({ password });
    if (error) {
      console.warn(`[identity] new password refused: ${error.message}`);
      return { ok: false };
    }
    // As with local accounts: every session ends (at Supabase too), the address counts as
    // proven, and the failed sign-ins counted against it are forgotten.
    const local = await ensureLocalUser({
      ...opened.data.user,
      email_confirmed_at: opened.data.user.email_confirmed_at ?? new Date().toISOString(),
    });
    await supabase.auth.signOut({ scope: "global" });
    if (local.ok) {
      await endSessionsOf(local.userId);
      await rememberSpent(proofKey(proof), local.userId, normalizeEmail(opened.data.user.email ?? ""), "supabase-reset-spent");
    }
    await clearSignInFailures(normalizeEmail(opened.data.user.email ?? ""));
    clearVerifiers(jar);
    return { ok: true, setCookies: jar.setCookies };
  },

  async oauthStart(provider, step) {
    const jar = cookieJar(null, step.cookie);
    const { data, error } = await supabaseClient(jar).auth.signInWithOAuth({
      provider,
      options: { redirectTo: appUrl(`/auth/callback/${provider}`), skipBrowserRedirect: true },
    });
    if (error || !data.url) {
      console.warn(`[oauth] ${provider} through Supabase: could not start`, error?.message);
      return redirect(oauthFailureHref(provider, "failed"));
    }
    return redirect(data.url, { headers: cookieHeaders(jar.setCookies) });
  },

  async oauthCallback(provider, step) {
    const q = new URL(step.url).searchParams;
    const jar = cookieJar(null, step.cookie);
    const fail = (failure: OAuthFailure) => {
      clearVerifiers(jar);
      return { ok: false as const, failure, setCookies: jar.setCookies };
    };
    const code = q.get("code");
    if (!code) {
      // Refused at the provider or at Supabase: the user sees that it failed; the log says why.
      console.warn(`[oauth] ${provider} through Supabase: ${q.get("error") ?? "no code"} ${q.get("error_description") ?? ""}`);
      return fail("failed");
    }
    const supabase = supabaseClient(jar);
    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    if (error || !data.user) {
      console.warn(`[oauth] ${provider} through Supabase: the code exchange failed:`, error?.message);
      return fail("failed");
    }
    const started = await sessionFor(jar, data.user, { gate: true });
    if (!started.ok) {
      await supabase.auth.signOut({ scope: "local" });
      return fail(started.reason);
    }
    return started;
  },
};
