import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isCrossSiteRequest, newNonce, requestId } from "./security";

const appOrigin = "https://atelier.example";
const base = { path: "/auth", host: "atelier.example", appOrigin, origin: undefined, secFetchSite: undefined };

describe("isCrossSiteRequest", () => {
  it.each([
    // method, origin, sec-fetch-site, refused?
    ["GET", "https://evil.example", "cross-site", false], // reads are never refused here
    ["HEAD", "https://evil.example", undefined, false],
    ["OPTIONS", "https://evil.example", undefined, false],
    ["POST", appOrigin, "same-origin", false],
    ["POST", appOrigin, undefined, false],
    ["POST", "http://atelier.example", undefined, false], // the Host header's own origin (behind a TLS proxy)
    ["POST", "https://evil.example", undefined, true],
    ["POST", "https://atelier.example.evil.example", undefined, true],
    ["POST", "https://evil.example", "same-origin", true], // Origin wins over a forged Sec-Fetch-Site
    ["POST", "null", undefined, true], // sandboxed frames and some redirects
    ["POST", undefined, "cross-site", true],
    ["POST", undefined, "same-site", true], // a sibling subdomain is another site to us
    ["POST", undefined, "same-origin", false],
    ["POST", undefined, "none", false], // typed into the address bar / bookmark
    ["POST", undefined, undefined, false], // not a browser: curl, webhooks
    ["put", "https://evil.example", undefined, true],
    ["PATCH", "https://evil.example", undefined, true],
    ["DELETE", "https://evil.example", undefined, true],
  ] as const)("%s with Origin %s and Sec-Fetch-Site %s → refused %s", (method, origin, secFetchSite, refused) => {
    expect(isCrossSiteRequest({ ...base, method, origin, secFetchSite })).toBe(refused);
  });

  it("lets exempt paths through (webhooks sign their own requests)", () => {
    const input = { ...base, method: "POST", origin: "https://stripe.example", path: "/api/stripe/webhook" };
    expect(isCrossSiteRequest({ ...input, exemptPaths: ["/api/stripe/webhook"] })).toBe(false);
    expect(isCrossSiteRequest(input)).toBe(true);
    expect(isCrossSiteRequest({ ...input, path: "/api/stripe/webhook/x", exemptPaths: ["/api/stripe/webhook"] })).toBe(true);
  });

  it("does not accept the Host header's origin when Host is missing", () => {
    expect(isCrossSiteRequest({ ...base, host: undefined, method: "POST", origin: "http://atelier.example" })).toBe(true);
  });
});

describe("contentSecurityPolicy", () => {
  const directives = (csp: string) =>
    Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );

  it("allows scripts only from self and this response's nonce in production", () => {
    const nonce = newNonce();
    const csp = directives(contentSecurityPolicy({ nonce, dev: false, formActionOrigins: [] }));
    expect(csp["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
  });

  it("lists the OAuth and payment origins in form-action (Chrome checks the redirect after a POST)", () => {
    const csp = directives(
      contentSecurityPolicy({
        nonce: "n",
        dev: false,
        formActionOrigins: ["https://accounts.google.com", "https://github.com"],
      }),
    );
    expect(csp["form-action"]).toEqual(["'self'", "https://accounts.google.com", "https://github.com"]);
  });

  it("opens websockets and inline scripts only in development (Vite's client)", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "n", dev: true, formActionOrigins: [] }));
    expect(csp["connect-src"]).toEqual(["'self'", "ws:", "wss:"]);
    expect(csp["script-src"]).toContain("'unsafe-inline'");
  });

  it("makes a fresh nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});

describe("requestId", () => {
  it("keeps a sane id from a trusted proxy and replaces anything else", () => {
    expect(requestId("abc-123.def:4")).toBe("abc-123.def:4");
    expect(requestId(undefined)).toMatch(/^[\w-]{12}$/);
    expect(requestId("bad id\nwith newline")).not.toContain("bad");
    expect(requestId("x".repeat(129))).toHaveLength(12);
  });
});
