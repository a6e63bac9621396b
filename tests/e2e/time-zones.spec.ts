import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { addCard, column, createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";

/**
 * Time zones (issue 11): every date is shown in the user's zone, detected from the browser with
 * JavaScript, chosen in /profile (a plain form, with or without JavaScript), UTC until known; and
 * a due date is overdue once its day is over in that zone.
 */

async function chooseZone(page: Page, zone: string) {
  await page.goto("/profile");
  await page.getByRole("combobox", { name: "Time zone" }).selectOption(zone);
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Time zone saved")).toBeVisible();
  await expect(page.getByText(`Dates and times are shown in ${zone} time`)).toBeVisible();
}

test.describe("the time zone in /profile without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says dates are in UTC until a zone is chosen, then shows them in it", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Uma Utc" });
    await page.goto("/profile");
    await expect(page.getByText(/Dates and times are shown in UTC: your browser's time zone was not detected/)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("UTC");
    await expect(page.getByText(/Signed in [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC/)).toBeVisible();

    await chooseZone(page, "America/New_York");
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("America/New_York");
    await expect(page.getByText(/Signed in [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} E[SD]T/)).toBeVisible();
  });
});

test.describe("the time zone with JavaScript", () => {
  test.use({ timezoneId: "Europe/Berlin" });

  test("is detected from the browser on sign-up, and can be changed in /profile", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Bea Berlin" });
    await page.goto("/profile");
    await expect(page.getByText("Dates and times are shown in Europe/Berlin time")).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/Berlin");
    await expectNoA11yViolations(page); // axe runs in the page: JavaScript on only
    await expect(page.getByText(/Signed in [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} GMT\+[12]/)).toBeVisible();

    await chooseZone(page, "Pacific/Honolulu");
    await page.reload();
    // A reload in a browser still set to Berlin keeps the chosen zone.
    await expect(page.getByRole("combobox", { name: "Time zone" })).toHaveValue("Pacific/Honolulu");
    await expect(page.getByText(/Signed in [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} HST/)).toBeVisible();
  });
});

test.describe("due dates judged in the user's time zone, without JavaScript", () => {
  test.use({ javaScriptEnabled: false, timezoneId: "UTC" });

  test("a card due near midnight is overdue where the user is, not where the server is", async ({ page }) => {
    // Choose a zone whose calendar day differs from UTC's right now: UTC+14 is already on
    // tomorrow from 10:00 UTC; UTC−11 is still on yesterday until 11:00 UTC.
    const now = new Date();
    const ahead = now.getUTCHours() >= 10;
    const zone = ahead ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const utcToday = now.toISOString().slice(0, 10);
    const utcYesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    // Ahead: due today in UTC, overdue in UTC+14. Behind: due yesterday, overdue in UTC, not in UTC−11.
    const due = ahead ? utcToday : utcYesterday;

    await signUpAndVerify(page, { fullName: "Zed Zone" });
    const boardUrl = await createProject(page, "Midnight");
    await addCard(page, "To do", "Near midnight");
    await column(page, "To do")
      .getByRole("link", { name: /Near midnight/ })
      .click();
    await page.getByLabel("Due date", { exact: true }).fill(due);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Card saved.")).toBeVisible();

    const face = () => page.locator("li[data-card-id]").filter({ hasText: "Near midnight" });
    await page.goto(boardUrl);
    await expect(face().getByText(ahead ? /^Due / : /^Overdue · /)).toBeVisible();

    await chooseZone(page, zone);
    await page.goto(boardUrl);
    await expect(face().getByText(ahead ? /^Overdue · / : /^Due /)).toBeVisible();
    await page.goto(`${boardUrl}?due=overdue`);
    await expect(page.getByRole("link", { name: /Near midnight/ })).toHaveCount(ahead ? 1 : 0);
  });
});
