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
import http from "node:http";
import { AuthEndpoints } from "./supabase-auth/endpoints";
import { HttpError } from "./supabase-auth/store";

type Failure = { path: string; status?: number; delayMs?: number; times: number };

export class SupabaseAuthServer extends AuthEndpoints {
  private failures: Failure[] = [];
  private server?: http.Server;

  // ---- controls for tests ----
  /** The next `times` requests whose path ends with `path` answer `status` (default 500), or stall `delayMs` first. */
  failNext(path: string, opts: { status?: number; delayMs?: number; times?: number } = {}) {
    this.failures.push({ path, status: opts.status, delayMs: opts.delayMs, times: opts.times ?? 1 });
  }

  clearFailures() {
    this.failures.length = 0;
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
}
