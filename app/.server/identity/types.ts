import type { OAuthFailure, OAuthProviderName } from "../auth/oauth";

/**
 * What the account screens ask of an identity backend (decision 018). Two implementations:
 * local accounts (local.ts, the default) and Supabase Auth (supabase.ts), picked by IDENTITY.
 * Backends take plain values (decision 026): the form's parsed fields, the link's parameters
 * (links.ts reads them from the URL) and, where a flow keeps state in the browser, the
 * Cookie header as a string. They never see the `Request`: the auth routes read it, and start
 * or end our session themselves (auth/session.ts) with what a backend answers. Our own rules
 * (rate limits, form schemas with the weak-password list, the beta gate, the Origin check)
 * run before any of these are called and hold in both modes.
 */
export type IdentityName = "local" | "supabase";

/** The Cookie header the browser sent (null: none), for the flows that keep state there. */
export type CookieHeader = string | null;

/**
 * A sign-in the backend vouched for: the route starts our session for `userId` (with the
 * backend's own state, kept server-side with it) and sends `setCookies` after our cookie.
 */
export type IdentitySession = { userId: string; identityState?: Record<string, string>; setCookies: string[] };

export type SignUpInput = { fullName: string; email: string; password: string; inviteCode?: string | null };
export type SignUpResult = { ok: true } | { ok: false; message: string; field?: "inviteCode" };

export type SignInResult =
  | ({ ok: true } & IdentitySession)
  | { ok: false; reason: "invalid" | "unverified"; message: string }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

/** The verification e-mail's link, read by links.ts: its token (a token hash at Supabase), type and address. */
export type VerifyLink = { token: string; type: string | null; email: string };

/** Who is signed in on the browser that opened a verification link, if anyone. */
export type SignedIn = { email: string; emailVerified: boolean } | null;

export type VerifyLinkState =
  | { state: "ready"; email: string }
  | { state: "invalid"; message: string }
  /** A spent link opened by someone already signed in: only verified accounts can be. */
  | { state: "verified"; email: string };

export type VerifyResult = ({ ok: true } & IdentitySession) | { ok: false; message: string };

/** /reset-password's link parameters, read by links.ts; which of them a backend needs is its own business. */
export type ResetLink = {
  type: string | null;
  code: string | null;
  tokenHash: string | null;
  accessToken: string | null;
  refreshToken: string | null;
};

export type ResetLinkCheck = { ok: true } | { ok: false; message: string };

/** An OAuth flow's step: the URL the browser opened (the start, or the callback with the provider's answer) and its cookies. */
export type OAuthStep = { url: string; cookie: CookieHeader };

export type OAuthCallbackResult = ({ ok: true } & IdentitySession) | { ok: false; failure: OAuthFailure; setCookies: string[] };

export interface IdentityBackend {
  readonly name: IdentityName;

  /** The OAuth providers whose buttons the auth form shows. */
  oauthProviders(): Promise<OAuthProviderName[]>;

  signUp(input: SignUpInput): Promise<SignUpResult>;
  signIn(input: { email: string; password: string; cookie: CookieHeader }): Promise<SignInResult>;
  /** Ends the session at the backend (at Supabase, revokes it); the route ends ours. */
  signOut(identityState: Record<string, string> | null): Promise<void>;

  /** The verification e-mail's link, opened: nothing is spent. */
  checkVerifyLink(link: VerifyLink, signedIn: SignedIn): Promise<VerifyLinkState>;
  /** The verification page's post: spends the link, marks the e-mail verified, signs in. */
  verify(link: VerifyLink, cookie: CookieHeader): Promise<VerifyResult>;
  /** Always "sent" (no account discovery). */
  resendVerification(email: string): Promise<void>;

  /** Mails a reset link to /reset-password (nothing when no account has the e-mail); the cookies to send, if any. */
  requestPasswordReset(email: string, cookie: CookieHeader): Promise<string[]>;
  /** /reset-password opened: is the link usable? */
  checkResetLink(link: ResetLink, cookie: CookieHeader): Promise<ResetLinkCheck>;
  /** /reset-password posted: sets the password with the link's proof; every session of the account ends. */
  resetPassword(link: ResetLink, password: string, cookie: CookieHeader): Promise<{ ok: boolean; setCookies?: string[] }>;

  /** /auth/oauth/<provider>: a redirect to the provider, or back to /auth with the reason. */
  oauthStart(provider: OAuthProviderName, step: OAuthStep): Promise<Response>;
  /** /auth/callback/<provider>: the account to sign in, or why not. */
  oauthCallback(provider: OAuthProviderName, step: OAuthStep): Promise<OAuthCallbackResult>;
}
