import type { Page } from "@playwright/test";
import { column } from "./board-helpers";
import { expect } from "./e2e";

/** Move a card from In progress to Done through the card panel's form (works without JavaScript). */
export async function finishCard(page: Page, boardUrl: string, title: string) {
  await page.goto(boardUrl);
  await column(page, "In progress")
    .getByRole("link", { name: new RegExp(title) })
    .click();
  await page.getByLabel("Column", { exact: true }).selectOption({ label: "Done" });
  await page.getByRole("button", { name: "Move card", exact: true }).click();
  await expect(page.getByText("Moved to Done.")).toBeVisible();
}

/** /analytics with the project picked through the range form (a plain GET form). */
export async function openProjectCharts(page: Page, name: string) {
  await page.goto("/analytics");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: name });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${name}: `) })).toBeVisible();
}
