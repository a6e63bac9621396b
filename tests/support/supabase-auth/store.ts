/**
 * The state of the local Supabase Auth server (../supabase-auth-server.ts): its users, sessions,
 * refresh tokens, PKCE flows and one-time (mailed) tokens, and how they are issued, signed,
 * checked and spent. No HTTP here beyond reading the Bearer header of a request.
 */
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import type http from "node:http";

export type GoTrueMail = { to: string; subject: string; text: string; link: string };

export type OAuthProviderConfig = {
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
};

export type SupabaseAuthServerOptions = {
  port: number;
  jwtSecret: string;
  /** The project's Site URL (Atelier's APP_URL): where the mail links point. */
  siteUrl: string;
  /** Redirect URLs the project allows besides the site URL's origin. */
  additionalRedirectOrigins?: string[];
  sendMail: (mail: GoTrueMail) => Promise<void>;
  providers?: Partial<Record<"google" | "github", OAuthProviderConfig>>;
  accessTokenSeconds?: number;
  defaultTemplates?: boolean;
};

export type StoredUser = {
  id: string;
  email: string;
  password: string | null;
  emailConfirmedAt: string | null;
  newEmail: string | null;
  /** When the change to newEmail was mailed (GoTrue's email_change_sent_at). */
  emailChangeSentAt?: string | null;
  userMetadata: Record<string, unknown>;
  provider: string;
  providers: string[];
  identities: Array<{ provider: string; id: string }>;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
};

export type OneTimeToken = {
  userId: string;
  type: "signup" | "recovery" | "email_change";
  expiresAt: number;
  flowId?: string;
  redirectTo: string;
};
export type FlowState = {
  id: string;
  challenge: string;
  method: string;
  userId?: string;
  provider?: string;
  redirectTo: string;
  authCode?: string;
  authenticationMethod: string;
  providerVerifier?: string;
};
type RefreshToken = { userId: string; sessionId: string; revoked: boolean };

export const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
export const sha256url = (s: string) => createHash("sha256").update(s).digest("base64url");
const tokenHashOf = (token: string) => createHash("sha224").update(token).digest("hex");

export class HttpError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

export class AuthStore {
  readonly users = new Map<string, StoredUser>();
  readonly mails: GoTrueMail[] = [];
  protected tokens = new Map<string, OneTimeToken>();
  protected flows = new Map<string, FlowState>();
  protected refreshTokens = new Map<string, RefreshToken>();
  protected sessions = new Set<string>();
  protected notBefore = 0;

  constructor(protected options: SupabaseAuthServerOptions) {}

  get url(): string {
    return `http://localhost:${this.options.port}`;
  }

  /** Every access token issued until now is expired (the SDK must refresh). */
  expireAccessTokens() {
    this.notBefore = Math.floor(Date.now() / 1000) + 1;
  }

  /** Revokes every refresh token (and session) of the user with that e-mail. */
  revokeSessionsOf(email: string) {
    const user = this.userByEmail(email);
    if (!user) return;
    for (const [, t] of this.refreshTokens) {
      if (t.userId !== user.id) continue;
      t.revoked = true;
      this.sessions.delete(t.sessionId);
    }
  }

  userByEmail(email: string): StoredUser | undefined {
    return [...this.users.values()].find((u) => u.email === email.toLowerCase());
  }

  // ---- users and sessions ----
  protected userJson(u: StoredUser) {
    return {
      id: u.id,
      aud: "authenticated",
      role: "authenticated",
      email: u.email,
      email_confirmed_at: u.emailConfirmedAt ?? undefined,
      confirmed_at: u.emailConfirmedAt ?? undefined,
      new_email: u.newEmail ?? undefined,
      email_change_sent_at: u.emailChangeSentAt ?? undefined,
      phone: "",
      last_sign_in_at: u.lastSignInAt ?? undefined,
      app_metadata: { provider: u.provider, providers: u.providers },
      user_metadata: u.userMetadata,
      identities: u.identities.map((i) => ({
        identity_id: randomUUID(),
        id: i.id,
        user_id: u.id,
        provider: i.provider,
        identity_data: { sub: i.id, email: u.email },
      })),
      created_at: u.createdAt,
      updated_at: u.updatedAt,
      is_anonymous: false,
    };
  }

  protected sign(claims: Record<string, unknown>): string {
    const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const body = b64url(JSON.stringify(claims));
    const sig = createHmac("sha256", this.options.jwtSecret).update(`${head}.${body}`).digest("base64url");
    return `${head}.${body}.${sig}`;
  }

  protected verifyJwt(token: string): Record<string, unknown> | null {
    const [head, body, sig] = token.split(".");
    if (!head || !body || !sig) return null;
    const expected = createHmac("sha256", this.options.jwtSecret).update(`${head}.${body}`).digest("base64url");
    if (expected !== sig) return null;
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
  }

  protected issueSession(user: StoredUser, method: string, sessionId: string = randomUUID()) {
    const now = Math.floor(Date.now() / 1000);
    const ttl = this.options.accessTokenSeconds ?? 3600;
    this.sessions.add(sessionId);
    const refresh = b64url(randomBytes(16));
    this.refreshTokens.set(refresh, { userId: user.id, sessionId, revoked: false });
    user.lastSignInAt = new Date().toISOString();
    const accessToken = this.sign({
      aud: "authenticated",
      exp: now + ttl,
      iat: now,
      iss: `${this.url}/auth/v1`,
      sub: user.id,
      email: user.email,
      phone: "",
      app_metadata: { provider: user.provider, providers: user.providers },
      user_metadata: user.userMetadata,
      role: "authenticated",
      aal: "aal1",
      amr: [{ method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    });
    return {
      access_token: accessToken,
      token_type: "bearer",
      expires_in: ttl,
      expires_at: now + ttl,
      refresh_token: refresh,
      user: this.userJson(user),
    };
  }

  protected authenticate(req: http.IncomingMessage): { user: StoredUser; sessionId: string } {
    const auth = req.headers.authorization ?? "";
    const claims = auth.startsWith("Bearer ") ? this.verifyJwt(auth.slice(7)) : null;
    if (!claims || typeof claims.sub !== "string") throw new HttpError(401, "bad_jwt", "invalid JWT: unable to parse or verify signature");
    const exp = Number(claims.exp);
    if (exp * 1000 < Date.now() || Number(claims.iat) < this.notBefore) {
      throw new HttpError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired");
    }
    const sessionId = String(claims.session_id);
    if (!this.sessions.has(sessionId)) throw new HttpError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    const user = this.users.get(claims.sub);
    if (!user) throw new HttpError(403, "user_not_found", "User from sub claim in JWT does not exist");
    return { user, sessionId };
  }

  protected redirectTarget(url: URL, given?: unknown): string {
    const wanted = typeof given === "string" && given ? given : (url.searchParams.get("redirect_to") ?? "");
    if (!wanted) return this.options.siteUrl;
    try {
      const origin = new URL(wanted).origin;
      const allowed = [new URL(this.options.siteUrl).origin, ...(this.options.additionalRedirectOrigins ?? [])];
      return allowed.includes(origin) ? wanted : this.options.siteUrl;
    } catch {
      return this.options.siteUrl;
    }
  }

  protected flowFrom(body: Record<string, unknown>, redirectTo: string, authenticationMethod: string): FlowState | undefined {
    const challenge = typeof body.code_challenge === "string" ? body.code_challenge : "";
    if (!challenge) return undefined;
    const flow: FlowState = {
      id: randomUUID(),
      challenge,
      method: String(body.code_challenge_method ?? "s256").toLowerCase(),
      redirectTo,
      authenticationMethod,
    };
    this.flows.set(flow.id, flow);
    return flow;
  }

  protected async mailToken(user: StoredUser, type: OneTimeToken["type"], redirectTo: string, flow?: FlowState, to = user.email) {
    const token = b64url(randomBytes(24));
    const hash = tokenHashOf(token);
    if (flow) flow.userId = user.id;
    this.tokens.set(hash, { userId: user.id, type, expiresAt: Date.now() + 24 * 3600_000, flowId: flow?.id, redirectTo });
    const site = this.options.siteUrl.replace(/\/+$/, "");
    const confirmationUrl = `${this.url}/auth/v1/verify?${new URLSearchParams({ token: hash, type, redirect_to: redirectTo })}`;
    const custom = {
      signup: `${site}/auth/verify?${new URLSearchParams({ token: hash, type: "signup", email: to })}`,
      recovery: `${site}/reset-password?${new URLSearchParams({ token_hash: hash, type: "recovery" })}`,
      email_change: `${site}/account/confirm-email?${new URLSearchParams({ token: hash, type: "email_change" })}`,
    }[type];
    const link = this.options.defaultTemplates ? confirmationUrl : custom;
    const subject = {
      signup: "Verify your email address for Atelier",
      recovery: "Reset your Atelier password",
      email_change: "Confirm your new Atelier e-mail address",
    }[type];
    const mail = { to, subject, text: `Follow this link:\n\n${link}\n`, link };
    this.mails.push(mail);
    await this.options.sendMail(mail);
  }

  protected spendToken(hash: string, type: string): OneTimeToken {
    const t = this.tokens.get(hash);
    const sameType = t && (t.type === type || (type === "email" && t.type === "signup") || (type === "signup" && t.type === "signup"));
    if (!t || !sameType || t.expiresAt < Date.now()) throw new HttpError(403, "otp_expired", "Email link is invalid or has expired");
    this.tokens.delete(hash);
    return t;
  }

  protected confirm(user: StoredUser, t: OneTimeToken) {
    const now = new Date().toISOString();
    if (t.type === "email_change" && user.newEmail) {
      user.email = user.newEmail;
      user.newEmail = null;
      user.emailChangeSentAt = null;
    }
    user.emailConfirmedAt ??= now;
    user.updatedAt = now;
  }
}
