// The request guard's rules, without a server: which addresses take which bodies, and
// Remix's forwarded-host check. server/bad-input.test.ts posts through the real server.
import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../app/.server/http/body";
import { MAX_ATTACHMENT_BYTES } from "../app/lib/file-size";
import { UPLOAD_FENCE_BYTES, WEBHOOK_LIMIT_BYTES, WIREFRAME_JSON_BYTES, bodyRuleFor, failsForwardedHostCheck } from "./request-guard";

const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const JSON_TYPE = "application/json";

describe("bodyRuleFor", () => {
  it("pages take forms only, up to 64 KB, and need a body", () => {
    const rule = bodyRuleFor("/settings");
    expect([FORM, MULTIPART, JSON_TYPE, "text/plain"].map(rule.accepts)).toEqual([true, true, false, false]);
    expect(rule.maxBytes).toBe(BODY_LIMIT_BYTES);
    expect(rule.needsBody).toBe(true);
    expect(rule.uploadBytes).toBeUndefined();
  });

  it("the API takes forms and JSON (also +json), up to 64 KB", () => {
    const rule = bodyRuleFor("/api/beta/signup");
    expect([FORM, MULTIPART, JSON_TYPE, "application/merge-patch+json", "text/plain"].map(rule.accepts)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(rule.maxBytes).toBe(BODY_LIMIT_BYTES);
  });

  it("uploads go to the board page (and its .data twin), the board API and wireframe images, fenced just above 25 MB", () => {
    for (const path of ["/projects/abc", "/projects/abc.data", "/api/projects/abc/board", "/api/wireframes/abc/images"]) {
      expect(bodyRuleFor(path).uploadBytes, path).toBe(UPLOAD_FENCE_BYTES);
    }
    for (const path of ["/projects", "/projects/abc/events", "/projects/abc/attachments/x", "/api/projects/abc"]) {
      expect(bodyRuleFor(path).uploadBytes, path).toBeUndefined();
    }
    expect(UPLOAD_FENCE_BYTES).toBeGreaterThan(MAX_ATTACHMENT_BYTES + 64 * 1024);
  });

  it("the public API's attachment upload takes a file of any type as its raw body, streamed to the same fence", () => {
    const rule = bodyRuleFor("/api/v1/projects/abc/cards/def/attachments");
    expect([rule.raw, rule.uploadBytes, ["image/png", "application/pdf", JSON_TYPE].every(rule.accepts)]).toEqual([
      true,
      UPLOAD_FENCE_BYTES,
      true,
    ]);
    expect(bodyRuleFor("/api/v1/projects/abc/cards/def/attachments/ghi").raw).toBeUndefined();
  });

  it("the wireframe editor's patches and components take up to 512 KB", () => {
    for (const path of ["/api/wireframes/abc/patches", "/api/wireframes/components", "/api/wireframes/components/abc"]) {
      expect(bodyRuleFor(path).maxBytes, path).toBe(WIREFRAME_JSON_BYTES);
    }
    expect(bodyRuleFor("/api/wireframes/abc/presence").maxBytes).toBe(BODY_LIMIT_BYTES);
  });

  it("the Stripe webhook takes JSON only, up to 1 MB", () => {
    const rule = bodyRuleFor("/api/stripe/webhook");
    expect([JSON_TYPE, FORM].map(rule.accepts)).toEqual([true, false]);
    expect(rule.maxBytes).toBe(WEBHOOK_LIMIT_BYTES);
  });
});

describe("failsForwardedHostCheck (Remix's check, answered 403 instead of its 500)", () => {
  const check = (origin: string | undefined, host: string | undefined, forwardedHost?: string) =>
    failsForwardedHostCheck({ origin, host, forwardedHost });

  it("passes a request sent to the host its Origin names, or one without Origin", () => {
    expect(check("http://localhost:3000", "localhost:3000")).toBe(false);
    expect(check("https://atelier.example", "10.0.0.5:3000", "atelier.example")).toBe(false);
    expect(check("https://atelier.example", "10.0.0.5:3000", "atelier.example, proxy.internal")).toBe(false);
    expect(check(undefined, "localhost:3000", "elsewhere.example")).toBe(false);
  });

  it("fails a mismatch, an opaque or malformed Origin, and a request with no host at all", () => {
    expect(check("http://localhost:3000", "localhost:3000", "elsewhere.example")).toBe(true);
    expect(check("http://localhost:3000", "localhost:3001")).toBe(true);
    expect(check("null", "localhost:3000")).toBe(true);
    expect(check("not a url", "localhost:3000")).toBe(true);
    expect(check("http://localhost:3000", undefined)).toBe(true);
  });
});
