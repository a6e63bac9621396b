/**
 * A local server speaking the parts of Figma's OAuth 2 and REST API the app uses (vitest and
 * the e2e stack), in the shapes `@figma/rest-api-spec` describes:
 *
 *   GET  /oauth                 authorization: no login screen, straight back to redirect_uri
 *                               with code and state (or error=access_denied after /__deny-next)
 *   POST /v1/oauth/token        grant_type=authorization_code (client credentials by Basic auth,
 *                               the code single-use and bound to redirect_uri, PKCE S256 checked)
 *                               or grant_type=refresh_token
 *   GET  /v1/me                 the connected user
 *   GET  /v1/files/:key         FIGMA_FILES[key]; PRIVATE_FILE_KEY answers 403 Forbidden
 *   GET  /v1/images/:key?ids=   render URLs (on this server) of those nodes, as PNG
 *   An expired or unknown token answers 403 {"status":403,"err":"Invalid token"}, as Figma does.
 *
 * Test controls (in process, or over HTTP for the e2e stack): expireTokens() / POST
 * /__expire-tokens (every access token stops working), refuseRefresh / POST /__refuse-refresh,
 * denyNext / POST /__deny-next, reset() / DELETE /__state.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";
import type { ErrorResponsePayloadWithErrMessage, GetImagesResponse, GetMeResponse } from "@figma/rest-api-spec";
import { FIGMA_FILES, PRIVATE_FILE_KEY } from "./figma-fixtures";

export const FIGMA_CLIENT = { clientId: "e2e-figma-client", clientSecret: "e2e-figma-secret" } as const;
export const FIGMA_USER: GetMeResponse = { id: "1234567890", handle: "Ada Figma", email: "ada@figma.test", img_url: "" };

/** A small real PNG (solid colour), so the app's image sniffing and rendering see a picture. */
export function solidPng(width = 4, height = 4, rgb: [number, number, number] = [37, 99, 235]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

type Grant = { redirectUri: string; challenge: string; expiresAt: number };

export class FigmaServer {
  private server: http.Server | undefined;
  private grants = new Map<string, Grant>();
  private accessTokens = new Set<string>();
  private refreshTokens = new Set<string>();
  refuseRefresh = false;
  denyNext = false;
  /** Every token request's grant_type, in order (tests read it). */
  readonly tokenRequests: string[] = [];

  constructor(private readonly port = 0) {}

  get origin(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error("FigmaServer: not started");
    return `http://127.0.0.1:${address.port}`;
  }

  /** The app's settings for this server. */
  env(): Record<string, string> {
    return {
      FIGMA_CLIENT_ID: FIGMA_CLIENT.clientId,
      FIGMA_CLIENT_SECRET: FIGMA_CLIENT.clientSecret,
      FIGMA_AUTHORIZE_URL: `${this.origin}/oauth`,
      FIGMA_TOKEN_URL: `${this.origin}/v1/oauth/token`,
      FIGMA_API_URL: this.origin,
    };
  }

  expireTokens() {
    this.accessTokens.clear();
  }

  reset() {
    this.refuseRefresh = false;
    this.denyNext = false;
    this.tokenRequests.length = 0;
  }

  start(): Promise<void> {
    const server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => send(res, 500, { status: 500, err: String(error) }));
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private issueTokens() {
    const access = `figu_${randomBytes(18).toString("base64url")}`;
    const refresh = `figr_${randomBytes(18).toString("base64url")}`;
    this.accessTokens.add(access);
    this.refreshTokens.add(refresh);
    return { access_token: access, refresh_token: refresh, expires_in: 7_776_000, user_id_string: FIGMA_USER.id };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", this.origin);
    const path = url.pathname;
    if (req.method === "POST" && path === "/__expire-tokens") return (this.expireTokens(), send(res, 200, { ok: true }));
    if (req.method === "POST" && path === "/__refuse-refresh") return ((this.refuseRefresh = true), send(res, 200, { ok: true }));
    if (req.method === "POST" && path === "/__deny-next") return ((this.denyNext = true), send(res, 200, { ok: true }));
    if (req.method === "DELETE" && path === "/__state") return (this.reset(), send(res, 200, { ok: true }));

    if (req.method === "GET" && path === "/oauth") return this.authorize(url, res);
    if (req.method === "POST" && path === "/v1/oauth/token") return this.token(req, res);

    const render = /^\/__render\/([^/]+)\/([^/]+)\.png$/.exec(path);
    if (req.method === "GET" && render) {
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(solidPng());
    }

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!token || !this.accessTokens.has(token)) return send(res, 403, errorOf(403, "Invalid token"));
    if (req.method === "GET" && path === "/v1/me") return send(res, 200, FIGMA_USER);
    const file = /^\/v1\/files\/([^/]+)$/.exec(path);
    if (req.method === "GET" && file) {
      if (file[1] === PRIVATE_FILE_KEY) return send(res, 403, errorOf(403, "Forbidden"));
      const found = FIGMA_FILES[file[1]!];
      return found ? send(res, 200, found) : send(res, 404, errorOf(404, "Not found"));
    }
    const images = /^\/v1\/images\/([^/]+)$/.exec(path);
    if (req.method === "GET" && images) {
      if (!FIGMA_FILES[images[1]!]) return send(res, 404, errorOf(404, "Not found"));
      const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
      const body: GetImagesResponse = {
        err: null,
        images: Object.fromEntries(ids.map((id) => [id, `${this.origin}/__render/${images[1]}/${encodeURIComponent(id)}.png`])),
      };
      return send(res, 200, body);
    }
    return send(res, 404, errorOf(404, "Not found"));
  }

  private authorize(url: URL, res: http.ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== FIGMA_CLIENT.clientId || !/^http:\/\/(localhost|127\.0\.0\.1):\d+\//.test(redirectUri)) {
      res.writeHead(400, { "content-type": "text/plain" });
      return res.end("Invalid client_id or redirect_uri");
    }
    const back = new URL(redirectUri);
    back.searchParams.set("state", q.get("state") ?? "");
    if (this.denyNext) {
      this.denyNext = false;
      back.searchParams.set("error", "access_denied");
    } else {
      if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) {
        res.writeHead(400, { "content-type": "text/plain" });
        return res.end("PKCE (S256) is required");
      }
      const code = randomBytes(16).toString("hex");
      this.grants.set(code, { redirectUri, challenge: q.get("code_challenge")!, expiresAt: Date.now() + 10 * 60_000 });
      back.searchParams.set("code", code);
    }
    res.writeHead(302, { location: back.href });
    res.end();
  }

  private async token(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const p = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString("utf8");
    if (basic !== `${FIGMA_CLIENT.clientId}:${FIGMA_CLIENT.clientSecret}`) return send(res, 401, { error: "invalid_client" });
    this.tokenRequests.push(p.get("grant_type") ?? "");
    if (p.get("grant_type") === "refresh_token") {
      const refresh = p.get("refresh_token") ?? "";
      if (this.refuseRefresh || !this.refreshTokens.has(refresh)) return send(res, 400, { error: "invalid_grant" });
      const access = `figu_${randomBytes(18).toString("base64url")}`;
      this.accessTokens.add(access);
      return send(res, 200, { access_token: access, expires_in: 7_776_000 });
    }
    const grant = this.grants.get(p.get("code") ?? "");
    this.grants.delete(p.get("code") ?? "");
    const verifier = p.get("code_verifier") ?? "";
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (!grant || grant.expiresAt < Date.now() || grant.redirectUri !== p.get("redirect_uri") || grant.challenge !== challenge)
      return send(res, 400, { error: "invalid_grant" });
    return send(res, 200, this.issueTokens());
  }
}

function errorOf(status: number, err: string): ErrorResponsePayloadWithErrMessage {
  return { status, err };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
