import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, test } from "../support/e2e";

/**
 * The settings forms keep their Save button, and never drop what was typed without a word
 * (docs/decisions/016-never-lose-an-edit.md): leaving with unsaved changes asks first, and
 * a reload brings them back to be saved or discarded.
 */
async function reloadAccepting(page: Page) {
  const asked = page.waitForEvent("dialog").then(async (dialog) => {
    const type = dialog.type();
    await dialog.accept();
    return type;
  });
  await page.reload();
  expect(await asked).toBe("beforeunload");
}

test.describe("settings forms with JavaScript", () => {
  test("workspace settings: leaving asks first, a reload brings the changes back, saving lets them go", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Greta Guard" });
    await page.goto("/settings");
    await page.getByLabel("Workspace name").fill("Greta's studio");

    // A link away asks; staying keeps the text.
    const asked = page.waitForEvent("dialog").then(async (dialog) => {
      const seen = { type: dialog.type(), message: dialog.message() };
      await dialog.dismiss();
      return seen;
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    expect(await asked).toEqual({ type: "confirm", message: "You have changes that are not saved. Leave this page and lose them?" });
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByLabel("Workspace name")).toHaveValue("Greta's studio");

    // A reload asks too, and the text comes back.
    await reloadAccepting(page);
    await expect(page.getByLabel("Workspace name")).toHaveValue("Greta's studio");
    await expect(page.getByText("Your unsaved changes from before the page reloaded are back. Save to keep them.")).toBeVisible();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Workspace settings saved")).toBeVisible();
    await expect(page.getByText("Your unsaved changes from before the page reloaded are back.")).toHaveCount(0);

    // Saved: nothing holds the way out.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("profile: discarding restored changes puts back what is saved", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Pat Profile" });
    await page.goto("/profile");
    await page.getByLabel("Full Name").fill("Patricia Profile");
    await reloadAccepting(page);
    await expect(page.getByLabel("Full Name")).toHaveValue("Patricia Profile");
    await page.getByRole("button", { name: "Discard them" }).click();
    await expect(page.getByLabel("Full Name")).toHaveValue("Pat Profile");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL(/\/team$/);
  });

  test("project settings: a reload brings the menu back open with the unsaved name", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Mia Menu" });
    await createProject(page, "Menu project");
    const settings = page.locator("details").filter({ has: page.locator("summary", { hasText: "Project settings" }) });
    await settings.locator("summary").click();
    await settings.getByLabel("Name").fill("Menu project, renamed");
    await reloadAccepting(page);
    await expect(settings.getByLabel("Name")).toBeVisible();
    await expect(settings.getByLabel("Name")).toHaveValue("Menu project, renamed");
    await settings.getByRole("button", { name: "Save project" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Menu project, renamed" })).toBeVisible();
  });
});
