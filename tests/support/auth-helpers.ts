/**
 * Accounts for end-to-end specs, made the way a user makes them: through the real
 * /auth form and the real verification e-mail.
 *
 *   const user = await signUpAndVerify(page);          // signed in, on /dashboard
 *   await signInAs(page, user.email, user.password);   // in another context
 *
 * `signUp`, `verifyByLink` and `signInAs` drive the pages as a person does (the auth
 * specs test those pages). `signUpAndVerify`, the first step of most other specs, posts
 * the same two forms from the page's own browser context (its cookies, its Origin) without
 * rendering them: the same actions, the same e-mail, the same session cookie, seconds
 * less per test.
 *
 * `origin` picks the app instance (e.g. closedBetaURL); default: the test's baseURL.
 */
import type { Page } from "@playwright/test";
import { baseURL, expect, uniqueEmail, waitForMail } from "./e2e";

export type TestAccount = { email: string; password: string; fullName: string };

export const DEFAULT_PASSWORD = "Correct-Horse-9";

/** The account a sign-up makes: the given fields, else a fresh address, the default password and "Test User". */
function accountOf(opts: { email?: string; password?: string; fullName?: string }): TestAccount {
  return {
    email: opts.email ?? uniqueEmail("user"),
    password: opts.password ?? DEFAULT_PASSWORD,
    fullName: opts.fullName ?? "Test User",
  };
}

/** Fills and posts the sign-up form; stops at "Account created!" (the account is unverified). */
export async function signUp(
  page: Page,
  opts: { email?: string; password?: string; fullName?: string; inviteCode?: string; origin?: string } = {},
): Promise<TestAccount> {
  const account = accountOf(opts);
  await page.goto(`${opts.origin ?? ""}/auth?mode=signup`);
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email Address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm Password").fill(account.password);
  if (opts.inviteCode) await page.getByLabel("Invite code").fill(opts.inviteCode);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created! Please check your email to verify your account.")).toBeVisible();
  return account;
}

/** The link of the next verification e-mail to `email`. */
export async function verificationLink(email: string): Promise<string> {
  const mail = await waitForMail({ to: email, subject: "Verify your email" });
  const link = mail.links.find((l) => l.includes("/auth/verify?token="));
  if (!link) throw new Error(`no verification link in the mail to ${email}:\n${mail.text}`);
  return link;
}

/** Opens the verification link and confirms: the page lands on /dashboard, signed in. */
export async function verifyByLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole("button", { name: "Verify email address" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
}

/** A new, verified account, signed in on `page` (which ends on /dashboard, hydrated). */
export async function signUpAndVerify(
  page: Page,
  opts: { email?: string; password?: string; fullName?: string; inviteCode?: string; origin?: string } = {},
): Promise<TestAccount> {
  const account = accountOf(opts);
  const origin = new URL(opts.origin ?? baseURL).origin;
  const form: Record<string, string> = {
    intent: "signup",
    fullName: account.fullName,
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
  };
  if (opts.inviteCode) form.inviteCode = opts.inviteCode;
  const signedUp = await page.request.post(`${origin}/auth?mode=signup`, { form, headers: { Origin: origin }, maxRedirects: 0 });
  const page1 = await signedUp.text();
  if (!page1.includes("Account created!")) {
    throw new Error(`sign-up of ${account.email} answered ${signedUp.status()} without "Account created!"`);
  }
  const link = await verificationLink(account.email);
  const token = new URL(link).searchParams.get("token") ?? "";
  const verified = await page.request.post(link, { form: { token }, headers: { Origin: origin }, maxRedirects: 0 });
  if (verified.status() !== 302 || !verified.headers()["location"]?.startsWith("/dashboard")) {
    throw new Error(`verifying ${account.email} answered ${verified.status()}, not a redirect to /dashboard`);
  }
  await page.goto(`${origin}/dashboard`);
  return account;
}

/** Signs in through the /auth form; the page ends on /dashboard (or `redirectTo`). */
export async function signInAs(
  page: Page,
  email: string,
  password: string,
  opts: { origin?: string; redirectTo?: string } = {},
): Promise<void> {
  const q = new URLSearchParams({ mode: "signin" });
  if (opts.redirectTo) q.set("redirectTo", opts.redirectTo);
  await page.goto(`${opts.origin ?? ""}/auth?${q}`);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const target = opts.redirectTo ? new URL(opts.redirectTo, "http://x").pathname : "/dashboard";
  await page.waitForURL((url) => url.pathname === target);
}
