import type { OAuthProviderName } from "../auth/oauth";

/**
 * What the account screens ask of an identity backend (decision 018). Two implementations:
 * local accounts (local.ts, the default) and Supabase Auth (supabase.ts), picked by IDENTITY.
 * Like auth/session.ts, this is the boundary that reads the browser's cookies, so the
 * operations that start, use or end a session take the `Request` and answer `Headers` to send.
 * Our own rules (rate limits, form schemas with the weak-password list, the beta gate, the
 * Origin check) run before any of these are called and hold in both modes.
 */
export type IdentityName = "local" | "supabase";

export type SignUpInput = { fullName: string; email: string; password: string; inviteCode?: string | null };
export type SignUpResult = { ok: true } | { ok: false; message: string; field?: "inviteCode" };

export type SignInResult =
  | { ok: true; userId: string; headers: Headers }
  | { ok: false; reason: "invalid" | "unverified"; message: string }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

export type VerifyLinkState =
  | { state: "ready"; email: string }
  | { state: "invalid"; message: string }
  /** A spent link opened by someone already signed in: only verified accounts can be. */
  | { state: "verified"; email: string };

export type VerifyResult = { ok: true; userId: string; headers: Headers } | { ok: false; message: string };

export type ResetLinkCheck = { ok: true } | { ok: false; message: string };

export interface IdentityBackend {
  readonly name: IdentityName;

  /** The OAuth providers whose buttons the auth form shows. */
  oauthProviders(): Promise<OAuthProviderName[]>;

  signUp(input: SignUpInput): Promise<SignUpResult>;
  signIn(request: Request, email: string, password: string): Promise<SignInResult>;
  /** Ends the browser's session (and, at Supabase, revokes it); the headers clear the cookie. */
  signOut(request: Request): Promise<Headers>;

  /** The verification e-mail's link, opened: nothing is spent. */
  checkVerifyLink(request: Request): Promise<VerifyLinkState>;
  /** The verification page's post: spends the link, marks the e-mail verified, signs in. */
  verify(request: Request, form: FormData): Promise<VerifyResult>;
  /** Always "sent" (no account discovery). */
  resendVerification(email: string): Promise<void>;

  /** Mails a reset link to /reset-password (nothing when no account has the e-mail); headers to send, if any. */
  requestPasswordReset(email: string, request: Request): Promise<Headers | null>;
  /** /reset-password opened: is the link usable? */
  checkResetLink(request: Request): Promise<ResetLinkCheck>;
  /** /reset-password posted: sets the password with the link's proof; every session of the account ends. */
  resetPassword(request: Request, password: string): Promise<{ ok: boolean; headers?: Headers }>;

  /** /auth/oauth/<provider>: a redirect to the provider, or back to /auth with the reason. */
  oauthStart(request: Request, provider: OAuthProviderName): Promise<Response>;
  /** /auth/callback/<provider>: signs in and goes on to /dashboard, or back to /auth with the reason. */
  oauthCallback(request: Request, provider: OAuthProviderName): Promise<Response>;
}
