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
      // The form is empty again, ready for the next person (with JavaScript it keeps focus there).
      await expect(page.getByLabel("Email Address")).toHaveValue("");
      if (js) await expect(page.getByLabel("Email Address")).toBeFocused();
      const firstLink = (await waitForMail({ to: gone, subject: "invited you" })).links.find((l) => l.includes("/invite/"))!;

      // Sending it again is a resend: the same link, so the first e-mail keeps working, and one seat.
      const seats = await page.getByText(/seats used/).textContent();
      await page.getByLabel("Email Address").fill(gone);
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText(`We e-mailed ${gone} again. The link in their earlier e-mail works too.`)).toBeVisible();
      await expect(page.getByText(seats!)).toBeVisible();
      await expect(page.getByText("Pending invitations (1)")).toBeVisible();
      const secondLink = (await waitForMail({ to: gone, subject: "invited you" })).links.find((l) => l.includes("/invite/"))!;
      expect(secondLink).toBe(firstLink);
      const invitee = await browser.newContext({ javaScriptEnabled: js });
      const ip = await invitee.newPage();
      await ip.goto(firstLink);
      await expect(ip.getByRole("heading", { level: 1, name: /^Join / })).toBeVisible();

      // From the keyboard: the toast of the send above may still sit over the row's buttons
      // (bottom right), held open while the pointer rests on it.
      await page.getByRole("button", { name: `Resend to ${gone}` }).press("Enter");
      await expect(page.getByText("Invitation sent again")).toBeVisible();

      // Revoking asks first.
      const row = page.getByRole("listitem").filter({ hasText: gone });
      await row.getByText("Revoke", { exact: true }).click();
      const confirmRevoke = row.getByRole("button", { name: `Yes, revoke the invitation to ${gone}` });
      await expect(row.getByText(`The link sent to ${gone} stops working.`)).toBeVisible();
      if (js) await expect(confirmRevoke).toBeFocused();
      await confirmRevoke.click();
      await expect(page.getByText("Invitation revoked")).toBeVisible();
      await expect(page.getByText("Pending invitations (0)")).toBeVisible();
      // With JavaScript the row is gone without a reload: focus goes to its list's heading.
      if (js) await expect(page.getByRole("heading", { name: "Pending invitations (0)" })).toBeFocused();
      await ip.goto(firstLink);
      await expect(ip.getByText("This invitation was revoked.")).toBeVisible();
      await invitee.close();

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

      // A member's user menu has no Billing (the page would refuse them).
      await expect(mp.getByTestId("user-role")).toHaveText("Member");
      await mp.getByTestId("user-name").click();
      const mateMenu = mp.locator("details[open] [data-dropdown-panel]");
      await expect(mateMenu.getByRole("link", { name: "Profile" })).toBeVisible();
      await expect(mateMenu.getByRole("link", { name: "Billing" })).toHaveCount(0);

      // On a phone, with a member and a pending invitation, nothing is wider than the screen.
      const pending = uniqueEmail("pending");
      await page.getByLabel("Email Address").fill(pending);
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText(`We e-mailed an invitation to ${pending}.`)).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/team");
      await expect(page.getByRole("link", { name: "Mo Mate" })).toBeVisible();
      await expect(page.getByRole("button", { name: `Resend to ${pending}` })).toBeVisible();
      const overflow = await page.evaluate(() => ({
        fits: document.documentElement.scrollWidth <= window.innerWidth,
        // What sticks out, to say why when it does not fit.
        wide: [...document.querySelectorAll("main *")]
          .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > window.innerWidth)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
      }));
      expect(overflow.fits, `wider than the screen: ${overflow.wide.join(", ")}`).toBe(true);
      // The confirmation naming a long address fits too.
      const pendingRow = page.getByRole("listitem").filter({ hasText: pending });
      await pendingRow.getByText("Revoke", { exact: true }).click();
      await expect(pendingRow.getByRole("button", { name: `Yes, revoke the invitation to ${pending}` })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await pendingRow.getByText("Revoke", { exact: true }).click();
      // The member's name and address get the row's width, not a sliver beside the controls.
      const nameBox = (await page.getByRole("listitem").filter({ hasText: "Mo Mate" }).getByText(mate).boundingBox())!;
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(390);
      expect(nameBox.width).toBeGreaterThan(150);
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.getByLabel("Role of Mo Mate").selectOption("admin");
      await page.getByRole("listitem").filter({ hasText: "Mo Mate" }).getByRole("button", { name: "Change role" }).click();
      await expect(page.getByText("Role changed")).toBeVisible();
      await page.getByRole("link", { name: "Mo Mate" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Mo Mate" })).toBeVisible();
      await expect(page.getByText(/Admin · joined/)).toBeVisible();
      // An admin may see billing: the item is back.
      await mp.goto("/dashboard");
      await mp.getByTestId("user-name").click();
      await expect(mp.locator("details[open] [data-dropdown-panel]").getByRole("link", { name: "Billing" })).toHaveAttribute(
        "href",
        "/billing",
      );

      // Removing asks first: nothing happens until "Yes, remove Mo Mate".
      await page.goto("/team");
      await page.getByText("Remove Mo Mate", { exact: true }).click();
      await expect(page.getByText(/Mo Mate loses access to .* at once/)).toBeVisible();
      const confirmRemove = page.getByRole("button", { name: "Yes, remove Mo Mate" });
      if (js) {
        await expect(confirmRemove).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(confirmRemove).toBeHidden();
        await expect(page.getByText("Remove Mo Mate", { exact: true })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(confirmRemove).toBeFocused();
      }
      await confirmRemove.click();
      await expect(page.getByText("Member removed")).toBeVisible();
      if (js) await expect(page.getByRole("heading", { name: "Members (1)" })).toBeFocused();

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
      await page.evaluate(() =>
        document.querySelectorAll("[required],[maxlength]").forEach((el) => {
          el.removeAttribute("required");
        }),
      );
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
      // The account's owner hears of it by e-mail, with the way back if it was not them.
      const notice = await waitForMail({ to: account.email, subject: "Your Atelier password was changed" });
      expect(notice.text).toContain("Every other session was signed out.");
      expect(notice.text).toContain("/auth?mode=reset");

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
