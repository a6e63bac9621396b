import { signUpAndVerify } from "../support/auth-helpers";
import { column, createProject } from "../support/board-helpers";
import { expect, test, waitForHydration } from "../support/e2e";

/**
 * The Ctrl/Cmd+K palette's "New card" (issue 11): on a board it puts the cursor in the first
 * column's "+ Add a card" box; elsewhere it leads to the dashboard's Quick create. The Help menu
 * lists the shortcut.
 */
test("the palette's New card adds a card on the board and from the dashboard; Help lists Ctrl+K", async ({ page }) => {
  await signUpAndVerify(page, { fullName: "Pia Palette" });
  const boardUrl = await createProject(page, "Shortcuts");

  await page.goto(boardUrl);
  await waitForHydration(page);
  await page.locator("summary[aria-label='Help']").click();
  await expect(page.getByText("Search, go to a page or run a command (⌘K on a Mac)")).toBeVisible();
  await expect(page.locator("kbd", { hasText: "Ctrl+K" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Command palette" });
  await dialog.getByRole("combobox", { name: "Search or jump to" }).fill("new card");
  await expect(dialog.getByRole("option", { name: "New card" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  const box = column(page, "Backlog").getByRole("textbox", { name: "New card in Backlog" });
  await expect(box).toBeFocused();
  await page.keyboard.type("Made from the palette");
  await page.keyboard.press("Enter");
  await expect(column(page, "Backlog").getByRole("link", { name: /Made from the palette/ })).toBeVisible();

  await page.goto("/notifications");
  await waitForHydration(page);
  await page.keyboard.press("Control+k");
  await dialog.getByRole("combobox", { name: "Search or jump to" }).fill("new card");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard#quick-h$/);
  await page.getByLabel("Card title").fill("Quick from the palette");
  await page.getByRole("button", { name: "Create card" }).click();
  // The dashboard says so once the card is made; leaving before that could cancel the post.
  await expect(page.getByText(/Card #2 created in Shortcuts/)).toBeVisible();
  await page.goto(boardUrl);
  await expect(page.getByRole("link", { name: /Quick from the palette/ })).toBeVisible();
});
