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
import type { IdentityBackend, ResetLink, ResetLinkCheck, VerifyLinkState } from "./types";

/**
 * Local accounts (the default): our users table with argon2id password hashes, our
 * single-use e-mail tokens and mails, remix-auth-oauth2 against Google and GitHub.
 * The flows themselves live in app/.server/auth; this puts them behind the interface.
 */

/** The reset e-mail's link: /reset-password?access_token=…&refresh_token=…&type=recovery. */
function resetLinkTokens(link: ResetLink) {
  const { accessToken, refreshToken } = link;
  return accessToken && refreshToken && link.type === "recovery" ? { accessToken, refreshToken } : null;
}

/** remix-auth-oauth2 reads a step of the flow from a Request: its URL and the state cookie. */
const oauthRequest = (url: string | URL, cookie: string | null) => new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

export const localIdentity: IdentityBackend = {
  name: "local",

  oauthProviders: async () => OAUTH_PROVIDERS.filter(isOAuthConfigured),

  signUp: (input) => signUpWithPassword(input),

  async signIn({ email, password }) {
    const result = await signInWithPassword(email, password);
    if (!result.ok) return result;
    return { ok: true, userId: result.user.id, setCookies: [] };
  },

  // Our session row is the whole session: the route ends it.
  signOut: async () => {},

  async checkVerifyLink(link, signedIn): Promise<VerifyLinkState> {
    const check = await checkToken("verify-email", link.token);
    if (check.ok) return { state: "ready", email: check.email };
    if (signedIn) return { state: "verified", email: signedIn.email };
    return { state: "invalid", message: check.reason === "expired" ? AUTH_TEXT.verifyLinkExpired : AUTH_TEXT.verifyLinkInvalid };
  },

  async verify(link) {
    const result = await verifyEmail(link.token);
    if (!result.ok) return result;
    return { ok: true, userId: result.userId, setCookies: [] };
  },

  resendVerification: (email) => resendVerification(email),

  async requestPasswordReset(email) {
    await requestPasswordReset(email);
    return [];
  },

  async checkResetLink(link): Promise<ResetLinkCheck> {
    const tokens = resetLinkTokens(link);
    if (!tokens) return { ok: false, message: AUTH_TEXT.resetLinkMissing };
    try {
      const check = await checkToken("reset-password", tokens.accessToken, tokens.refreshToken);
      return check.ok ? { ok: true } : { ok: false, message: AUTH_TEXT.resetLinkInvalid };
    } catch (error) {
      console.error("[auth] reset link check failed", error);
      return { ok: false, message: AUTH_TEXT.resetValidateFailed };
    }
  },

  async resetPassword(link, password) {
    const tokens = resetLinkTokens(link);
    if (!tokens) return { ok: false };
    return resetPassword({ ...tokens, password });
  },

  async oauthStart(provider, step) {
    const auth = oauthAuthenticator(provider);
    if (!auth) return redirect(oauthFailureHref(provider, "unconfigured"));
    // Only the start: a `state` in the start URL would make the library treat it as a return.
    const url = new URL(step.url);
    url.search = "";
    try {
      await auth.authenticate(provider, oauthRequest(url, step.cookie));
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      console.warn(`[oauth] ${provider}: could not start`, thrown);
    }
    return redirect(oauthFailureHref(provider, "failed"));
  },

  async oauthCallback(provider, step) {
    const auth = oauthAuthenticator(provider);
    if (!auth) return { ok: false, failure: "unconfigured", setCookies: [] };
    let profile: OAuthProfile;
    try {
      if (!new URL(step.url).searchParams.get("state")) throw new Error("the return carries no state");
      profile = await auth.authenticate(provider, oauthRequest(step.url, step.cookie));
    } catch (thrown) {
      // Denied at the provider, state or PKCE mismatch, provider down: the user just
      // sees that it failed; the log says why.
      console.warn(`[oauth] ${provider}: authentication failed:`, thrown instanceof Error ? thrown.message : thrown);
      return { ok: false, failure: "failed", setCookies: [] };
    }
    const account = await accountForOAuthProfile(profile);
    if (!account.ok) return { ok: false, failure: account.reason, setCookies: [] };
    // The library leaves its state cookies behind: expire them.
    const setCookies = oauthStateCookies(step.cookie, provider).map((name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    return { ok: true, userId: account.userId, setCookies };
  },
};
