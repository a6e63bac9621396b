import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { addCard, column, createProject } from "../support/board-helpers";
import { expect, test } from "../support/e2e";

/** A date long past: whatever today is, a card due then is late unless it is finished. */
const LONG_AGO = "2020-01-15";

function dueOn(page: Page, title: string) {
  return page.locator("li[data-card-id]").filter({ hasText: title });
}

async function moveTo(page: Page, columnName: string) {
  await page.getByLabel("Column", { exact: true }).selectOption({ label: columnName });
  await page.getByRole("button", { name: "Move card", exact: true }).click();
  await expect(page.getByText(`Moved to ${columnName}.`)).toBeVisible();
}

test.describe("a finished card is never overdue, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a late card moved to Done loses its red Overdue, leaves the Overdue filter and My work's count", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Olive Overdue" });
    const boardUrl = await createProject(page, "Late work");
    await addCard(page, "In progress", "Ship the release");
    await column(page, "In progress")
      .getByRole("link", { name: /Ship the release/ })
      .click();
    await page.getByRole("button", { name: "Assign Olive Overdue" }).click();
    await page.getByLabel("Due date", { exact: true }).fill(LONG_AGO);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Card saved.")).toBeVisible();

    // Open and late: red "Overdue" on its face, under the Overdue filter, counted on the dashboard.
    await page.goto(boardUrl);
    await expect(dueOn(page, "Ship the release").getByText("Overdue · Jan 15")).toBeVisible();
    await page.goto(`${boardUrl}?due=overdue`);
    await expect(page.getByRole("link", { name: /Ship the release/ })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page.getByText(/1 open card assigned to you, 1 overdue\./)).toBeVisible();

    // Done: the date stays, the alarm goes.
    await page.goto(boardUrl);
    await column(page, "In progress")
      .getByRole("link", { name: /Ship the release/ })
      .click();
    await moveTo(page, "Done");
    await page.goto(boardUrl);
    const face = dueOn(page, "Ship the release");
    await expect(face.getByText("Due Jan 15")).toBeVisible();
    await expect(face.getByText(/Overdue/)).toHaveCount(0);
    await expect(face.locator(".text-red-700")).toHaveCount(0);
    await page.goto(`${boardUrl}?due=overdue`);
    await expect(page.getByRole("link", { name: /Ship the release/ })).toHaveCount(0);
    await page.goto("/dashboard");
    await expect(page.getByText(/0 open cards assigned to you\./)).toBeVisible();
    await expect(page.getByText(/overdue\./)).toHaveCount(0);
  });
});

test.describe("a finished card is never overdue, with JavaScript", () => {
  test("a late card moved to Done loses its red Overdue on the board at once", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Jules Javascript" });
    await createProject(page, "Late live");
    await addCard(page, "Review", "Check the copy");
    await column(page, "Review")
      .getByRole("link", { name: /Check the copy/ })
      .click();
    // The due date saves as soon as it is set.
    await page.getByLabel("Due date", { exact: true }).fill(LONG_AGO);
    await expect(page.getByText("Card saved.")).toBeVisible();
    const face = dueOn(page, "Check the copy");
    await expect(face.getByText("Overdue · Jan 15")).toBeVisible();

    await moveTo(page, "Done");
    await expect(column(page, "Done").getByRole("link", { name: /Check the copy/ })).toBeVisible();
    await expect(face.getByText("Due Jan 15")).toBeVisible();
    await expect(face.getByText(/Overdue/)).toHaveCount(0);
    await page.getByLabel("Filter by due date").selectOption("overdue");
    await expect(page).toHaveURL(/due=overdue/);
    await expect(page.getByRole("link", { name: /Check the copy/ })).toHaveCount(0);
  });
});
