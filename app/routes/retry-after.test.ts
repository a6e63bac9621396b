// Every 429 the app can answer carries Retry-After, in whole seconds (issue 12): each limit
// is driven through its route until it refuses. A page's form (sign-in, sign-up, reset, the
// beta form, the profile) puts the header on its answer, and its limiter notes the same wait
// in the request's scope, from which server/remix-handler.ts sets it on the rendered page (Remix
// keeps an action's headers only on resource routes and `.data` answers). A JSON route's
// answer carries the header itself.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, formRequest, makeOwner, makeUser, memberOf } from "../../tests/support/factories";
import { answer, post } from "../../tests/support/route-requests";
import { getSessionCookie } from "~/.server/http/cookies";
import { db, schema } from "~/.server/db";
import { resetEnvForTests } from "~/.server/env";
import { inRequestScope } from "~/.server/http/request-scope";
import { resetMailForTests } from "~/.server/mail";
import { loadBoard } from "~/.server/projects/board-reads";
import { createProject } from "~/.server/projects/projects";
import { currentPeriod } from "~/.server/workspaces/api-usage";
import { action as profileAction } from "./_app.profile.server";
import { action as boardApiAction } from "./api.projects.$id.board.server";
import { action as emailCaptureAction } from "./api.beta.email-capture.server";
import { action as betaApiAction } from "./api.beta.signup.server";
import { loader as componentsLoader } from "./api.wireframes.components.server";
import { action as authAction } from "~/.server/routes/sign-in";
import { action as signupAction } from "./signup.server";

const LIMITS = {
  RATE_LIMIT_SIGNIN_PER_IP: "2",
  RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT: "2",
  RATE_LIMIT_SIGNUP_PER_IP: "1",
  RATE_LIMIT_RESET_PER_IP: "1",
  RATE_LIMIT_BETA_PER_IP: "1",
};

beforeAll(() => {
  Object.assign(process.env, LIMITS);
  resetEnvForTests();
});
afterAll(() => {
  for (const k of Object.keys(LIMITS)) delete process.env[k];
  resetEnvForTests();
});
beforeEach(async () => {
  await resetDb();
  resetMailForTests();
});

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

/** Sends `request()` (a fresh one each time) until a 429, at most `tries` times; the refusal's header and noted wait. */
async function until429(handler: Handler, request: () => Promise<Request> | Request, tries: number, params: Record<string, string> = {}) {
  for (let i = 0; i < tries; i++) {
    const req = await request();
    const { result, scope } = await inRequestScope(() => answer(Promise.resolve(handler({ request: req, params, context: {} }))));
    if (result.status === 429) return { retryAfter: result.headers.get("Retry-After"), noted: scope.retryAfterSeconds };
    expect(result.status, `attempt ${i + 1} was not refused yet`).toBeLessThan(500);
  }
  throw new Error(`no 429 after ${tries} attempts`);
}

/** A page's 429: the header in whole seconds on the answer, and the same wait noted for the rendered page. */
function expectPage429(refusal: { retryAfter: string | null; noted?: number }) {
  expect(refusal.retryAfter).toMatch(/^[1-9]\d*$/);
  expect(refusal.noted).toBe(Number(refusal.retryAfter));
}

const from = (ip: string) => ({ "X-Atelier-Client-Ip": ip });
let n = 0;
const fresh = (name: string) => `${name}${++n}@example.test`;

describe("every 429 carries Retry-After", () => {
  it("sign-in: too many failed attempts on one account (the lockout), whatever the address", async () => {
    await makeUser({ email: "locked@example.test", password: "Right-Passw0rd" });
    let ip = 0;
    const attempt = () =>
      post("/auth", { intent: "signin", email: "locked@example.test", password: "wrong-password" }, from(`198.51.100.${++ip}`));
    expectPage429(await until429(authAction, attempt, 4));
  });

  it("sign-in, sign-up, reset and verification e-mails: too many attempts from one address", async () => {
    const forms: Record<string, () => Record<string, string>> = {
      signin: () => ({ intent: "signin", email: fresh("nobody"), password: "wrong-password" }),
      signup: () => ({ intent: "signup", fullName: "Ada", email: fresh("ada"), password: "Analytical-1", confirmPassword: "Analytical-1" }),
      reset: () => ({ intent: "reset", email: fresh("reset") }),
      "resend-verification": () => ({ intent: "resend-verification", email: fresh("verify") }),
    };
    for (const [intent, fields] of Object.entries(forms)) {
      const refusal = await until429(authAction, () => post(`/auth?mode=${intent}`, fields(), from(`203.0.113.${intent.length}`)), 4);
      expectPage429(refusal);
    }
  });

  it("the beta: the Request Beta Access form (/signup) and the JSON API (signup, e-mail capture)", async () => {
    const form = () => post("/signup", { email: fresh("beta") }, from("192.0.2.10"));
    expectPage429(await until429(signupAction, form, 3));

    for (const [handler, ip] of [
      [betaApiAction, "192.0.2.11"],
      [emailCaptureAction, "192.0.2.12"],
    ] as const) {
      const json = () =>
        new Request("http://localhost:3000/api/beta/signup", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...from(ip) },
          body: JSON.stringify({ email: fresh("beta-api") }),
        });
      expect((await until429(handler as Handler, json, 3)).retryAfter).toMatch(/^[1-9]\d*$/);
    }
  });

  it("the profile: password changes (10 in 15 minutes) and e-mail changes (5 an hour)", async () => {
    const user = await makeUser({ password: "Right-Passw0rd" });
    const here = await authedRequest(user.id, "/profile");
    const password = () =>
      formRequest(here, {
        intent: "change-password",
        currentPassword: "wrong",
        password: "New-Passw0rd-1",
        confirmPassword: "New-Passw0rd-1",
      });
    expectPage429(await until429(profileAction, password, 12));

    const oauthOnly = await makeUser();
    const mine = await authedRequest(oauthOnly.id, "/profile");
    expectPage429(await until429(profileAction, () => formRequest(mine, { intent: "change-email", email: fresh("new") }), 7));
  });

  it("the JSON API's monthly calls, for an API client (the board's and the wireframes' endpoints)", async () => {
    const { user, workspace } = await makeOwner();
    const project = await createProject(await memberOf(user.id), { name: "API" });
    const column = (await loadBoard(await memberOf(user.id), project.id)).columns[0]!.id;
    await db().update(schema.workspaces).set({ planId: "starter" }).where(eq(schema.workspaces.id, workspace.id));
    await db()
      .insert(schema.usageCounters)
      .values({ workspaceId: workspace.id, metric: "api_calls", period: currentPeriod(), amount: 1000 });
    const cookie = (await authedRequest(user.id, "/")).headers.get("Cookie");
    const bearer = { Authorization: `Bearer ${String(await getSessionCookie().parse(cookie))}` };

    const board = () =>
      new Request(`http://localhost:3000/api/projects/${project.id}/board`, {
        method: "POST",
        headers: { ...bearer, "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "create-card", columnId: column, title: "One too many" }),
      });
    expect((await until429(boardApiAction as Handler, board, 1, { id: project.id })).retryAfter).toMatch(/^[1-9]\d*$/);
    const components = () => new Request("http://localhost:3000/api/wireframes/components", { headers: bearer });
    expect((await until429(componentsLoader as Handler, components, 1)).retryAfter).toMatch(/^[1-9]\d*$/);
  });
});
