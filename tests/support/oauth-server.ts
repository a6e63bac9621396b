/**
 * A local OAuth2 provider for the end-to-end run, speaking the parts of Google's and
 * GitHub's protocols the app uses. Its authorization endpoint has no login screen:
 * it redirects straight back to redirect_uri with code and state, as a provider does
 * for a user who is already signed in and has consented. The token endpoint checks
 * what a real provider checks: client credentials, the code (single use, bound to
 * client_id and redirect_uri, ten minutes) and PKCE S256.
 *
 *   GET  /{google|github}/authorize   authorization endpoint
 *   POST /{google|github}/token       token endpoint (form or JSON body, Basic or body client auth)
 *   GET  /google/userinfo             OpenID Connect user info
 *   GET  /github/user                 GitHub's /user
 *   GET  /github/user/emails          GitHub's /user/emails
 *   POST /__identity                  {provider, id, email, name, emailVerified?, denied?, tag?}:
 *                                     the next authorization at that provider is this user; with
 *                                     a tag, only for an authorization that carries it (cookie
 *                                     e2e_oauth_tag or header x-e2e-oauth-tag): tests running at
 *                                     once do not take each other's users
 *   DELETE /__identity                forget queued identities
 *   GET  /health
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";

export type Provider = "google" | "github";

/** The test an authorization belongs to (see POST /__identity). */
function tagOf(req: http.IncomingMessage): string {
  const header = req.headers["x-e2e-oauth-tag"];
  if (typeof header === "string" && header) return header;
  return /(?:^|;\s*)e2e_oauth_tag=([^;]+)/.exec(req.headers.cookie ?? "")?.[1] ?? "";
}

export type OAuthIdentity = {
  id: string | number;
  email: string;
  name: string;
  emailVerified?: boolean;
  /** The user presses "Cancel" at the provider: the redirect carries error=access_denied. */
  denied?: boolean;
};

export type OAuthServerOptions = {
  port: number;
  clients: Record<Provider, { clientId: string; clientSecret: string }>;
  /** Origins whose redirect_uri the provider accepts (the registered callback URLs' origins). */
  allowedRedirectOrigins: string[];
};

type Grant = {
  provider: Provider;
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
  scope: string;
  identity: OAuthIdentity;
  expiresAt: number;
};

const CODE_LIFETIME_MS = 10 * 60 * 1000;

function defaultIdentity(provider: Provider): OAuthIdentity {
  return { id: `default-${provider}-user`, email: `oauth-${provider}@atelier.test`, name: `Default ${provider} user` };
}

function base64url(buf: Buffer): string {
  return buf.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** GitHub user ids are numbers; a string id from a test becomes a stable number. */
function githubNumericId(id: string | number): number {
  if (typeof id === "number") return id;
  if (/^\d+$/.test(id)) return Number(id);
  return createHash("sha256").update(id).digest().readUIntBE(0, 6);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function readParams(req: http.IncomingMessage): Promise<Record<string, string>> {
  const body = await readBody(req);
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify(body));
}

function errorPage(res: http.ServerResponse, message: string) {
  // A real provider shows its own error page (it must not redirect to an unverified URI).
  res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><title>OAuth error</title><h1>Authorization error</h1><p>${message.replace(/</g, "&lt;")}</p>`);
}

export class LocalOAuthServer {
  /** Queued identities by provider and tag ("" for untagged). */
  private queues = new Map<string, OAuthIdentity[]>();
  private grants = new Map<string, Grant>();
  private tokens = new Map<string, { provider: Provider; identity: OAuthIdentity; scope: string }>();
  private server?: http.Server;

  constructor(private options: OAuthServerOptions) {}

  queueIdentity(provider: Provider, identity: OAuthIdentity, tag = "") {
    const key = `${provider}:${tag}`;
    this.queues.set(key, [...(this.queues.get(key) ?? []), identity]);
  }

  private nextIdentity(provider: Provider, tag: string): OAuthIdentity | undefined {
    return this.queues.get(`${provider}:${tag}`)?.shift();
  }

  start(): Promise<http.Server> {
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        json(res, 500, { error: "server_error", error_description: String(error) });
      });
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.options.port, "127.0.0.1", () => resolve(server));
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", `http://localhost:${this.options.port}`);
    const [, first, second, third] = url.pathname.split("/");

    if (url.pathname === "/health") return json(res, 200, { ok: true });
    if (url.pathname === "/__identity") {
      if (req.method === "DELETE") {
        this.queues.clear();
        return json(res, 200, { ok: true });
      }
      if (req.method !== "POST") return json(res, 405, { error: "method_not_allowed" });
      const body = JSON.parse((await readBody(req)) || "{}") as OAuthIdentity & { provider?: string; tag?: string };
      if (body.provider !== "google" && body.provider !== "github") {
        return json(res, 400, { error: "provider must be google or github" });
      }
      if (!body.email || body.id === undefined || body.id === "") {
        return json(res, 400, { error: "id and email are required" });
      }
      const { provider, tag, ...identity } = body;
      this.queueIdentity(provider, identity, tag ?? "");
      return json(res, 200, { ok: true });
    }

    if (first !== "google" && first !== "github") return json(res, 404, { error: "not_found" });
    const provider: Provider = first;
    if (second === "authorize" && req.method === "GET") return this.authorize(provider, url, res, tagOf(req));
    if (second === "token" && req.method === "POST") return this.token(provider, req, res);
    if (provider === "google" && second === "userinfo" && req.method === "GET") {
      const t = this.bearer(req, provider);
      if (!t) return json(res, 401, { error: "invalid_token" });
      const { identity } = t;
      const [given, ...rest] = identity.name.split(" ");
      return json(res, 200, {
        sub: String(identity.id),
        email: identity.email,
        email_verified: identity.emailVerified ?? true,
        name: identity.name,
        given_name: given,
        family_name: rest.join(" ") || undefined,
        picture: `${url.origin}/avatar/${encodeURIComponent(String(identity.id))}.png`,
      });
    }
    if (provider === "github" && second === "user" && req.method === "GET") {
      const t = this.bearer(req, provider);
      if (!t) return json(res, 401, { message: "Bad credentials" });
      const { identity } = t;
      if (third === "emails") {
        return json(res, 200, [{ email: identity.email, primary: true, verified: identity.emailVerified ?? true, visibility: "public" }]);
      }
      if (third) return json(res, 404, { message: "Not Found" });
      const id = githubNumericId(identity.id);
      return json(res, 200, {
        id,
        login: identity.email.split("@")[0],
        name: identity.name,
        email: identity.email,
        avatar_url: `${url.origin}/avatar/${id}.png`,
      });
    }
    return json(res, 404, { error: "not_found" });
  }

  private authorize(provider: Provider, url: URL, res: http.ServerResponse, tag: string) {
    const p = url.searchParams;
    const client = this.options.clients[provider];
    if (p.get("client_id") !== client.clientId) return errorPage(res, "The OAuth client was not found.");
    const redirectUri = p.get("redirect_uri");
    let redirect: URL;
    try {
      redirect = new URL(redirectUri ?? "");
    } catch {
      return errorPage(res, "Missing or invalid redirect_uri.");
    }
    if (!this.options.allowedRedirectOrigins.includes(redirect.origin)) {
      return errorPage(res, `redirect_uri_mismatch: ${redirectUri} is not registered for this client.`);
    }
    const back = (params: Record<string, string>) => {
      for (const [k, v] of Object.entries(params)) redirect.searchParams.set(k, v);
      const state = p.get("state");
      if (state !== null) redirect.searchParams.set("state", state);
      res.writeHead(302, { location: redirect.toString(), "cache-control": "no-store" });
      res.end();
    };
    if (p.get("response_type") !== "code") return back({ error: "unsupported_response_type" });
    const method = p.get("code_challenge_method");
    const challenge = p.get("code_challenge") ?? undefined;
    if (challenge && method !== "S256") {
      return back({ error: "invalid_request", error_description: "code_challenge_method must be S256" });
    }
    const identity = this.nextIdentity(provider, tag) ?? defaultIdentity(provider);
    if (identity.denied) return back({ error: "access_denied", error_description: "The user denied access." });
    const code = base64url(randomBytes(24));
    this.grants.set(code, {
      provider,
      clientId: client.clientId,
      redirectUri: redirectUri!,
      codeChallenge: challenge,
      scope: p.get("scope") ?? "",
      identity,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    back({ code });
  }

  private async token(provider: Provider, req: http.IncomingMessage, res: http.ServerResponse) {
    const params = await readParams(req);
    let clientId = params.client_id;
    let clientSecret = params.client_secret;
    const auth = req.headers.authorization ?? "";
    if (auth.toLowerCase().startsWith("basic ")) {
      const decoded = Buffer.from(auth.slice(6), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      clientId = decodeURIComponent(decoded.slice(0, colon));
      clientSecret = decodeURIComponent(decoded.slice(colon + 1));
    }
    const client = this.options.clients[provider];
    if (clientId !== client.clientId || clientSecret !== client.clientSecret) {
      return json(res, 401, { error: "invalid_client", error_description: "Client authentication failed." });
    }
    if (params.grant_type !== "authorization_code") return json(res, 400, { error: "unsupported_grant_type" });
    const grant = params.code ? this.grants.get(params.code) : undefined;
    // A code is spent by its first use, right or wrong.
    if (params.code) this.grants.delete(params.code);
    const invalid = (description: string) => json(res, 400, { error: "invalid_grant", error_description: description });
    if (!grant || grant.provider !== provider) return invalid("The code is unknown or was already used.");
    if (grant.expiresAt < Date.now()) return invalid("The code has expired.");
    if (grant.clientId !== clientId) return invalid("The code was issued to another client.");
    if (params.redirect_uri !== grant.redirectUri) return invalid("redirect_uri does not match the authorization request.");
    if (grant.codeChallenge) {
      if (!params.code_verifier) return invalid("code_verifier is required.");
      const computed = base64url(createHash("sha256").update(params.code_verifier).digest());
      if (computed !== grant.codeChallenge) return invalid("PKCE verification failed.");
    } else if (params.code_verifier) {
      return invalid("code_verifier was sent but no code_challenge was.");
    }
    const accessToken = base64url(randomBytes(24));
    this.tokens.set(accessToken, { provider, identity: grant.identity, scope: grant.scope });
    const body = { access_token: accessToken, token_type: "bearer", expires_in: "3600", scope: grant.scope };
    // GitHub answers form-encoded unless the client asks for JSON (arctic does).
    if (provider === "github" && !(req.headers.accept ?? "").includes("application/json")) {
      res.writeHead(200, { "content-type": "application/x-www-form-urlencoded", "cache-control": "no-store" });
      return res.end(new URLSearchParams(body).toString());
    }
    return json(res, 200, { ...body, expires_in: 3600 });
  }

  private bearer(req: http.IncomingMessage, provider: Provider) {
    const match = /^(?:bearer|token)\s+(.+)$/i.exec(req.headers.authorization ?? "");
    const t = match ? this.tokens.get(match[1]!.trim()) : undefined;
    return t && t.provider === provider ? t : undefined;
  }
}
