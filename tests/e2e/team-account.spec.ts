import type { Page } from "@playwright/test";
import { DEFAULT_PASSWORD, signInAs, signUpAndVerify, verificationLink, verifyByLink } from "../support/auth-helpers";
import { expect, expectNoA11yViolations, test, uniqueEmail, waitForMail } from "../support/e2e";

async function newProject(page: Page, name: string) {
  await page.goto("/projects");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

for (const js of [true, false]) {
  test.describe(`team, settings, profile and dashboard with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("invite, revoke and resend; re-role and remove a member", async ({ page, browser }) => {
      await signUpAndVerify(page, { fullName: "Tara Teamlead" });
      await page.goto("/team");
      await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();

      // Bad input: a clear message, nothing sent.
      await page.getByLabel("Email Address").fill("not-an-email");
      await page.evaluate(() => document.querySelectorAll("input[type=email]").forEach((el) => el.setAttribute("type", "text")));
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByRole("alert")).toHaveText(/Please enter a valid email address/);

      const gone = uniqueEmail("gone");
      await page.getByLabel("Email Address").fill(gone);
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText(`We e-mailed an invitation to ${gone}.`)).toBeVisible();
      await page.getByRole("button", { name: `Resend to ${gone}` }).click();
      await expect(page.getByText("Invitation sent again")).toBeVisible();
      await page.getByRole("listitem").filter({ hasText: gone }).getByRole("button", { name: "Revoke" }).click();
      await expect(page.getByText("Invitation revoked")).toBeVisible();
      await expect(page.getByText("Pending invitations (0)")).toBeVisible();

      // A colleague joins, is made an admin, then removed.
      const mate = uniqueEmail("mate");
      await page.getByLabel("Email Address").fill(mate);
      await page.getByRole("button", { name: "Send invitation" }).click();
      const invite = (await waitForMail({ to: mate, subject: "invited you" })).links.find((l) => l.includes("/invite/"))!;
      const other = await browser.newContext();
      const mp = await other.newPage();
      await mp.goto(invite);
      await mp.getByRole("link", { name: "Create an account" }).click();
      await mp.getByLabel("Full Name").fill("Mo Mate");
      await mp.getByLabel("Email Address").fill(mate);
      await mp.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
      await mp.getByLabel("Confirm Password").fill(DEFAULT_PASSWORD);
      await mp.getByRole("button", { name: "Create Account" }).click();
      await verifyByLink(mp, await verificationLink(mate));

      await page.goto("/team");
      await page.getByLabel("Role of Mo Mate").selectOption("admin");
      await page.getByRole("listitem").filter({ hasText: "Mo Mate" }).getByRole("button", { name: "Change role" }).click();
      await expect(page.getByText("Role changed")).toBeVisible();
      await page.getByRole("link", { name: "Mo Mate" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Mo Mate" })).toBeVisible();
      await expect(page.getByText(/Admin · joined/)).toBeVisible();
      await page.goto("/team");
      await page.getByRole("button", { name: "Remove Mo Mate" }).click();
      await expect(page.getByText("Member removed")).toBeVisible();

      // Removed: the colleague's next request no longer shows the workspace's team.
      await mp.goto("/team");
      await expect(mp.getByText("Tara Teamlead")).toHaveCount(0);
      await other.close();
      if (js) await expectNoA11yViolations(page); // axe runs in the page: the same pages are checked in the JS-on run
    });

    test("settings, profile and the dashboard's quick create", async ({ page }) => {
      const account = await signUpAndVerify(page, { fullName: "Sam Settings" });

      await page.goto("/settings");
      await page.getByLabel("Workspace address").fill("Not OK!");
      await page.evaluate(() => document.querySelectorAll("[required],[maxlength]").forEach((el) => { el.removeAttribute("required"); }));
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Use lower-case letters, digits and single hyphens.")).toBeVisible();
      await page.getByLabel("Workspace name").fill("Studio Sam");
      await page.getByLabel("Workspace address").fill(`studio-${Date.now()}`);
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByText("Workspace settings saved")).toBeVisible();
      await expect(page.getByLabel("Workspace name")).toHaveValue("Studio Sam");

      await page.goto("/profile");
      await page.getByLabel("Full Name").fill("Samantha Settings");
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(page.getByText("Profile saved")).toBeVisible();
      await expect(page.getByLabel("Full Name")).toHaveValue("Samantha Settings");
      await page.getByLabel("Current password").last().fill("wrong-password");
      await page.getByLabel("New password").fill("Better-Pass-1");
      await page.getByLabel("Confirm Password").fill("Better-Pass-1");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Your current password is not correct.")).toBeVisible();
      await page.getByLabel("Current password").last().fill(account.password);
      await page.getByLabel("New password").fill("Better-Pass-1");
      await page.getByLabel("Confirm Password").fill("Better-Pass-1");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Password changed")).toBeVisible();

      await newProject(page, "Quick");
      await page.goto("/dashboard");
      await page.getByLabel("Card title").fill("Call the printer");
      await page.getByRole("button", { name: "Create card" }).click();
      await expect(page.getByText(/Card #1 created in Quick/)).toBeVisible();

      // The new password works.
      await page.context().clearCookies();
      await signInAs(page, account.email, "Better-Pass-1");
      await expect(page).toHaveURL(/\/dashboard$/);
      if (js) await expectNoA11yViolations(page); // axe runs in the page: the same pages are checked in the JS-on run
    });
  });
}
