// The Supabase identity backend (decision 018) through the real routes and the real SDK,
// against tests/support/supabase-auth-server.ts (GoTrue's HTTP API) chained to the local
// OAuth2 server: every answer and error Supabase gives, mapped to what the screens say.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { LocalOAuthServer } from "../../../tests/support/oauth-server";
import { APP, answer, cookiesFrom, get, post, sessionCookieFrom } from "../../../tests/support/route-requests";
import { freePort } from "../../../tests/support/server-process";
import { SupabaseAuthServer } from "../../../tests/support/supabase-auth-server";
import { AUTH_TEXT } from "../auth/messages";
import { getUser, requireSession } from "../auth/session";
import { db, schema } from "../db";
import { parseEnv, placeholderProblems, resetEnvForTests } from "../env";
import { action as authAction, loader as authLoader } from "~/.server/routes/sign-in";
import { loader as callbackRoute } from "~/routes/auth.callback.$provider.server";
import { action as verifyAction, loader as verifyLoader } from "~/routes/auth.verify.server";
import { action as logoutAction } from "~/routes/logout.server";
import { action as oauthStartRoute } from "~/routes/auth.oauth.$provider.server";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password.server";
import { loader as profileLoader } from "~/routes/_app.profile.server";
import { loader as confirmEmailLoader } from "~/routes/account.confirm-email.server";
import type { AuthFormLoaderData, AuthReply } from "~/lib/forms/auth";
import { changePassword, confirmEmailChange, profileOf, requestEmailChange, updateProfile } from "../account/profile";
import { UserError } from "../errors";
import { avatarOf, displayName } from "./supabase";

const JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters";
let gotrue: SupabaseAuthServer;
let provider: LocalOAuthServer;
let n = 0;
const PASSWORD = "Correct-Horse-9";

const ENV = ["IDENTITY", "SUPABASE_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY"];
const args = (request: Request) => ({ request, params: {}, context: {} });

beforeAll(async () => {
  const [gotruePort, oauthPort] = [await freePort(), await freePort()];
  const oauth = `http://localhost:${oauthPort}`;
  const clients = {
    google: { clientId: "sb-google", clientSecret: "g-secret" },
    github: { clientId: "sb-github", clientSecret: "h-secret" },
  };
  provider = new LocalOAuthServer({ port: oauthPort, clients, allowedRedirectOrigins: [`http://localhost:${gotruePort}`] });
  await provider.start();
  gotrue = new SupabaseAuthServer({
    port: gotruePort,
    jwtSecret: JWT_SECRET,
    siteUrl: APP,
    sendMail: async () => {},
    providers: {
      google: {
        ...clients.google,
        authorizationUrl: `${oauth}/google/authorize`,
        tokenUrl: `${oauth}/google/token`,
        userinfoUrl: `${oauth}/google/userinfo`,
      },
      github: {
        ...clients.github,
        authorizationUrl: `${oauth}/github/authorize`,
        tokenUrl: `${oauth}/github/token`,
        userinfoUrl: `${oauth}/github/user`,
      },
    },
  });
  await gotrue.start();
  Object.assign(process.env, {
    IDENTITY: "supabase",
    SUPABASE_URL: gotrue.url,
    SUPABASE_ANON_KEY: "test-anon-key",
    SUPABASE_SERVICE_ROLE_KEY: "test-service-role-key",
  });
  resetEnvForTests();
});

afterAll(async () => {
  for (const k of ENV) delete process.env[k];
  resetEnvForTests();
  await gotrue.close();
  await provider.close();
});

beforeEach(async () => {
  await resetDb();
});

const email = () => `sb-user-${Date.now()}-${++n}@example.com`;
const lastMailTo = (to: string) => [...gotrue.mails].reverse().find((m) => m.to === to)!;
const form = (intent: string, fields: Record<string, string>) => post(`/auth?mode=${intent}`, { intent, ...fields });

async function signUp(address: string, fullName = "Grace Hopper") {
  return answer<AuthReply>(authAction(args(form("signup", { fullName, email: address, password: PASSWORD, confirmPassword: PASSWORD }))));
}

/** Signs up and follows the verification link: our session cookie. */
async function verifiedAccount(address = email(), fullName?: string): Promise<string> {
  await signUp(address, fullName);
  const link = new URL(lastMailTo(address).link);
  const done = await answer(verifyAction(args(post(link.pathname + link.search, { token: link.searchParams.get("token")! }))));
  expect(done.location).toBe("/dashboard");
  return sessionCookieFrom(done.headers)!;
}

async function signIn(address: string, password = PASSWORD) {
  return answer<AuthReply>(authAction(args(form("signin", { email: address, password }))));
}

describe("Supabase identity: e-mail and password", () => {
  it("signs up with full_name and signup_method in the metadata; Supabase mails the link; sign-in waits for it", async () => {
    const address = email();
    const reply = await signUp(address, "Grace Hopper");
    expect(reply.status).toBe(200);
    expect(reply.body?.message).toBe(AUTH_TEXT.accountCreated);
    const user = gotrue.userByEmail(address)!;
    expect(user.userMetadata).toEqual({ full_name: "Grace Hopper", signup_method: "email_password" });
    expect(lastMailTo(address).link).toMatch(/^http:\/\/localhost:3000\/auth\/verify\?token=[0-9a-f]+&type=signup&email=/);

    const refused = await signIn(address);
    expect(refused.status).toBe(403);
    expect(refused.body?.error?.[""]).toEqual([AUTH_TEXT.emailNotVerified]);
    expect(refused.body?.unverifiedEmail).toBe(address);

    const before = gotrue.mails.length;
    const resent = await answer<AuthReply>(authAction(args(form("resend-verification", { email: address }))));
    expect(resent.body?.message).toBe(AUTH_TEXT.verificationSent);
    expect(gotrue.mails.length).toBe(before + 1);
  });

  it("an address that already has an account gets the same answer, and no account is told apart", async () => {
    const address = email();
    await verifiedAccount(address);
    const again = await signUp(address);
    expect(again.status).toBe(200);
    expect(again.body?.message).toBe(AUTH_TEXT.accountCreated);
  });

  it("the verification link: a confirm page, then our user under the Supabase id, with a workspace, signed in", async () => {
    const address = email();
    await signUp(address, "Ada Lovelace");
    const link = new URL(lastMailTo(address).link);
    const opened = await answer<{ state: string }>(verifyLoader(args(get(link.pathname + link.search))));
    expect(opened.body).toEqual({ state: "ready", email: address });

    const done = await answer(verifyAction(args(post(link.pathname + link.search, { token: link.searchParams.get("token")! }))));
    expect(done.location).toBe("/dashboard");
    const cookie = sessionCookieFrom(done.headers)!;
    const me = await getUser(get("/dashboard", { Cookie: cookie }));
    const supabaseUser = gotrue.userByEmail(address)!;
    expect(me).toMatchObject({ id: supabaseUser.id, email: address, fullName: "Ada Lovelace" });
    expect(me?.emailVerifiedAt).toBeInstanceOf(Date);
    const owned = await db().select().from(schema.workspaces).where(eq(schema.workspaces.createdBy, supabaseUser.id));
    expect(owned).toHaveLength(1);

    // Spent: opening it again (signed out) or posting it says so.
    const reopened = await answer<{ state: string }>(verifyLoader(args(get(link.pathname + link.search))));
    expect(reopened.body).toEqual({ state: "invalid", message: AUTH_TEXT.verifyLinkInvalid });
    const again = await answer<{ state: string; message: string }>(
      verifyAction(args(post(link.pathname + link.search, { token: link.searchParams.get("token")! }))),
    );
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ state: "invalid", message: AUTH_TEXT.verifyLinkInvalid });
  });

  it("sign-in errors do not tell whether the account exists", async () => {
    const address = email();
    await verifiedAccount(address);
    const wrong = await signIn(address, "Wrong-Password-1");
    const unknown = await signIn(email(), "Wrong-Password-1");
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body?.error?.[""]).toEqual([AUTH_TEXT.invalidCredentials]);
    }
    const ok = await signIn(address);
    expect(ok.location).toBe("/dashboard");
    expect(sessionCookieFrom(ok.headers)).toBeTruthy();
  });

  it("Supabase down (5xx) answers the unexpected-error message, not a wrong-password one", async () => {
    const address = email();
    await verifiedAccount(address);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    gotrue.failNext("/token", { status: 500 });
    const down = await signIn(address);
    expect(down.status).toBe(500);
    expect(down.body?.error?.[""]).toEqual([AUTH_TEXT.unexpected]);
    gotrue.failNext("/signup", { status: 503 });
    const signup = await signUp(email());
    expect(signup.status).toBe(500);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("sign-out revokes the Supabase session, not only our cookie", async () => {
    const cookie = await verifiedAccount();
    const [row] = await db().select({ state: schema.sessions.identityState }).from(schema.sessions);
    expect(row?.state).toBeTruthy();
    const out = await answer(logoutAction(args(post("/logout", {}, { Cookie: cookie }))));
    expect(out.location).toBe("/");
    expect(await getUser(get("/dashboard", { Cookie: cookie }))).toBeNull();
    // The refresh token the row held no longer works at Supabase.
    const stored = Object.values(row!.state!).join("");
    const session = JSON.parse(Buffer.from(stored.replace(/^base64-/, ""), "base64url").toString("utf8")) as { refresh_token: string };
    const res = await fetch(`${gotrue.url}/auth/v1/token?grant_type=refresh_token`, {
      method: "POST",
      headers: { "content-type": "application/json", apikey: "test-anon-key" },
      body: JSON.stringify({ refresh_token: session.refresh_token }),
    });
    expect(res.status).toBe(400);
  });
});

describe("Supabase identity: the session refreshes on the server", () => {
  it("an expired access token is refreshed with the refresh token, unnoticed; a revoked one signs out", async () => {
    const address = email();
    const long = await verifiedAccount(address);
    // A second session whose access token expires at once: the next request refreshes it.
    const options = gotrue["options"];
    options.accessTokenSeconds = 1;
    const cookie = sessionCookieFrom((await signIn(address)).headers)!;
    options.accessTokenSeconds = undefined;
    const rowOf = async () => {
      const rows = await db().select().from(schema.sessions).orderBy(schema.sessions.createdAt);
      return rows.at(-1)!;
    };
    const before = await rowOf();
    await new Promise((r) => setTimeout(r, 1100));
    expect(await getUser(get("/dashboard", { Cookie: cookie }))).toMatchObject({ email: address });
    const refreshed = await rowOf();
    expect(refreshed.idHash).toBe(before.idHash);
    expect(refreshed.identityState).not.toEqual(before.identityState);

    // Revoked at Supabase: the refresh is refused and the visitor is signed out.
    options.accessTokenSeconds = 1;
    const cookie2 = sessionCookieFrom((await signIn(address)).headers)!;
    options.accessTokenSeconds = undefined;
    await new Promise((r) => setTimeout(r, 1100));
    gotrue.revokeSessionsOf(address);
    expect(await getUser(get("/dashboard", { Cookie: cookie2 }))).toBeNull();
    // The long-lived session needs no refresh yet: it lasts until its access token expires.
    expect(await getUser(get("/dashboard", { Cookie: long }))).toMatchObject({ email: address });
  });

  // The SDK retries a refresh that met a 5xx or no answer for up to 30 s before giving up.
  it(
    "Supabase failing (5xx) through every retry of a refresh keeps the session: a blip signs nobody out",
    { timeout: 45_000 },
    async () => {
      const address = email();
      await verifiedAccount(address);
      gotrue["options"].accessTokenSeconds = 1;
      const cookie = sessionCookieFrom((await signIn(address)).headers)!;
      gotrue["options"].accessTokenSeconds = undefined;
      await new Promise((r) => setTimeout(r, 1100));
      gotrue.failNext("/token", { status: 503, times: 100 });
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      expect(await getUser(get("/dashboard", { Cookie: cookie }))).toMatchObject({ email: address });
      expect(warn.mock.calls.some((c) => String(c[0]).includes("keeping the session"))).toBe(true);
      warn.mockRestore();
      gotrue.clearFailures();
    },
  );
});

describe("Supabase identity: reset", () => {
  it("the template's token_hash link sets the new password through Supabase and ends every session", async () => {
    const address = email();
    const cookie = await verifiedAccount(address);
    const asked = await answer<AuthReply>(authAction(args(form("reset", { email: address }))));
    expect(asked.body?.message).toBe(AUTH_TEXT.resetEmailSent);
    const link = new URL(lastMailTo(address).link);
    expect(link.pathname).toBe("/reset-password");
    const opened = await answer(resetLoader(args(get(link.pathname + link.search))));
    expect(opened.body).toEqual({ state: "ready" });
    const done = await answer<{ passwordReset?: boolean }>(
      resetAction(args(post(link.pathname + link.search, { password: "Fresh-Start-42", confirmPassword: "Fresh-Start-42" }))),
    );
    expect(done.body?.passwordReset).toBe(true);
    expect(await getUser(get("/dashboard", { Cookie: cookie }))).toBeNull();
    expect((await signIn(address)).status).toBe(401);
    expect((await signIn(address, "Fresh-Start-42")).location).toBe("/dashboard");
    // The link worked once.
    expect((await answer(resetLoader(args(get(link.pathname + link.search))))).body).toEqual({
      state: "invalid",
      message: AUTH_TEXT.resetLinkInvalid,
    });
  });

  it("the default template's PKCE ?code= works in the browser that asked, with the spec's messages otherwise", async () => {
    const address = email();
    await verifiedAccount(address);
    gotrue["options"].defaultTemplates = true;
    const asked = await answer<AuthReply>(authAction(args(form("reset", { email: address }))));
    gotrue["options"].defaultTemplates = false;
    const verifier = cookiesFrom(asked.headers);
    expect(verifier).toMatch(/sb-localhost-auth-token-.*code-verifier=/);
    const atSupabase = await fetch(lastMailTo(address).link, { redirect: "manual" });
    const back = new URL(atSupabase.headers.get("location")!);
    expect(back.pathname).toBe("/reset-password");
    const path = back.pathname + back.search;

    expect((await answer(resetLoader(args(get(path))))).body).toEqual({ state: "invalid", message: AUTH_TEXT.resetLinkInvalid });
    expect((await answer(resetLoader(args(get("/reset-password"))))).body).toEqual({
      state: "invalid",
      message: AUTH_TEXT.resetLinkMissing,
    });
    expect((await answer(resetLoader(args(get(path, { Cookie: verifier }))))).body).toEqual({ state: "ready" });
    const done = await answer<{ passwordReset?: boolean }>(
      resetAction(args(post(path, { password: "Fresh-Start-43", confirmPassword: "Fresh-Start-43" }, { Cookie: verifier }))),
    );
    expect(done.body?.passwordReset).toBe(true);
    expect((await signIn(address, "Fresh-Start-43")).location).toBe("/dashboard");
  });

  it("the spec's access_token/refresh_token link: a bad token is called invalid", async () => {
    const opened = await answer(resetLoader(args(get("/reset-password?access_token=nope&refresh_token=nope&type=recovery"))));
    expect(opened.body).toEqual({ state: "invalid", message: AUTH_TEXT.resetLinkInvalid });
  });
});

describe("Supabase identity: Google and GitHub through Supabase's OAuth (PKCE)", () => {
  async function roundTrip(name: "google" | "github") {
    const start = (await oauthStartRoute({
      request: post(`/auth/oauth/${name}`, {}),
      params: { provider: name },
      context: {},
    })) as Response;
    expect(start.status).toBe(302);
    const verifier = cookiesFrom(start.headers);
    let location = start.headers.get("Location")!;
    expect(location.startsWith(`${gotrue.url}/auth/v1/authorize?provider=${name}`)).toBe(true);
    // Supabase → provider → Supabase's callback → our /auth/callback/<provider>.
    while (!location.startsWith(APP)) {
      const res = await fetch(location, { redirect: "manual" });
      location = res.headers.get("location")!;
      expect(location).toBeTruthy();
    }
    const back = new URL(location);
    return (await callbackRoute({
      request: get(back.pathname + back.search, { Cookie: verifier }),
      params: { provider: name },
      context: {},
    })) as Response;
  }

  it("a new user comes back signed in, with our row under the Supabase id and the provider's name", async () => {
    const address = email();
    provider.queueIdentity("github", { id: 4242, email: address, name: "Linus Hub" });
    const done = await roundTrip("github");
    expect(done.headers.get("Location")).toBe("/dashboard");
    const me = await getUser(get("/dashboard", { Cookie: sessionCookieFrom(done.headers)! }));
    expect(me).toMatchObject({ id: gotrue.userByEmail(address)!.id, fullName: "Linus Hub", email: address });
  });

  it("refused at the provider: back to the form with '{provider} authentication failed'", async () => {
    provider.queueIdentity("google", { id: "x", email: email(), name: "X", denied: true });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const done = await roundTrip("google");
    warn.mockRestore();
    const href = new URL(done.headers.get("Location")!, APP);
    const page = await answer<AuthFormLoaderData>(authLoader(args(get(href.pathname + href.search))));
    expect(page.body?.oauthError).toBe("Google authentication failed");
  });

  it("the form shows the providers the project has switched on", async () => {
    const page = await answer<AuthFormLoaderData>(authLoader(args(get("/auth"))));
    expect(page.body?.oauthProviders).toEqual(["google", "github"]);
  });
});

describe("Supabase identity: /profile goes to Supabase", () => {
  it("name and avatar, password (current one checked) and a new address confirmed by Supabase's mail", async () => {
    const address = email();
    const cookie = await verifiedAccount(address, "Old Name");
    const current = () => requireSession(get("/profile", { Cookie: cookie }));
    expect((await profileOf(await current())).hasPassword).toBe(true);

    await updateProfile(await current(), { fullName: "New Name", avatarUrl: "https://example.com/a.png" });
    expect(gotrue.userByEmail(address)!.userMetadata).toMatchObject({ full_name: "New Name", avatar_url: "https://example.com/a.png" });
    expect((await current()).user.fullName).toBe("New Name");

    const wrong = await changePassword(await current(), { currentPassword: "Not-It-123", password: "Brand-New-77" }).catch(
      (e: unknown) => e,
    );
    expect(wrong).toBeInstanceOf(UserError);
    expect((wrong as UserError).message).toBe("Your current password is not correct.");
    await changePassword(await current(), { currentPassword: PASSWORD, password: "Brand-New-77" });
    expect((await signIn(address)).status).toBe(401);
    expect((await signIn(address, "Brand-New-77")).location).toBe("/dashboard");
    expect(await getUser(get("/profile", { Cookie: cookie }))).toMatchObject({ email: address });

    const next = email();
    await requestEmailChange(await current(), { email: next, currentPassword: "Brand-New-77" });
    const link = new URL(lastMailTo(next).link);
    expect(link.pathname).toBe("/account/confirm-email");
    expect(await confirmEmailChange(link.searchParams.get("token")!)).toEqual({ ok: true, email: next });
    expect(gotrue.userByEmail(next)?.id).toBe((await current()).user.id);
    expect((await current()).user.email).toBe(next);
    expect((await confirmEmailChange(link.searchParams.get("token")!)).ok).toBe(false);
  });

  it("a change of address waiting for its link shows on /profile, as in local mode, until the link is opened or 24 hours pass", async () => {
    const address = email();
    const cookie = await verifiedAccount(address);
    const page = async () => (await profileLoader(args(get("/profile", { Cookie: cookie })))).pendingEmail;
    expect(await page()).toBeNull();

    const next = email();
    const current = await requireSession(get("/profile", { Cookie: cookie }));
    await requestEmailChange(current, { email: next, currentPassword: PASSWORD });
    expect(gotrue.userByEmail(address)!.newEmail).toBe(next);
    expect(await page()).toBe(next);

    // Supabase's link lives at most 24 hours: an older request is no longer shown as pending.
    const user = gotrue.userByEmail(address)!;
    user.emailChangeSentAt = new Date(Date.now() - 25 * 3600_000).toISOString();
    expect(await page()).toBeNull();

    // A new request shows again; opening its link ends it (the address has changed).
    await requestEmailChange(current, { email: next, currentPassword: PASSWORD });
    expect(await page()).toBe(next);
    // The link's page names the address to a signed-in visitor (Supabase cannot check a link without spending it).
    const token = new URL(lastMailTo(next).link).searchParams.get("token")!;
    const confirmPage = async (headers: Record<string, string>) =>
      (await confirmEmailLoader(args(get(`/account/confirm-email?token=${token}`, headers)))) as { newEmail: string };
    expect((await confirmPage({ Cookie: cookie })).newEmail).toBe(next);
    expect((await confirmPage({})).newEmail).toBe("your new address");
    expect(await confirmEmailChange(new URL(lastMailTo(next).link).searchParams.get("token")!)).toEqual({ ok: true, email: next });
    expect(await page()).toBeNull();
  });
});

describe("Supabase identity: configuration and mapping", () => {
  it("IDENTITY=supabase needs the three values, and a placeholder is reported as not configured", () => {
    expect(() => parseEnv({ IDENTITY: "supabase" })).toThrow(/SUPABASE_URL: required when IDENTITY=supabase/);
    expect(() => parseEnv({ IDENTITY: "firebase" })).toThrow(/IDENTITY/);
    expect(parseEnv({}).IDENTITY).toBe("local");
    const pooler = "postgresql://postgres.abcd:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres";
    expect(() => parseEnv({ DATABASE_URL: pooler })).toThrow(/DATABASE_URL: this is a transaction-mode pooler/);
    expect(() => parseEnv({ DATABASE_URL: "postgresql://u:p@db.abcd.supabase.co:5432/postgres?pgbouncer=true" })).toThrow(/LISTEN\/NOTIFY/);
    expect(parseEnv({ DATABASE_URL: pooler.replace(":6543", ":5432") }).DATABASE_URL).toContain(":5432");
    expect(placeholderProblems({ SUPABASE_SERVICE_ROLE_KEY: "your-placeholder-key" })).toEqual([
      "SUPABASE_SERVICE_ROLE_KEY is not configured properly: it still contains a placeholder.",
    ]);
  });

  it("names fall back from full_name to name to the e-mail's local part; avatars from avatar_url or picture", () => {
    expect(displayName({ email: "a@x.io", user_metadata: { full_name: " Ann ", name: "N" } })).toBe("Ann");
    expect(displayName({ email: "a@x.io", user_metadata: { name: "Nick" } })).toBe("Nick");
    expect(displayName({ email: "bea@x.io", user_metadata: {} })).toBe("bea");
    expect(avatarOf({ user_metadata: { picture: "https://p/1.png" } })).toBe("https://p/1.png");
    expect(avatarOf({ user_metadata: {} })).toBeNull();
  });
});
