import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, makeUser } from "../../tests/support/factories";
import { db, schema } from "~/.server/db";
import { resetEnvForTests } from "~/.server/env";
import type { BetaFormReply } from "~/lib/forms/beta";
import { action, loader } from "./signup.server";

type Answer = { data: BetaFormReply; init: ResponseInit | null };

function post(fields: Record<string, string>, ip = "198.51.100.1") {
  return new Request("http://localhost:3000/signup", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Atelier-Client-Ip": ip },
    body: new URLSearchParams(fields),
  });
}

/** What a loader or action threw (a redirect or an error Response). */
const thrown = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable("no Response was thrown"),
    (e: unknown) => e as Response,
  );

const run = async (fields: Record<string, string>, ip?: string) =>
  (await action({ request: post(fields, ip), params: {}, context: {} })) as unknown as Answer;

describe("/signup", () => {
  beforeEach(resetDb);
  afterEach(() => {
    delete process.env.FEATURE_FLAGS;
    delete process.env.RATE_LIMIT_BETA_PER_IP;
    resetEnvForTests();
  });

  it("shows the plan picker while public sign-up is on, monthly unless ?interval=year", async () => {
    const get = (q = "") => loader({ request: new Request(`http://localhost:3000/signup${q}`), params: {}, context: {} });
    expect(await get()).toEqual({ view: "plans", interval: "month" });
    expect(await get("?interval=year")).toEqual({ view: "plans", interval: "year" });
    expect(await get("?interval=weekly")).toEqual({ view: "plans", interval: "month" });
  });

  it("shows the beta form when auth.enable_public_signup is off", async () => {
    process.env.FEATURE_FLAGS = "auth.enable_public_signup=false";
    resetEnvForTests();
    const answer = await loader({ request: new Request("http://localhost:3000/signup"), params: {}, context: {} });
    expect(answer).toEqual({ view: "beta" });
  });

  it("sends a signed-in user to /dashboard", async () => {
    const user = await makeUser();
    const res = await thrown(loader({ request: await authedRequest(user.id, "/signup"), params: {}, context: {} }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("a plain form post stores the request and answers 200 with the success text", async () => {
    const answer = await run({ email: "ada@example.com", inviteCode: "", fullName: "Ada", company: "", role: "", reason: "" });
    expect(answer.init?.status).toBe(200);
    // The success empties the form (its reply resets it) and says so.
    expect(answer.data).toEqual({ initialValue: null, message: "Request submitted. We will contact you if approved." });
    const waitlist = await run({ email: "bob@example.com" });
    expect(waitlist.data).toEqual({ initialValue: null, message: "Thanks! You are on the beta list." });
    const rows = await db().select({ email: schema.betaRequests.email }).from(schema.betaRequests);
    expect(rows.map((r) => r.email).sort()).toEqual(["ada@example.com", "bob@example.com"]);
  });

  it("a bad e-mail answers 400 with the field message and keeps what was typed", async () => {
    const answer = await run({ email: "ada@", fullName: "Ada", reason: "Design reviews" });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      status: "error",
      error: { email: ["Please enter a valid email address"] },
      initialValue: { email: "ada@", fullName: "Ada", reason: "Design reviews" },
    });
    expect((await run({ email: "" })).data.error).toEqual({
      email: ["Email is required"],
    });
  });

  it("shows every field's message at once", async () => {
    const answer = await run({ email: "", role: "r".repeat(201), reason: "x".repeat(2001) });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.error).toEqual({
      email: ["Email is required"],
      role: ["Role must be at most 200 characters"],
      reason: ["Reason for access must be at most 2000 characters"],
    });
  });

  it("answers a post that is not a form with 415, storing nothing", async () => {
    const request = new Request("http://localhost:3000/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Atelier-Client-Ip": "198.51.100.3" },
      body: JSON.stringify({ email: "ada@example.com" }),
    });
    const res = await thrown(action({ request, params: {}, context: {} }));
    expect(res.status).toBe(415);
    expect(await db().select().from(schema.betaRequests)).toEqual([]);
  });

  it("shares the beta rate limit: 429 with Retry-After and a readable message", async () => {
    process.env.RATE_LIMIT_BETA_PER_IP = "1";
    resetEnvForTests();
    expect((await run({ email: "a@example.com" }, "203.0.113.9")).init?.status).toBe(200);
    const limited = await run({ email: "b@example.com" }, "203.0.113.9");
    expect(limited.init?.status).toBe(429);
    expect(new Headers(limited.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.data).toMatchObject({ status: "error", error: { "": [expect.stringMatching(/^Too many attempts/)] } });
  });
});
