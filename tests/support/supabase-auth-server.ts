/**
 * A local Supabase Auth (GoTrue) server for the tests: the parts of its HTTP API that
 * @supabase/supabase-js's auth client calls from Atelier's Supabase identity backend
 * (app/.server/identity/supabase.ts), after the published OpenAPI document of
 * supabase/auth. Everything lives under /auth/v1, as on a Supabase project:
 *
 *   GET  /settings                       which providers are on, sign-ups open, no autoconfirm
 *   POST /signup                         {email, password, data, code_challenge?}: an unconfirmed user, a confirmation mail
 *   POST /token?grant_type=password      {email, password}
 *   POST /token?grant_type=refresh_token {refresh_token} (rotated: a used one is refused)
 *   POST /token?grant_type=pkce          {auth_code, code_verifier}
 *   POST /logout?scope=global|local|others   (Bearer access token)
 *   GET  /user, PUT /user                {email?, password?, data?}; an e-mail change mails the new address
 *   POST /recover                        {email, code_challenge?}: a recovery mail (nothing for an unknown address)
 *   POST /resend                         {type: signup, email}
 *   POST /verify                         {type, token_hash}: a session (verifyOtp)
 *   GET  /verify?token&type&redirect_to  the default templates' link: to redirect_to?code= (PKCE) or #access_token= (implicit)
 *   GET  /authorize?provider&redirect_to&code_challenge   to the provider (the local OAuth2 server)
 *   GET  /callback?code&state            the provider's return: finds or creates the user, to redirect_to?code=
 *   POST /__fail   {path, status?, delayMs?, times?}   the next matching requests fail (5xx or a stall)
 *   POST /__expire {}                    every access token issued so far counts as expired
 *   POST /__revoke {email}               every refresh token of that user is revoked
 *
 * Tokens are HS256 JWTs signed with `jwtSecret` (the project's JWT secret), with the claims
 * a Supabase access token carries (sub, aud, role, email, session_id, exp). Errors use the
 * 2024-01-01 API shape ({code, message} with X-Supabase-Api-Version), which the SDK reads.
 * Mails go through `sendMail` (the e2e stack hands it the SMTP sink; vitest keeps a list).
 * The mail links follow the templates README asks a project to set:
 *   confirm signup: {{ .SiteURL }}/auth/verify?token={{ .TokenHash }}&type=signup&email={{ .Email }}
 *   reset password: {{ .SiteURL }}/reset-password?token_hash={{ .TokenHash }}&type=recovery
 *   change e-mail:  {{ .SiteURL }}/account/confirm-email?token={{ .TokenHash }}&type=email_change
 * unless `defaultTemplates` is set, when they are GoTrue's own {{ .ConfirmationURL }} (GET /verify).
 * Differences from the hosted service: no rate limits (Atelier's own limits are what the tests
 * check), no captcha, no MFA, no phone, one JWT secret, users kept in memory.
 */
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";

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

type OneTimeToken = {
  userId: string;
  type: "signup" | "recovery" | "email_change";
  expiresAt: number;
  flowId?: string;
  redirectTo: string;
};
type FlowState = {
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
type Failure = { path: string; status?: number; delayMs?: number; times: number };

const API_VERSION = "2024-01-01";
const b64url = (buf: Buffer | string) => Buffer.from(buf).toString("base64url");
const sha256url = (s: string) => createHash("sha256").update(s).digest("base64url");
const tokenHashOf = (token: string) => createHash("sha224").update(token).digest("hex");

class HttpError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

export class SupabaseAuthServer {
  readonly users = new Map<string, StoredUser>();
  readonly mails: GoTrueMail[] = [];
  private tokens = new Map<string, OneTimeToken>();
  private flows = new Map<string, FlowState>();
  private refreshTokens = new Map<string, RefreshToken>();
  private sessions = new Set<string>();
  private failures: Failure[] = [];
  private notBefore = 0;
  private server?: http.Server;

  constructor(private options: SupabaseAuthServerOptions) {}

  get url(): string {
    return `http://localhost:${this.options.port}`;
  }

  // ---- controls for tests ----
  /** The next `times` requests whose path ends with `path` answer `status` (default 500), or stall `delayMs` first. */
  failNext(path: string, opts: { status?: number; delayMs?: number; times?: number } = {}) {
    this.failures.push({ path, status: opts.status, delayMs: opts.delayMs, times: opts.times ?? 1 });
  }

  clearFailures() {
    this.failures.length = 0;
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

  start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (error instanceof HttpError) return this.error(res, error.status, error.code, error.message);
        this.error(res, 500, "unexpected_failure", error instanceof Error ? error.message : String(error));
      });
    });
    return new Promise((resolve) => this.server!.listen(this.options.port, "127.0.0.1", () => resolve()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  // ---- HTTP ----
  private json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "x-supabase-api-version": API_VERSION });
    res.end(body === undefined ? "" : JSON.stringify(body));
  }

  private error(res: http.ServerResponse, status: number, code: string, message: string) {
    if (res.headersSent) return res.end();
    this.json(res, status, { code, message });
  }

  private redirect(res: http.ServerResponse, location: string) {
    res.writeHead(303, { location });
    res.end();
  }

  private async body(req: http.IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    if (!text) return {};
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, "bad_json", "Could not parse request body as JSON");
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const path = url.pathname.replace(/^\/auth\/v1/, "");
    const failure = this.failures.find((f) => path.endsWith(f.path) && !path.startsWith("/__"));
    if (failure) {
      if (--failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
      if (failure.delayMs) await new Promise((r) => setTimeout(r, failure.delayMs));
      if (failure.status || !failure.delayMs) return this.error(res, failure.status ?? 500, "unexpected_failure", "Internal Server Error");
    }
    const method = req.method ?? "GET";
    const route = `${method} ${path}`;
    switch (route) {
      case "GET /health":
        return this.json(res, 200, { version: "local", name: "GoTrue" });
      case "GET /settings":
        return this.json(res, 200, {
          external: { email: true, phone: false, google: !!this.options.providers?.google, github: !!this.options.providers?.github },
          disable_signup: false,
          mailer_autoconfirm: false,
          phone_autoconfirm: false,
          sms_provider: "",
          saml_enabled: false,
        });
      case "POST /signup":
        return this.signup(res, await this.body(req), url);
      case "POST /token":
        return this.token(res, await this.body(req), url.searchParams.get("grant_type"));
      case "POST /logout":
        return this.logout(req, res, url.searchParams.get("scope") ?? "global");
      case "GET /user":
        return this.json(res, 200, this.userJson(this.authenticate(req).user));
      case "PUT /user":
        return this.updateUser(req, res, await this.body(req));
      case "POST /recover":
        return this.recover(res, await this.body(req), url);
      case "POST /resend":
        return this.resend(res, await this.body(req), url);
      case "POST /verify":
        return this.verifyPost(res, await this.body(req));
      case "GET /verify":
        return this.verifyGet(res, url);
      case "GET /authorize":
        return this.authorize(res, url);
      case "GET /callback":
        return this.callback(res, url);
      case "POST /__fail": {
        const b = await this.body(req);
        this.failNext(String(b.path), { status: b.status as number, delayMs: b.delayMs as number, times: b.times as number });
        return this.json(res, 200, {});
      }
      case "POST /__expire":
        this.expireAccessTokens();
        return this.json(res, 200, {});
      case "POST /__revoke":
        this.revokeSessionsOf(String((await this.body(req)).email ?? ""));
        return this.json(res, 200, {});
      default:
        return this.error(res, 404, "not_found", `${route} is not served here`);
    }
  }

  // ---- users and sessions ----
  private userJson(u: StoredUser) {
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

  private sign(claims: Record<string, unknown>): string {
    const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
    const body = b64url(JSON.stringify(claims));
    const sig = createHmac("sha256", this.options.jwtSecret).update(`${head}.${body}`).digest("base64url");
    return `${head}.${body}.${sig}`;
  }

  private verifyJwt(token: string): Record<string, unknown> | null {
    const [head, body, sig] = token.split(".");
    if (!head || !body || !sig) return null;
    const expected = createHmac("sha256", this.options.jwtSecret).update(`${head}.${body}`).digest("base64url");
    if (expected !== sig) return null;
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
  }

  private issueSession(user: StoredUser, method: string, sessionId: string = randomUUID()) {
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

  private authenticate(req: http.IncomingMessage): { user: StoredUser; sessionId: string } {
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

  private redirectTarget(url: URL, given?: unknown): string {
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

  private flowFrom(body: Record<string, unknown>, redirectTo: string, authenticationMethod: string): FlowState | undefined {
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

  private async mailToken(user: StoredUser, type: OneTimeToken["type"], redirectTo: string, flow?: FlowState, to = user.email) {
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

  private spendToken(hash: string, type: string): OneTimeToken {
    const t = this.tokens.get(hash);
    const sameType = t && (t.type === type || (type === "email" && t.type === "signup") || (type === "signup" && t.type === "signup"));
    if (!t || !sameType || t.expiresAt < Date.now()) throw new HttpError(403, "otp_expired", "Email link is invalid or has expired");
    this.tokens.delete(hash);
    return t;
  }

  private confirm(user: StoredUser, t: OneTimeToken) {
    const now = new Date().toISOString();
    if (t.type === "email_change" && user.newEmail) {
      user.email = user.newEmail;
      user.newEmail = null;
      user.emailChangeSentAt = null;
    }
    user.emailConfirmedAt ??= now;
    user.updatedAt = now;
  }

  // ---- endpoints ----
  private async signup(res: http.ServerResponse, body: Record<string, unknown>, url: URL) {
    const email = String(body.email ?? "")
      .trim()
      .toLowerCase();
    const password = String(body.password ?? "");
    if (!email.includes("@")) throw new HttpError(400, "validation_failed", "Unable to validate email address: invalid format");
    if (password.length < 6) throw new HttpError(422, "weak_password", "Password should be at least 6 characters.");
    const redirectTo = this.redirectTarget(url, body.redirect_to);
    const flow = this.flowFrom(body, redirectTo, "email/signup");
    let user = this.userByEmail(email);
    if (user?.emailConfirmedAt) {
      // GoTrue answers an obfuscated user for a confirmed address and sends nothing.
      return this.json(res, 200, { ...this.userJson(user), id: randomUUID(), identities: [] });
    }
    const now = new Date().toISOString();
    if (!user) {
      user = {
        id: randomUUID(),
        email,
        password,
        emailConfirmedAt: null,
        newEmail: null,
        userMetadata: (body.data as Record<string, unknown>) ?? {},
        provider: "email",
        providers: ["email"],
        identities: [],
        createdAt: now,
        updatedAt: now,
        lastSignInAt: null,
      };
      user.identities.push({ provider: "email", id: user.id });
      this.users.set(user.id, user);
    }
    await this.mailToken(user, "signup", redirectTo, flow);
    return this.json(res, 200, this.userJson(user));
  }

  private token(res: http.ServerResponse, body: Record<string, unknown>, grant: string | null) {
    if (grant === "password") {
      const user = this.userByEmail(String(body.email ?? ""));
      if (!user || user.password === null || user.password !== body.password) {
        throw new HttpError(400, "invalid_credentials", "Invalid login credentials");
      }
      if (!user.emailConfirmedAt) throw new HttpError(400, "email_not_confirmed", "Email not confirmed");
      return this.json(res, 200, this.issueSession(user, "password"));
    }
    if (grant === "refresh_token") {
      const token = this.refreshTokens.get(String(body.refresh_token ?? ""));
      if (!token) throw new HttpError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
      if (token.revoked || !this.sessions.has(token.sessionId)) {
        throw new HttpError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
      }
      const user = this.users.get(token.userId);
      if (!user) throw new HttpError(400, "user_not_found", "User not found");
      token.revoked = true;
      return this.json(res, 200, this.issueSession(user, "token_refresh", token.sessionId));
    }
    if (grant === "pkce") {
      const flow = [...this.flows.values()].find((f) => f.authCode && f.authCode === body.auth_code);
      if (!flow || !flow.userId) throw new HttpError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
      const verifier = String(body.code_verifier ?? "");
      const ok = flow.method === "plain" ? verifier === flow.challenge : sha256url(verifier) === flow.challenge;
      if (!ok) throw new HttpError(403, "bad_code_verifier", "code challenge does not match previously saved code verifier");
      this.flows.delete(flow.id);
      const user = this.users.get(flow.userId)!;
      return this.json(res, 200, this.issueSession(user, flow.authenticationMethod));
    }
    throw new HttpError(400, "validation_failed", "unsupported_grant_type");
  }

  private logout(req: http.IncomingMessage, res: http.ServerResponse, scope: string) {
    const { user, sessionId } = this.authenticate(req);
    for (const [, t] of this.refreshTokens) {
      if (t.userId !== user.id) continue;
      const mine = t.sessionId === sessionId;
      if (scope === "global" || (scope === "local" && mine) || (scope === "others" && !mine)) {
        t.revoked = true;
        this.sessions.delete(t.sessionId);
      }
    }
    res.writeHead(204);
    res.end();
  }

  private async updateUser(req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>) {
    const { user } = this.authenticate(req);
    if (typeof body.password === "string") {
      if (body.password.length < 6) throw new HttpError(422, "weak_password", "Password should be at least 6 characters.");
      if (body.password === user.password) {
        throw new HttpError(422, "same_password", "New password should be different from the old password.");
      }
      user.password = body.password;
    }
    if (body.data && typeof body.data === "object") user.userMetadata = { ...user.userMetadata, ...(body.data as object) };
    if (typeof body.email === "string" && body.email.toLowerCase() !== user.email) {
      const email = body.email.trim().toLowerCase();
      if (this.userByEmail(email)) throw new HttpError(422, "email_exists", "A user with this email address has already been registered");
      user.newEmail = email;
      user.emailChangeSentAt = new Date().toISOString();
      await this.mailToken(user, "email_change", this.options.siteUrl, undefined, email);
    }
    user.updatedAt = new Date().toISOString();
    return this.json(res, 200, this.userJson(user));
  }

  private async recover(res: http.ServerResponse, body: Record<string, unknown>, url: URL) {
    const user = this.userByEmail(String(body.email ?? ""));
    const redirectTo = this.redirectTarget(url, body.redirect_to);
    const flow = this.flowFrom(body, redirectTo, "recovery");
    if (user) await this.mailToken(user, "recovery", redirectTo, flow);
    return this.json(res, 200, {});
  }

  private async resend(res: http.ServerResponse, body: Record<string, unknown>, url: URL) {
    const user = this.userByEmail(String(body.email ?? ""));
    if (body.type !== "signup") throw new HttpError(400, "validation_failed", "Missing one of these types: signup, email_change");
    if (user && !user.emailConfirmedAt) await this.mailToken(user, "signup", this.redirectTarget(url, body.redirect_to));
    return this.json(res, 200, {});
  }

  private verifyPost(res: http.ServerResponse, body: Record<string, unknown>) {
    const t = this.spendToken(String(body.token_hash ?? ""), String(body.type ?? ""));
    const user = this.users.get(t.userId);
    if (!user) throw new HttpError(403, "otp_expired", "Email link is invalid or has expired");
    this.confirm(user, t);
    return this.json(res, 200, this.issueSession(user, "otp"));
  }

  private verifyGet(res: http.ServerResponse, url: URL) {
    const fail = (to: string) =>
      this.redirect(
        res,
        `${to}#${new URLSearchParams({ error: "access_denied", error_code: "otp_expired", error_description: "Email link is invalid or has expired" })}`,
      );
    const redirectTo = this.redirectTarget(url);
    let t: OneTimeToken;
    try {
      t = this.spendToken(url.searchParams.get("token") ?? "", url.searchParams.get("type") ?? "");
    } catch {
      return fail(redirectTo);
    }
    const user = this.users.get(t.userId)!;
    this.confirm(user, t);
    const flow = t.flowId ? this.flows.get(t.flowId) : undefined;
    if (flow) {
      flow.authCode = randomUUID();
      const target = new URL(t.redirectTo);
      target.searchParams.set("code", flow.authCode);
      return this.redirect(res, target.toString());
    }
    const s = this.issueSession(user, "otp");
    const fragment = new URLSearchParams({
      access_token: s.access_token,
      refresh_token: s.refresh_token,
      expires_in: String(s.expires_in),
      expires_at: String(s.expires_at),
      token_type: "bearer",
      type: t.type,
    });
    return this.redirect(res, `${t.redirectTo}#${fragment}`);
  }

  private authorize(res: http.ServerResponse, url: URL) {
    const provider = url.searchParams.get("provider") ?? "";
    const config = this.options.providers?.[provider as "google" | "github"];
    if (!config) throw new HttpError(400, "validation_failed", "Unsupported provider: provider is not enabled");
    const flow = this.flowFrom(
      { code_challenge: url.searchParams.get("code_challenge"), code_challenge_method: url.searchParams.get("code_challenge_method") },
      this.redirectTarget(url),
      "oauth",
    );
    if (!flow) throw new HttpError(400, "validation_failed", "PKCE flow requires code_challenge");
    flow.provider = provider;
    flow.providerVerifier = b64url(randomBytes(32));
    const target = new URL(config.authorizationUrl);
    target.search = new URLSearchParams({
      client_id: config.clientId,
      redirect_uri: `${this.url}/auth/v1/callback`,
      response_type: "code",
      scope: provider === "google" ? "openid email profile" : "read:user user:email",
      state: flow.id,
      code_challenge: sha256url(flow.providerVerifier),
      code_challenge_method: "S256",
    }).toString();
    return this.redirect(res, target.toString());
  }

  private async callback(res: http.ServerResponse, url: URL) {
    const flow = this.flows.get(url.searchParams.get("state") ?? "");
    if (!flow || !flow.provider) throw new HttpError(400, "bad_oauth_state", "OAuth state parameter is invalid");
    const back = (params: Record<string, string>) => {
      const target = new URL(flow.redirectTo);
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      return this.redirect(res, target.toString());
    };
    const providerError = url.searchParams.get("error");
    if (providerError) {
      this.flows.delete(flow.id);
      return back({ error: providerError, error_description: url.searchParams.get("error_description") ?? "" });
    }
    const config = this.options.providers![flow.provider as "google" | "github"]!;
    const tokenRes = await fetch(config.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: url.searchParams.get("code") ?? "",
        redirect_uri: `${this.url}/auth/v1/callback`,
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code_verifier: flow.providerVerifier ?? "",
      }),
    });
    if (!tokenRes.ok) return back({ error: "server_error", error_description: "Unable to exchange external code" });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const get = async (u: string) => {
      const r = await fetch(u, { headers: { authorization: `Bearer ${access_token}`, accept: "application/json" } });
      if (!r.ok) throw new Error(`${u}: ${r.status}`);
      return r.json() as Promise<Record<string, unknown>>;
    };
    let id: string, email: string | undefined, verified: boolean, name: string, avatar: string | undefined;
    if (flow.provider === "google") {
      const u = await get(config.userinfoUrl);
      id = String(u.sub);
      email = u.email as string | undefined;
      verified = u.email_verified === true;
      name = String(u.name ?? "");
      avatar = u.picture as string | undefined;
    } else {
      const u = await get(config.userinfoUrl);
      const emails = (await get(`${config.userinfoUrl}/emails`)) as unknown as Array<{
        email: string;
        primary: boolean;
        verified: boolean;
      }>;
      const chosen = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
      id = String(u.id);
      email = chosen?.email;
      verified = !!chosen;
      name = String(u.name ?? u.login ?? "");
      avatar = u.avatar_url as string | undefined;
    }
    if (!email || !verified) return back({ error: "server_error", error_description: "Error getting user email from external provider" });
    const now = new Date().toISOString();
    let user =
      [...this.users.values()].find((u) => u.identities.some((i) => i.provider === flow.provider && i.id === id)) ??
      this.userByEmail(email);
    if (!user) {
      user = {
        id: randomUUID(),
        email: email.toLowerCase(),
        password: null,
        emailConfirmedAt: now,
        newEmail: null,
        userMetadata: { full_name: name, name, avatar_url: avatar, email, email_verified: true, provider_id: id, sub: id },
        provider: flow.provider,
        providers: [flow.provider],
        identities: [],
        createdAt: now,
        updatedAt: now,
        lastSignInAt: null,
      };
      this.users.set(user.id, user);
    }
    if (!user.identities.some((i) => i.provider === flow.provider)) {
      user.identities.push({ provider: flow.provider, id });
      if (!user.providers.includes(flow.provider)) user.providers.push(flow.provider);
    }
    user.emailConfirmedAt ??= now;
    flow.userId = user.id;
    flow.authCode = randomUUID();
    return back({ code: flow.authCode });
  }
}
