import { randomBytes } from "node:crypto";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The request's id: a proxy's X-Request-Id when it looks sane, else a new random one. */
export function requestId(fromProxy: string | undefined): string {
  if (fromProxy && /^[\w.:-]{1,128}$/.test(fromProxy)) return fromProxy;
  return randomBytes(9).toString("base64url");
}

export function contentSecurityPolicy(opts: { nonce: string; dev: boolean; formActionOrigins: string[] }): string {
  const connect = ["'self'", ...(opts.dev ? ["ws:", "wss:"] : [])];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${opts.nonce}'${opts.dev ? " 'unsafe-inline'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    // Chrome applies form-action to the redirect that follows a POST, so the OAuth
    // providers and the payment provider's hosted pages are listed.
    `form-action 'self' ${opts.formActionOrigins.join(" ")}`.trim(),
  ].join("; ");
}

export const staticSecurityHeaders: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Cross-site request check for every state-changing request. Browsers send Origin
 * on every POST (and Sec-Fetch-Site); a request that says it came from another site
 * is refused. Requests with neither header are not from a browser (curl, Stripe's
 * webhook, server-to-server) and are judged by their own credentials.
 */
export function isCrossSiteRequest(input: {
  method: string;
  path: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  host: string | undefined;
  appOrigin: string;
  exemptPaths?: string[];
}): boolean {
  if (!UNSAFE.has(input.method.toUpperCase())) return false;
  if (input.exemptPaths?.some((p) => input.path === p)) return false;
  if (input.origin && input.origin !== "null") {
    const allowed = new Set([input.appOrigin]);
    if (input.host) {
      allowed.add(`http://${input.host}`);
      allowed.add(`https://${input.host}`);
    }
    return !allowed.has(input.origin);
  }
  if (input.origin === "null") return true;
  if (input.secFetchSite) return !["same-origin", "none"].includes(input.secFetchSite);
  return false;
}
