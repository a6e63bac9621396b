import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { db, schema } from "~/.server/db";
import { resetEnvForTests } from "~/.server/env";
import { action as captureAction, loader as captureLoader } from "./api.beta.email-capture.server";
import { action as signupAction } from "./api.beta.signup.server";

let ip = 0;
/** A fresh client address per request unless one is given, so the rate limit is tested on purpose only. */
function post(path: string, body: unknown, init: { ip?: string; type?: string; raw?: string } = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: {
      "Content-Type": init.type ?? "application/json",
      "X-Atelier-Client-Ip": init.ip ?? `10.0.0.${++ip}`,
    },
    body: init.raw ?? JSON.stringify(body),
  });
}

/** The answer, returned or thrown (the body reader throws its 415, 400 and 413). */
const settle = (p: Promise<Response>) => p.catch((e: unknown) => (e instanceof Response ? e : Promise.reject(e)));
const signup = (body: unknown, init?: Parameters<typeof post>[2]) =>
  settle(signupAction({ request: post("/api/beta/signup", body, init), params: {}, context: {} }));
const capture = (body: unknown, init?: Parameters<typeof post>[2]) =>
  settle(captureAction({ request: post("/api/beta/email-capture", body, init), params: {}, context: {} }));

describe("POST /api/beta/signup", () => {
  beforeEach(resetDb);
  afterEach(() => {
    delete process.env.RATE_LIMIT_BETA_PER_IP;
    resetEnvForTests();
  });

  it("stores a request: 201 and the spec's success text, then 200 when merged", async () => {
    const first = await signup({ email: "Ada@Example.com", inviteCode: "beta-x7k9p2", fullName: "Ada" });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true, message: "Request submitted. We will contact you if approved." });
    const again = await signup({ email: "ada@example.com", fullName: "", company: "Engines" });
    expect(again.status).toBe(200);
    const [row] = await db().select().from(schema.betaRequests).where(eq(schema.betaRequests.email, "ada@example.com"));
    expect(row).toMatchObject({ suppliedInviteCode: "BETA-X7K9P2", fullName: "Ada", company: "Engines" });
  });

  it("answers an e-mail-only request with 'Thanks! You are on the beta list.'", async () => {
    const res = await signup({ email: "bob@example.com" });
    expect(await res.json()).toEqual({ ok: true, message: "Thanks! You are on the beta list." });
  });

  it("400 problem details for bad fields and for a body that is not JSON", async () => {
    const bad = await signup({ email: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("Content-Type")).toBe("application/problem+json");
    expect(await bad.json()).toEqual({
      type: "/docs/api/problems/validation-failed",
      title: "Validation failed",
      status: 400,
      detail: "Please enter a valid email address",
      code: "validation_failed",
      errors: [{ field: "email", message: "Please enter a valid email address" }],
    });
    const missing = await signup({ fullName: "Ada" });
    expect(await missing.json()).toMatchObject({ detail: "Email is required", errors: [{ field: "email" }] });
    const broken = await signup(null, { raw: "{email:" });
    expect(broken.status).toBe(400);
    // The one body reader's words (app/.server/http/body.ts).
    expect(await broken.json()).toMatchObject({ code: "invalid_request", detail: "The request body is not valid JSON." });
    const empty = await signup(null, { raw: "" });
    expect(empty.status).toBe(400);
    expect(await db().select().from(schema.betaRequests)).toEqual([]);
  });

  it("415 problem details when the body is not sent as JSON", async () => {
    const res = await signup(null, { type: "application/x-www-form-urlencoded", raw: "email=a%40b.co" });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: "unsupported_media_type", detail: expect.stringMatching(/JSON/) });
  });

  it("429 with Retry-After and problem details past RATE_LIMIT_BETA_PER_IP for one address", async () => {
    process.env.RATE_LIMIT_BETA_PER_IP = "2";
    resetEnvForTests();
    expect((await signup({ email: "a@example.com" }, { ip: "192.0.2.7" })).status).toBe(201);
    expect((await capture({ email: "b@example.com" }, { ip: "192.0.2.7" })).status).toBe(201);
    const limited = await signup({ email: "c@example.com" }, { ip: "192.0.2.7" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: "rate_limited", detail: expect.stringMatching(/^Too many attempts\. Please wait/) });
    expect((await signup({ email: "c@example.com" }, { ip: "192.0.2.8" })).status).toBe(201);
  });
});

describe("POST /api/beta/email-capture", () => {
  beforeEach(resetDb);

  it("stores the address, counts repeats, and validates it", async () => {
    const first = await capture({ email: "list@example.com" });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ ok: true, message: "Thanks! You are on the beta list." });
    expect((await capture({ email: "LIST@example.com " })).status).toBe(200);
    const [row] = await db().select().from(schema.emailCaptures);
    expect(row).toMatchObject({ email: "list@example.com", times: 2 });
    const bad = await capture({ email: "" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400, code: "validation_failed", detail: "Email is required" });
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const res = captureLoader();
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
    expect(await res.json()).toMatchObject({ status: 405, code: "method_not_allowed" });
  });
});
