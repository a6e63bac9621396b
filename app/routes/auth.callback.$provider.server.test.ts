import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDb } from "../../tests/support/db";
import { makeUser } from "../../tests/support/factories";
import { LocalOAuthServer, type OAuthIdentity } from "../../tests/support/oauth-server";
import { APP, cookiesFrom, get, post, sessionCookieFrom } from "../../tests/support/route-requests";
import { freePort } from "../../tests/support/server-process";
import { findUserByEmail } from "~/.server/auth/accounts";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { type OAuthProviderName, oauthFailureMessage } from "~/.server/auth/oauth";
import { getUser } from "~/.server/auth/session";
import { SIGNUP_CLOSED_MESSAGE } from "~/.server/beta/gate";
import { db, schema } from "~/.server/db";
import { resetEnvForTests } from "~/.server/env";
import { readFlash } from "~/.server/http/flash";
import { action as startRoute } from "./auth.oauth.$provider.server";
import { loader as callbackRoute } from "./auth.callback.$provider.server";

/** The button's post to /auth/oauth/<provider>: a redirect to the provider, or back to /auth. */
const startOAuth = async (request: Request, provider: OAuthProviderName) =>
  (await startRoute({ request, params: { provider }, context: {} })) as Response;
/** The provider's return to /auth/callback/<provider>. */
const finishOAuth = async (request: Request, provider: OAuthProviderName) =>
  (await callbackRoute({ request, params: { provider }, context: {} })) as Response;

const clients = {
  google: { clientId: "test-google", clientSecret: "google-secret" },
  github: { clientId: "test-github", clientSecret: "github-secret" },
};
let provider: LocalOAuthServer;
let origin: string;

function configure() {
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: clients.google.clientId,
    GOOGLE_CLIENT_SECRET: clients.google.clientSecret,
    GOOGLE_AUTHORIZATION_URL: `${origin}/google/authorize`,
    GOOGLE_TOKEN_URL: `${origin}/google/token`,
    GOOGLE_USERINFO_URL: `${origin}/google/userinfo`,
    GITHUB_CLIENT_ID: clients.github.clientId,
    GITHUB_CLIENT_SECRET: clients.github.clientSecret,
    GITHUB_AUTHORIZATION_URL: `${origin}/github/authorize`,
    GITHUB_TOKEN_URL: `${origin}/github/token`,
    GITHUB_USERINFO_URL: `${origin}/github/user`,
  });
  resetEnvForTests();
}

const ENV_KEYS = ["GOOGLE", "GITHUB"].flatMap((p) =>
  ["CLIENT_ID", "CLIENT_SECRET", "AUTHORIZATION_URL", "TOKEN_URL", "USERINFO_URL"].map((k) => `${p}_${k}`),
);

/** The whole browser round trip: button post, provider redirect, callback. */
async function roundTrip(name: OAuthProviderName, identity?: OAuthIdentity, tamper?: (callback: URL) => void) {
  if (identity) provider.queueIdentity(name, identity);
  const start = await startOAuth(post(`/auth/oauth/${name}`, {}), name);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("Location")!);
  expect(authorize.origin).toBe(origin);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${APP}/auth/callback/${name}`);
  const stateCookie = cookiesFrom(start.headers);
  expect(stateCookie).toMatch(new RegExp(`^atelier_oauth_${name}:`));

  const atProvider = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(atProvider.headers.get("Location")!);
  expect(callback.pathname).toBe(`/auth/callback/${name}`);
  tamper?.(callback);
  return finishOAuth(get(callback.pathname + callback.search, { Cookie: stateCookie }), name);
}

const failureOf = (res: Response) => {
  const q = new URL(res.headers.get("Location")!, APP).searchParams;
  return oauthFailureMessage(q.get("provider"), q.get("oauth_error"));
};

describe("OAuth sign-in (Google, GitHub) against a local OAuth2 server", () => {
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${port}`;
    provider = new LocalOAuthServer({ port, clients, allowedRedirectOrigins: [APP] });
    await provider.start();
  });
  afterAll(() => provider.close());
  beforeEach(async () => {
    await resetDb();
    configure();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    for (const k of [...ENV_KEYS, "FEATURE_FLAGS"]) delete process.env[k];
    resetEnvForTests();
    vi.mocked(console.warn).mockRestore();
  });

  it("Google: creates a verified account, signs in with a new session, clears the state cookie", async () => {
    const res = await roundTrip("google", { id: "g-1", email: "Ada@Example.com", name: "Ada Lovelace" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const user = await findUserByEmail("ada@example.com");
    expect(user).toMatchObject({ fullName: "Ada Lovelace", passwordHash: null });
    expect(user!.emailVerifiedAt).not.toBeNull();
    const session = sessionCookieFrom(res.headers)!;
    expect((await getUser(get("/dashboard", { Cookie: session })))?.id).toBe(user!.id);
    expect(res.headers.getSetCookie().some((c) => /^atelier_oauth_google:[^=]+=; Max-Age=0/.test(c))).toBe(true);
    const flash = await readFlash(get("/dashboard", { Cookie: cookiesFrom(res.headers) }));
    expect(flash.toasts).toEqual([{ title: AUTH_TEXT.signedIn, variant: "success" }]);
    const links = await db().select().from(schema.oauthAccounts);
    expect(links).toEqual([expect.objectContaining({ provider: "google", providerUserId: "g-1", userId: user!.id })]);
  });

  it("GitHub: reads the e-mail from /user/emails, and the same identity signs in to the same account", async () => {
    const first = await roundTrip("github", { id: 4242, email: "grace@example.com", name: "Grace Hopper" });
    expect(first.headers.get("Location")).toBe("/dashboard");
    const second = await roundTrip("github", { id: 4242, email: "grace@example.com", name: "Grace Hopper" });
    expect(second.headers.get("Location")).toBe("/dashboard");
    expect(await db().select().from(schema.users)).toHaveLength(1);
    expect((await db().select().from(schema.oauthAccounts))[0]).toMatchObject({ provider: "github", providerUserId: "4242" });
  });

  it("links an existing account by verified e-mail; an unproven password on it stops working", async () => {
    const verified = await makeUser({ email: "ada@example.com", password: "analytical" });
    const res = await roundTrip("google", { id: "g-2", email: "ada@example.com", name: "Ada" });
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect((await findUserByEmail("ada@example.com"))!.passwordHash).toBe(verified.passwordHash);

    const [squatter] = await db()
      .insert(schema.users)
      .values({ email: "grace@example.com", fullName: "Not Grace", passwordHash: "$argon2id$whatever" })
      .returning();
    await roundTrip("github", { id: 77, email: "grace@example.com", name: "Grace" });
    const [after] = await db().select().from(schema.users).where(eq(schema.users.id, squatter!.id));
    expect(after!.passwordHash).toBeNull();
    expect(after!.emailVerifiedAt).not.toBeNull();
  });

  it("refuses an identity without a verified e-mail", async () => {
    const res = await roundTrip("google", { id: "g-3", email: "ada@example.com", name: "Ada", emailVerified: false });
    expect(failureOf(res)).toBe(AUTH_TEXT.oauthNoVerifiedEmail("Google"));
    expect(await db().select().from(schema.users)).toHaveLength(0);
  });

  it("answers '{Provider} authentication failed' when the user denies, or the state does not match", async () => {
    const denied = await roundTrip("github", { id: 1, email: "a@example.com", name: "A", denied: true });
    expect(failureOf(denied)).toBe("GitHub authentication failed");
    const tampered = await roundTrip("google", undefined, (cb) => cb.searchParams.set("state", "forged"));
    expect(failureOf(tampered)).toBe("Google authentication failed");
    const noState = await finishOAuth(get("/auth/callback/google?code=abc"), "google");
    expect(failureOf(noState)).toBe("Google authentication failed");
    expect(sessionCookieFrom(denied.headers)).toBeNull();
  });

  it("without credentials, the button answers with the message instead of a crash", async () => {
    delete process.env.GITHUB_CLIENT_ID;
    process.env.GOOGLE_CLIENT_SECRET = "placeholder";
    resetEnvForTests();
    for (const name of ["github", "google"] as const) {
      const res = await startOAuth(post(`/auth/oauth/${name}`, {}), name);
      expect(res.status).toBe(302);
      const label = name === "github" ? "GitHub" : "Google";
      expect(failureOf(res)).toBe(`${label} authentication failed. ${label} sign-in is not configured on this server.`);
    }
  });

  it("respects the sign-up gate for new accounts only", async () => {
    await makeUser({ email: "ada@example.com" });
    process.env.FEATURE_FLAGS = "auth.enable_public_signup=false";
    resetEnvForTests();
    const closed = await roundTrip("google", { id: "g-4", email: "new@example.com", name: "New" });
    expect(failureOf(closed)).toBe(SIGNUP_CLOSED_MESSAGE);
    const existing = await roundTrip("google", { id: "g-5", email: "ada@example.com", name: "Ada" });
    expect(existing.headers.get("Location")).toBe("/dashboard");
  });
});
