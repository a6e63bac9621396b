import { redirect } from "@remix-run/node";
import {
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signInWithPassword,
  signUpWithPassword,
  verifyEmail,
} from "../auth/email-auth";
import { AUTH_TEXT } from "../auth/messages";
import {
  OAUTH_PROVIDERS,
  type OAuthProfile,
  accountForOAuthProfile,
  isOAuthConfigured,
  oauthAuthenticator,
  oauthFailureHref,
  oauthStateCookies,
} from "../auth/oauth";
import { checkToken } from "../auth/one-time-tokens";
import { getUser, signIn, signOut } from "../auth/session";
import { redirectWithToast } from "../http/flash";
import type { IdentityBackend, ResetLinkCheck, VerifyLinkState } from "./types";

/**
 * Local accounts (the default): our users table with argon2id password hashes, our
 * single-use e-mail tokens and mails, remix-auth-oauth2 against Google and GitHub.
 * The flows themselves live in app/.server/auth; this puts them behind the interface.
 */

/** The reset e-mail's link: /reset-password?access_token=…&refresh_token=…&type=recovery. */
function resetLinkTokens(request: Request) {
  const q = new URL(request.url).searchParams;
  const accessToken = q.get("access_token") ?? "";
  const refreshToken = q.get("refresh_token") ?? "";
  const complete = Boolean(accessToken && refreshToken && q.get("type") === "recovery");
  return complete ? { accessToken, refreshToken } : null;
}

export const localIdentity: IdentityBackend = {
  name: "local",

  oauthProviders: async () => OAUTH_PROVIDERS.filter(isOAuthConfigured),

  signUp: (input) => signUpWithPassword(input),

  async signIn(request, email, password) {
    const result = await signInWithPassword(email, password);
    if (!result.ok) return result;
    return { ok: true, userId: result.user.id, headers: await signIn(request, result.user.id) };
  },

  signOut: (request) => signOut(request),

  async checkVerifyLink(request): Promise<VerifyLinkState> {
    const token = new URL(request.url).searchParams.get("token") ?? "";
    const check = await checkToken("verify-email", token);
    if (check.ok) return { state: "ready", email: check.email };
    const user = await getUser(request);
    if (user) return { state: "verified", email: user.email };
    return { state: "invalid", message: check.reason === "expired" ? AUTH_TEXT.verifyLinkExpired : AUTH_TEXT.verifyLinkInvalid };
  },

  async verify(request, form) {
    const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
    const result = await verifyEmail(token);
    if (!result.ok) return result;
    return { ok: true, userId: result.userId, headers: await signIn(request, result.userId) };
  },

  resendVerification: (email) => resendVerification(email),

  async requestPasswordReset(email) {
    await requestPasswordReset(email);
    return null;
  },

  async checkResetLink(request): Promise<ResetLinkCheck> {
    const tokens = resetLinkTokens(request);
    if (!tokens) return { ok: false, message: AUTH_TEXT.resetLinkMissing };
    try {
      const check = await checkToken("reset-password", tokens.accessToken, tokens.refreshToken);
      return check.ok ? { ok: true } : { ok: false, message: AUTH_TEXT.resetLinkInvalid };
    } catch (error) {
      console.error("[auth] reset link check failed", error);
      return { ok: false, message: AUTH_TEXT.resetValidateFailed };
    }
  },

  async resetPassword(request, password) {
    const tokens = resetLinkTokens(request);
    if (!tokens) return { ok: false };
    return resetPassword({ ...tokens, password });
  },

  async oauthStart(request, provider) {
    const auth = oauthAuthenticator(provider);
    if (!auth) return redirect(oauthFailureHref(provider, "unconfigured"));
    // Only the start: a `state` in the start URL would make the library treat it as a return.
    const url = new URL(request.url);
    url.search = "";
    try {
      await auth.authenticate(provider, new Request(url, { headers: request.headers }));
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      console.warn(`[oauth] ${provider}: could not start`, thrown);
    }
    return redirect(oauthFailureHref(provider, "failed"));
  },

  async oauthCallback(request, provider) {
    const auth = oauthAuthenticator(provider);
    if (!auth) return redirect(oauthFailureHref(provider, "unconfigured"));
    let profile: OAuthProfile;
    try {
      if (!new URL(request.url).searchParams.get("state")) throw new Error("the return carries no state");
      profile = await auth.authenticate(provider, request);
    } catch (thrown) {
      // Denied at the provider, state or PKCE mismatch, provider down: the user just
      // sees that it failed; the log says why.
      console.warn(`[oauth] ${provider}: authentication failed:`, thrown instanceof Error ? thrown.message : thrown);
      return redirect(oauthFailureHref(provider, "failed"));
    }
    const account = await accountForOAuthProfile(profile);
    if (!account.ok) return redirect(oauthFailureHref(provider, account.reason));
    const headers = await signIn(request, account.userId);
    // The library leaves its state cookies behind: expire them.
    for (const name of oauthStateCookies(request.headers.get("Cookie"), provider)) {
      headers.append("Set-Cookie", `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    }
    return redirectWithToast("/dashboard", { title: AUTH_TEXT.signedIn, variant: "success" }, { headers });
  },
};
