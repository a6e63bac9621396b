import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { authedRequest, makeUser } from "../../../tests/support/factories";
import { answer, cookiesFrom, get, post, sessionCookieFrom } from "../../../tests/support/route-requests";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { getUser } from "~/.server/auth/session";
import { db, schema } from "~/.server/db";
import { resetEnvForTests } from "~/.server/env";
import { readFlash } from "~/.server/http/flash";
import { outbox, resetMailForTests } from "~/.server/mail";
import { AUTH_MESSAGES } from "~/lib/auth-validation";
import type { AuthFormLoaderData, AuthReply } from "~/lib/forms/auth";
import * as callbackRoute from "~/routes/auth.callback._index";
import * as loginRoute from "~/routes/login";
import { action, loader } from "~/.server/routes/sign-in";

const load = (request: Request) => answer<AuthFormLoaderData>(loader({ request, params: {}, context: {} }));
const act = (request: Request) => answer<AuthReply>(action({ request, params: {}, context: {} }));

/** The field messages of a reply, one sentence run per field (as the form shows them). */
const fieldErrorsOf = (reply: AuthReply | null) =>
  Object.fromEntries(
    Object.entries(reply?.error ?? {}).flatMap(([name, messages]) => (name && messages ? [[name, messages.join(" ")]] : [])),
  );
/** The form-wide message of a reply. */
const formErrorOf = (reply: AuthReply | null) => reply?.error?.[""]?.join(" ");

const signUpFields = {
  intent: "signup",
  fullName: "Ada Lovelace",
  email: "  Ada@Example.com ",
  password: "analytical",
  confirmPassword: "analytical",
};

describe("the auth form (/auth, /login, /auth/callback)", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });
  afterEach(() => {
    for (const k of ["FEATURE_FLAGS", "RATE_LIMIT_SIGNIN_PER_IP", "RATE_LIMIT_RESET_PER_IP", "SMTP_URL", "MAIL_TRANSPORT"])
      delete process.env[k];
    process.env.MAIL_TRANSPORT = "memory";
    resetEnvForTests();
    resetMailForTests();
  });

  it("is one form on three routes", () => {
    expect(loginRoute.loader).toBe(loader);
    expect(callbackRoute.action).toBe(action);
    expect(loginRoute.default).toBe(callbackRoute.default);
  });

  it("loads the mode, a same-origin redirectTo only, and the invite prefill", async () => {
    const a = await load(get("/auth?mode=signup&invite=ATL-ABC234&email=ada%40example.com&redirectTo=/projects/1"));
    expect(a.body).toEqual({
      mode: "signup",
      redirectTo: "/projects/1",
      publicSignup: true,
      invite: "ATL-ABC234",
      email: "ada@example.com",
      oauthError: null,
      oauthProviders: [],
    });
    const b = await load(get("/login?mode=bogus&redirectTo=//evil.example/x"));
    expect(b.body).toMatchObject({ mode: "signin", redirectTo: null });
    const c = await load(get("/auth?oauth_error=failed&provider=github"));
    expect(c.body!.oauthError).toBe("GitHub authentication failed");
  });

  it("offers only the OAuth providers this server has credentials for", async () => {
    const saved = { ...process.env };
    try {
      expect((await load(get("/auth?mode=signup"))).body!.oauthProviders).toEqual([]);
      Object.assign(process.env, { GITHUB_CLIENT_ID: "gh-client", GITHUB_CLIENT_SECRET: "gh-secret" });
      resetEnvForTests();
      expect((await load(get("/auth?mode=signup"))).body!.oauthProviders).toEqual(["github"]);
      Object.assign(process.env, { GOOGLE_CLIENT_ID: "g-client", GOOGLE_CLIENT_SECRET: "placeholder" });
      resetEnvForTests();
      expect((await load(get("/auth?mode=signup"))).body!.oauthProviders).toEqual(["github"]);
    } finally {
      for (const key of ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvForTests();
    }
  });

  it("sends a signed-in user to /dashboard", async () => {
    const user = await makeUser();
    const a = await load(await authedRequest(user.id, "/auth"));
    expect(a).toMatchObject({ status: 302, location: "/dashboard" });
  });

  it("answers bad input with 400 and every field's message at once, never echoing passwords", async () => {
    const a = await act(
      post("/auth?mode=signup", { ...signUpFields, fullName: " ", email: "ada@", password: "qwerty", confirmPassword: "x" }),
    );
    expect(a.status).toBe(400);
    expect(fieldErrorsOf(a.body)).toEqual({
      fullName: AUTH_MESSAGES.fullNameRequired,
      email: AUTH_MESSAGES.emailInvalid,
      password: AUTH_MESSAGES.passwordTooShort,
      confirmPassword: AUTH_MESSAGES.passwordsDiffer,
    });
    expect(JSON.stringify(a.body)).not.toContain("qwerty");
    expect(a.body!.initialValue).toMatchObject({ email: "ada@" });

    const weak = await act(post("/auth", { ...signUpFields, password: "Password", confirmPassword: "Password" }));
    expect(fieldErrorsOf(weak.body)).toEqual({ password: AUTH_MESSAGES.passwordTooWeak });

    // Reset mode needs only the e-mail.
    const reset = await act(post("/auth?mode=reset", { intent: "reset", email: "" }));
    expect(fieldErrorsOf(reset.body)).toEqual({ email: AUTH_MESSAGES.emailRequired });
  });

  it("reads a post without a known intent as the URL's mode, and answers a body that is not a form with 415", async () => {
    const a = await act(post("/auth?mode=reset", { email: "" }));
    expect(a.status).toBe(400);
    expect(a.body!.initialValue).toEqual({ intent: "reset" });
    expect(fieldErrorsOf(a.body)).toEqual({ email: AUTH_MESSAGES.emailRequired });
    const json = new Request("http://localhost:3000/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "signin", email: "ada@example.com", password: "analytical" }),
    });
    expect((await act(json)).status).toBe(415);
  });

  it("signs up: the spec's message, an unverified account, a mail", async () => {
    const a = await act(post("/auth?mode=signup", signUpFields));
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ initialValue: null, authIntent: "signup", message: AUTH_TEXT.accountCreated, sentTo: "ada@example.com" });
    const [user] = await db().select().from(schema.users);
    expect(user).toMatchObject({ email: "ada@example.com", emailVerifiedAt: null });
    expect(outbox).toHaveLength(1);
  });

  it("with public sign-up off, refuses without an invite and shows the gate's message on the code field", async () => {
    process.env.FEATURE_FLAGS = "auth.enable_public_signup=false";
    resetEnvForTests();
    expect((await load(get("/auth?mode=signup"))).body!.publicSignup).toBe(false);
    const a = await act(post("/auth?mode=signup", signUpFields));
    expect(a.status).toBe(403);
    expect(formErrorOf(a.body)).toMatch(/invitation/);
    const b = await act(post("/auth?mode=signup", { ...signUpFields, inviteCode: "ATL-NOPE00" }));
    expect(fieldErrorsOf(b.body).inviteCode).toBe("That invite code is not valid or has already been used.");
  });

  it("signs in with a new session id, a toast, and a same-origin redirectTo", async () => {
    const user = await makeUser({ email: "ada@example.com", password: "analytical" });
    const fixated = "atelier_session=planted-by-someone-else";
    const a = await act(
      post("/auth?redirectTo=/projects", { intent: "signin", email: "ADA@example.com", password: "analytical" }, { Cookie: fixated }),
    );
    expect(a).toMatchObject({ status: 302, location: "/projects" });
    const session = sessionCookieFrom(a.headers)!;
    expect(session).toBeTruthy();
    expect(session).not.toBe(fixated);
    expect((await getUser(get("/dashboard", { Cookie: session })))?.id).toBe(user.id);
    const flash = await readFlash(get("/projects", { Cookie: cookiesFrom(a.headers) }));
    expect(flash.toasts).toEqual([{ title: AUTH_TEXT.signedIn, variant: "success" }]);

    const again = await act(
      post("/auth?redirectTo=//evil.example", { intent: "signin", email: "ada@example.com", password: "analytical" }),
    );
    expect(again.location).toBe("/dashboard");
    expect(sessionCookieFrom(again.headers)).not.toBe(session);
    expect(await db().select().from(schema.sessions)).toHaveLength(2);
  });

  it("refuses a wrong password (401) and an unverified account (403, with a way to resend)", async () => {
    await makeUser({ email: "ada@example.com", password: "analytical" });
    const wrong = await act(post("/auth", { intent: "signin", email: "ada@example.com", password: "not-the-password" }));
    expect(wrong.status).toBe(401);
    expect(formErrorOf(wrong.body)).toBe(AUTH_TEXT.invalidCredentials);
    expect(wrong.body!.initialValue).toMatchObject({ email: "ada@example.com" });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    // Shorter than any password can be: a field message, and no attempt at the account.
    const short = await act(post("/auth", { intent: "signin", email: "ada@example.com", password: "12345" }));
    expect(short.status).toBe(400);
    expect(fieldErrorsOf(short.body)).toEqual({ password: AUTH_MESSAGES.signInPasswordTooShort });

    await act(post("/auth?mode=signup", { ...signUpFields, email: "grace@example.com" }));
    const unverified = await act(post("/auth", { intent: "signin", email: "grace@example.com", password: "analytical" }));
    expect(unverified.status).toBe(403);
    expect(formErrorOf(unverified.body)).toBe(AUTH_TEXT.emailNotVerified);
    expect(unverified.body).toMatchObject({ unverifiedEmail: "grace@example.com" });
    expect(sessionCookieFrom(unverified.headers)).toBeNull();

    const resend = await act(post("/auth", { intent: "resend-verification", email: "grace@example.com" }));
    expect(resend.body).toMatchObject({ authIntent: "resend-verification", message: AUTH_TEXT.verificationSent });
    expect(outbox.map((m) => m.to)).toEqual(["grace@example.com", "grace@example.com"]);
  });

  it("limits sign-in attempts per IP with a 429, Retry-After and a readable message", async () => {
    process.env.RATE_LIMIT_SIGNIN_PER_IP = "2";
    resetEnvForTests();
    const attempt = (ip: string) =>
      act(post("/auth", { intent: "signin", email: "x@example.com", password: "not-the-password" }, { "X-Atelier-Client-Ip": ip }));
    expect((await attempt("198.51.100.1")).status).toBe(401);
    expect((await attempt("198.51.100.1")).status).toBe(401);
    const third = await attempt("198.51.100.1");
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(formErrorOf(third.body)).toMatch(/^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/);
    expect((await attempt("198.51.100.2")).status).toBe(401);
  });

  it("answers a reset request the same whether or not the account exists", async () => {
    await makeUser({ email: "ada@example.com", password: "analytical" });
    const known = await act(post("/auth?mode=reset", { intent: "reset", email: "ada@example.com" }));
    const unknown = await act(post("/auth?mode=reset", { intent: "reset", email: "nobody@example.com" }));
    expect(known.body).toEqual({ initialValue: null, authIntent: "reset", message: AUTH_TEXT.resetEmailSent });
    expect(unknown.body).toEqual(known.body);
    expect(outbox.map((m) => m.to)).toEqual(["ada@example.com"]);
  });

  it("shows a clear message, not a crash, when the mail server is down", async () => {
    delete process.env.MAIL_TRANSPORT;
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    resetEnvForTests();
    resetMailForTests();
    const a = await act(post("/auth?mode=signup", signUpFields));
    expect(a.status).toBe(503);
    expect(formErrorOf(a.body)).toBe("We could not send the e-mail right now. Please try again in a few minutes.");
    expect(vi.mocked(console.error).mock.calls.some((c) => String(c[0]).includes("[mail] sending failed"))).toBe(true);
    vi.mocked(console.error).mockClear();
  });
});
