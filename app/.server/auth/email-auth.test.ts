import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { makeUser } from "../../../tests/support/factories";
import { db, schema } from "../db";
import { resetEnvForTests } from "../env";
import { outbox, resetMailForTests } from "../mail";
import { findUserByEmail } from "./accounts";
import { requestPasswordReset, resendVerification, resetPassword, signInWithPassword, signUpWithPassword, verifyEmail } from "./email-auth";
import { AUTH_TEXT } from "./messages";
import { verifyPassword } from "./password";
import { signIn } from "./session";

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? "";

async function signUpAda(email = "ada@example.com") {
  return signUpWithPassword({ fullName: "Ada Lovelace", email, password: "analytical", inviteCode: null });
}

describe("e-mail and password accounts", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });
  afterEach(() => {
    delete process.env.FEATURE_FLAGS;
    delete process.env.RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT;
    resetEnvForTests();
  });

  it("creates an unverified account and mails a verification link that starts with APP_URL", async () => {
    expect(await signUpAda()).toEqual({ ok: true });
    const user = await findUserByEmail("ada@example.com");
    expect(user).toMatchObject({ fullName: "Ada Lovelace", emailVerifiedAt: null });
    expect(await verifyPassword("analytical", user!.passwordHash)).toBe(true);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.to).toBe("ada@example.com");
    const link = linkIn(outbox[0]!.text);
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/verify\?token=[\w-]{40,}$/);
    expect(outbox[0]!.html).toContain(link);
  });

  it("answers a second sign-up for the same e-mail the same way, mailing the owner instead", async () => {
    await signUpAda();
    expect(await signUpAda()).toEqual({ ok: true });
    expect(outbox.map((m) => m.subject)).toEqual(["Verify your email address for Atelier", "Verify your email address for Atelier"]);
    const users = await db().select().from(schema.users);
    expect(users).toHaveLength(1);

    const user = await makeUser({ email: "grace@example.com" });
    expect(await signUpAda("grace@example.com")).toEqual({ ok: true });
    expect(outbox.at(-1)!.subject).toBe("You already have an Atelier account");
    // The owner's account is untouched.
    const after = await findUserByEmail("grace@example.com");
    expect(after!.passwordHash).toBe(user.passwordHash);
  });

  it("with public sign-up off, needs an approved e-mail or invite code, and spends the code", async () => {
    process.env.FEATURE_FLAGS = "auth.enable_public_signup=false";
    resetEnvForTests();
    const refused = await signUpAda();
    expect(refused.ok).toBe(false);
    expect(await findUserByEmail("ada@example.com")).toBeNull();

    await db().insert(schema.betaRequests).values({ email: "someone@example.com", status: "approved", inviteCode: "ATL-ABC234" });
    const wrongCode = await signUpWithPassword({
      fullName: "Ada",
      email: "ada@example.com",
      password: "analytical",
      inviteCode: "ATL-ZZZZZZ",
    });
    expect(wrongCode).toMatchObject({ ok: false, field: "inviteCode" });
    const withCode = await signUpWithPassword({
      fullName: "Ada",
      email: "ada@example.com",
      password: "analytical",
      inviteCode: "atl-abc234",
    });
    expect(withCode).toEqual({ ok: true });
    const [request] = await db().select().from(schema.betaRequests);
    expect(request!.inviteUsedAt).not.toBeNull();
    const again = await signUpWithPassword({ fullName: "Bob", email: "bob@example.com", password: "analytical", inviteCode: "ATL-ABC234" });
    expect(again.ok).toBe(false);
  });

  it("refuses sign-in before verification, verifies once, then signs in", async () => {
    await signUpAda();
    expect(await signInWithPassword("ada@example.com", "analytical")).toMatchObject({
      ok: false,
      reason: "unverified",
      message: AUTH_TEXT.emailNotVerified,
    });
    const token = new URL(linkIn(outbox[0]!.text)).searchParams.get("token")!;
    const verified = await verifyEmail(token);
    expect(verified.ok).toBe(true);
    expect(await verifyEmail(token)).toEqual({ ok: false, message: AUTH_TEXT.verifyLinkInvalid });
    expect(await signInWithPassword("ada@example.com", "analytical")).toMatchObject({ ok: true });
    expect(await signInWithPassword("ada@example.com", "wrong-password")).toEqual({
      ok: false,
      reason: "invalid",
      message: AUTH_TEXT.invalidCredentials,
    });
    expect(await signInWithPassword("nobody@example.com", "analytical")).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("resends a verification link only to an unverified account, voiding the older one", async () => {
    await signUpAda();
    const first = new URL(linkIn(outbox[0]!.text)).searchParams.get("token")!;
    await resendVerification("ada@example.com");
    await resendVerification("nobody@example.com");
    expect(outbox).toHaveLength(2);
    expect((await verifyEmail(first)).ok).toBe(false);
    const second = new URL(linkIn(outbox[1]!.text)).searchParams.get("token")!;
    expect((await verifyEmail(second)).ok).toBe(true);
    await resendVerification("ada@example.com");
    expect(outbox).toHaveLength(2);
  });

  it("locks an account after too many failed sign-ins, from any address, until the window ends", async () => {
    process.env.RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT = "3";
    resetEnvForTests();
    await makeUser({ email: "ada@example.com", password: "analytical" });
    for (let i = 0; i < 3; i++) expect((await signInWithPassword("ada@example.com", "nope")).ok).toBe(false);
    const locked = await signInWithPassword("ada@example.com", "analytical");
    expect(locked).toMatchObject({ ok: false, reason: "locked" });
    if (!locked.ok && locked.reason === "locked") expect(locked.retryAfterSeconds).toBeGreaterThan(0);
    // Another account is not affected.
    await makeUser({ email: "grace@example.com", password: "analytical" });
    expect((await signInWithPassword("grace@example.com", "analytical")).ok).toBe(true);
  });

  it("a successful sign-in clears the account's failures", async () => {
    process.env.RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT = "3";
    resetEnvForTests();
    await makeUser({ email: "ada@example.com", password: "analytical" });
    for (let i = 0; i < 2; i++) await signInWithPassword("ada@example.com", "nope");
    expect((await signInWithPassword("ada@example.com", "analytical")).ok).toBe(true);
    for (let i = 0; i < 2; i++) await signInWithPassword("ada@example.com", "nope");
    expect((await signInWithPassword("ada@example.com", "analytical")).ok).toBe(true);
  });

  it("resets a password with the mailed pair of tokens once, ending every session", async () => {
    const user = await makeUser({ email: "ada@example.com", password: "analytical" });
    await signIn(new Request("http://localhost:3000/"), user.id);
    await signIn(new Request("http://localhost:3000/"), user.id);
    await requestPasswordReset("nobody@example.com");
    expect(outbox).toHaveLength(0);
    await requestPasswordReset("ada@example.com");
    const link = new URL(linkIn(outbox[0]!.text));
    expect(link.origin + link.pathname).toBe("http://localhost:3000/reset-password");
    expect(link.searchParams.get("type")).toBe("recovery");
    const accessToken = link.searchParams.get("access_token")!;
    const refreshToken = link.searchParams.get("refresh_token")!;
    expect(accessToken).not.toBe(refreshToken);

    expect(await resetPassword({ accessToken, refreshToken: "wrong", password: "NewPassw0rd" })).toEqual({ ok: false });
    expect(await resetPassword({ accessToken, refreshToken, password: "NewPassw0rd" })).toEqual({ ok: true, userId: user.id });
    expect(await resetPassword({ accessToken, refreshToken, password: "Other0ne!" })).toEqual({ ok: false });
    expect(await db().select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);
    expect((await signInWithPassword("ada@example.com", "analytical")).ok).toBe(false);
    expect((await signInWithPassword("ada@example.com", "NewPassw0rd")).ok).toBe(true);
  });

  it("a newer reset request voids the older link", async () => {
    await makeUser({ email: "ada@example.com", password: "analytical" });
    await requestPasswordReset("ada@example.com");
    await requestPasswordReset("ada@example.com");
    const [older, newer] = outbox.map((m) => new URL(linkIn(m.text)).searchParams);
    const pair = (q: URLSearchParams) => ({ accessToken: q.get("access_token")!, refreshToken: q.get("refresh_token")! });
    expect(await resetPassword({ ...pair(older!), password: "NewPassw0rd" })).toEqual({ ok: false });
    expect((await resetPassword({ ...pair(newer!), password: "NewPassw0rd" })).ok).toBe(true);
  });
});
