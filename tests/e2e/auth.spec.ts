import type { Page } from "@playwright/test";
import { DEFAULT_PASSWORD, signInAs, signUp, signUpAndVerify, verificationLink, verifyByLink } from "../support/auth-helpers";
import {
  closedBetaURL,
  expect,
  expectNoA11yViolations,
  isHydrated,
  setOAuthIdentity,
  test,
  uniqueEmail,
  waitForHydration,
  waitForMail,
} from "../support/e2e";

const ACCOUNT_CREATED = "Account created! Please check your email to verify your account.";
const RESET_SENT = "Password reset email sent! Please check your inbox.";

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
}

async function requestReset(page: Page, email: string) {
  await page.goto("/auth?mode=reset");
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(page.getByText(RESET_SENT)).toBeVisible();
  const mail = await waitForMail({ to: email, subject: "Reset your Atelier password" });
  const link = mail.links.find((l) => l.includes("/reset-password?"));
  expect(link).toBeTruthy();
  return link!;
}

test.describe("accounts with JavaScript", () => {
  test("sign up, verify by the e-mailed link, sign out to /, sign in again", async ({ page }) => {
    const account = await signUp(page, { fullName: "Ada Lovelace" });
    // The form gives way to "check your e-mail", naming the address, with a resend.
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeFocused();
    await expect(page.getByText(`We sent a verification link to ${account.email}.`)).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
    await verificationLink(account.email); // the first mail
    await page.getByRole("button", { name: "Resend verification e-mail" }).click();
    await expect(page.getByText("Verification email sent! Please check your inbox.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    const link = await verificationLink(account.email); // the second one
    expect(link.startsWith("http://localhost:")).toBe(true);

    // Opening the link spends nothing: it asks for a click first.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Verify your email address" })).toBeVisible();
    await page.reload();
    await verifyByLink(page, link);
    await expect(page.getByText("Email verified")).toBeVisible();

    await signOut(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/");

    await signInAs(page, account.email, account.password);
    await expect(page.getByText("Successfully signed in!")).toBeVisible();

    // The verification link is spent: signed in, opening it again just says so.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Your e-mail address is verified" })).toBeVisible();
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByText("This verification link is invalid or has already been used.")).toBeVisible();
  });

  test("an unverified account cannot sign in until it verifies, and can ask for a new link", async ({ page }) => {
    const account = await signUp(page);
    await waitForMail({ to: account.email, subject: "Verify your email" });
    await page.goto("/auth");
    await page.getByLabel("Email Address").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please verify your email address" })).toBeVisible();
    await page.getByRole("button", { name: "Resend verification e-mail" }).click();
    await expect(page.getByText("Verification email sent! Please check your inbox.")).toBeVisible();
    await verifyByLink(page, await verificationLink(account.email));
  });

  test("reset by the e-mailed link ends the other sessions; the new password signs in", async ({ page, browser }) => {
    const account = await signUpAndVerify(page);
    const other = await browser.newContext();
    const visitor = await other.newPage();
    const link = await requestReset(visitor, account.email);

    await visitor.goto(link);
    await expect(visitor.getByText("Must be at least 8 characters with uppercase, lowercase, and numbers")).toBeVisible();
    await waitForHydration(visitor);
    const newPassword = visitor.getByLabel("New password", { exact: true });
    await newPassword.fill("weakpass");
    await visitor.getByRole("button", { name: "Show new password" }).click();
    await expect(newPassword).toHaveAttribute("type", "text");
    await visitor.getByLabel("Confirm password", { exact: true }).fill("weakpass");
    await visitor.getByRole("button", { name: "Reset Password" }).click();
    await expect(visitor.getByText("Password must contain at least one uppercase letter")).toBeVisible();

    await newPassword.fill("Fresh-Start-42");
    await visitor.getByLabel("Confirm password", { exact: true }).fill("Fresh-Start-42");
    await visitor.getByRole("button", { name: "Reset Password" }).click();
    await expect(visitor.getByRole("heading", { name: "Password Reset Successful" })).toBeVisible();
    await expect(visitor.getByText("Your password has been reset successfully!").first()).toBeVisible();
    await visitor.waitForURL((url) => url.pathname === "/login");

    // The first browser's session was ended by the reset.
    await page.goto("/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/");

    await visitor.getByLabel("Email Address").fill(account.email);
    await visitor.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
    await visitor.getByRole("button", { name: "Sign In" }).click();
    await expect(visitor.getByText("Invalid email or password")).toBeVisible();
    await signInAs(visitor, account.email, "Fresh-Start-42");

    // The link worked once.
    await other.clearCookies();
    await visitor.goto(link);
    await expect(visitor.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(visitor.getByText("Invalid reset token. Please request a new password reset.")).toBeVisible();
    await other.close();
  });

  test("guards: signed out, /dashboard goes to /; signed in, /auth goes to /dashboard", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await signUpAndVerify(page);
    for (const path of ["/auth", "/login", "/auth?mode=signup", "/reset-password"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL((url) => url.pathname === "/dashboard");
    }
  });

  for (const provider of ["google", "github"] as const) {
    const label = provider === "google" ? "Google" : "GitHub";
    test(`${label} sign-in: a full round trip through the local OAuth2 server`, async ({ page }) => {
      const email = uniqueEmail(`${provider}-user`);
      await setOAuthIdentity(provider, { id: `${provider}-${email}`, email, name: `${label} Person` }, page);
      await page.goto("/auth");
      await page.getByRole("button", { name: `Continue with ${label}` }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
      await expect(page.getByText("Successfully signed in!")).toBeVisible();
      await signOut(page);

      // The same identity comes back to the same account.
      await setOAuthIdentity(provider, { id: `${provider}-${email}`, email, name: `${label} Person` }, page);
      await page.goto("/auth?mode=signup");
      await page.getByRole("button", { name: `Continue with ${label}` }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");
    });
  }

  test("OAuth refused at the provider comes back to /auth with the message", async ({ page }) => {
    await setOAuthIdentity("github", { id: "denier", email: uniqueEmail("denier"), name: "Denier", denied: true }, page);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await expect(page.getByRole("alert").filter({ hasText: "GitHub authentication failed" })).toBeVisible();
  });

  test("field messages appear before posting, and the button reads 'Processing...' while it posts", async ({ page }) => {
    await page.goto("/auth?mode=signup");
    await waitForHydration(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await expect(page.getByText("Please confirm your password")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toBeFocused();
    await expect(page.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);

    await page.getByLabel("Full Name").fill("Ada");
    await page.getByLabel("Email Address").fill("ada@");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Full name is required")).toHaveCount(0);

    // Hold the post until the busy state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/auth"),
      async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      },
    );
    await page.getByLabel("Email Address").fill(uniqueEmail("busy"));
    await page.getByLabel("Password", { exact: true }).fill("analytical");
    await page.getByLabel("Confirm Password").fill("analytical");
    await page.getByRole("button", { name: "Create Account" }).click();
    const busy = page.getByRole("button", { name: "Processing..." });
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByText(ACCOUNT_CREATED)).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend verification e-mail" })).toBeEnabled();
  });

  test("mode links switch modes and clear messages", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByText("Email is required")).toHaveCount(0);
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue with Google" })).toHaveCount(0);
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  });

  test("the auth screens pass axe", async ({ page }) => {
    for (const path of ["/auth", "/auth?mode=signup", "/auth?mode=reset", "/reset-password"]) {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoA11yViolations(page);
    }
    await page.goto("/auth?mode=signup");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

test.describe("accounts without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("field messages come from the server, and sign-up, verification and sign-in work", async ({ page }) => {
    await page.goto("/auth?mode=signup");
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Full name is required")).toBeVisible();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Please confirm your password")).toBeVisible();

    const email = uniqueEmail("nojs");
    await page.getByLabel("Full Name").fill("No Script");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("analytical");
    await page.getByLabel("Confirm Password").fill("analytica1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await page.getByLabel("Password", { exact: true }).fill("analytical");
    await page.getByLabel("Confirm Password").fill("analytical");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText(ACCOUNT_CREATED)).toBeVisible();
    await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
    // "Use a different e-mail address" brings the empty form back.
    await page.getByRole("link", { name: "Use a different e-mail address" }).click();
    await expect(page.getByLabel("Full Name")).toHaveValue("");

    await verifyByLink(page, await verificationLink(email));
    await expect(page.getByText("Email verified")).toBeVisible();
    await signOut(page);
    await page.goto("/auth?mode=signin");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();
    await signInAs(page, email, "analytical");
    await expect(page.getByText("Successfully signed in!")).toBeVisible();
  });

  test("a reset works end to end, and the success page moves on to /login by itself", async ({ page, browser }) => {
    const withJs = await browser.newContext({ javaScriptEnabled: true });
    const account = await signUpAndVerify(await withJs.newPage());
    await withJs.close();

    const link = await requestReset(page, account.email);
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("Fresh-Start-42");
    await page.getByLabel("Confirm password", { exact: true }).fill("Fresh-Start-43");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("Fresh-Start-42");
    await page.getByLabel("Confirm password", { exact: true }).fill("Fresh-Start-42");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Password Reset Successful" })).toBeVisible();
    await page.waitForURL((url) => url.pathname === "/login");
    await expect(page.getByText("Your password has been reset successfully!")).toBeVisible();
    await signInAs(page, account.email, "Fresh-Start-42");
  });
});

test.describe("closed beta (public sign-up off)", () => {
  test("sign-up asks for an invite code and refuses without a valid one", async ({ page }) => {
    await page.goto(`${closedBetaURL}/auth?mode=signup&invite=ATL-ABC234&email=someone%40atelier.test`);
    await expect(page.getByLabel("Invite code")).toHaveValue("ATL-ABC234");
    await expect(page.getByLabel("Email Address")).toHaveValue("someone@atelier.test");
    await page.getByLabel("Full Name").fill("Someone");
    await page.getByLabel("Password", { exact: true }).fill("analytical");
    await page.getByLabel("Confirm Password").fill("analytical");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("That invite code is not valid or has already been used.")).toBeVisible();
    await expect(page.getByLabel("Invite code")).toHaveAttribute("aria-invalid", "true");
  });
});
