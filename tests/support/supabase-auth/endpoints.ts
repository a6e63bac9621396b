/**
 * The endpoints of the local Supabase Auth server (../supabase-auth-server.ts, which routes
 * requests to them): sign-up, the token grants, logout, the user, recovery, verification and
 * the OAuth round trip through a provider, over the state kept by AuthStore.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type http from "node:http";
import { AuthStore, b64url, HttpError, sha256url, type OneTimeToken } from "./store";

const API_VERSION = "2024-01-01";

export class AuthEndpoints extends AuthStore {
  // ---- HTTP ----
  protected json(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json", "x-supabase-api-version": API_VERSION });
    res.end(body === undefined ? "" : JSON.stringify(body));
  }

  protected error(res: http.ServerResponse, status: number, code: string, message: string) {
    if (res.headersSent) return res.end();
    this.json(res, status, { code, message });
  }

  protected redirect(res: http.ServerResponse, location: string) {
    res.writeHead(303, { location });
    res.end();
  }

  protected async body(req: http.IncomingMessage): Promise<Record<string, unknown>> {
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

  // ---- endpoints ----
  protected async signup(res: http.ServerResponse, body: Record<string, unknown>, url: URL) {
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

  protected token(res: http.ServerResponse, body: Record<string, unknown>, grant: string | null) {
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

  protected logout(req: http.IncomingMessage, res: http.ServerResponse, scope: string) {
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

  protected async updateUser(req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, unknown>) {
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

  protected async recover(res: http.ServerResponse, body: Record<string, unknown>, url: URL) {
    const user = this.userByEmail(String(body.email ?? ""));
    const redirectTo = this.redirectTarget(url, body.redirect_to);
    const flow = this.flowFrom(body, redirectTo, "recovery");
    if (user) await this.mailToken(user, "recovery", redirectTo, flow);
    return this.json(res, 200, {});
  }

  protected async resend(res: http.ServerResponse, body: Record<string, unknown>, url: URL) {
    const user = this.userByEmail(String(body.email ?? ""));
    if (body.type !== "signup") throw new HttpError(400, "validation_failed", "Missing one of these types: signup, email_change");
    if (user && !user.emailConfirmedAt) await this.mailToken(user, "signup", this.redirectTarget(url, body.redirect_to));
    return this.json(res, 200, {});
  }

  protected verifyPost(res: http.ServerResponse, body: Record<string, unknown>) {
    const t = this.spendToken(String(body.token_hash ?? ""), String(body.type ?? ""));
    const user = this.users.get(t.userId);
    if (!user) throw new HttpError(403, "otp_expired", "Email link is invalid or has expired");
    this.confirm(user, t);
    return this.json(res, 200, this.issueSession(user, "otp"));
  }

  protected verifyGet(res: http.ServerResponse, url: URL) {
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

  protected authorize(res: http.ServerResponse, url: URL) {
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

  protected async callback(res: http.ServerResponse, url: URL) {
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
