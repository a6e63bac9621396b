import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, addCard, column, createProject, invite } from "../support/board-helpers";
import { expect, test, uniqueEmail } from "../support/e2e";

/**
 * Never lose an edit (docs/decisions/016-never-lose-an-edit.md): with JavaScript every
 * field of the card panel saves itself, closing the panel or leaving the page saves
 * first, a reload brings back what was typed, and two people editing different fields
 * of one card both keep their change. Without JavaScript the panel's one "Save changes"
 * writes only the fields the user changed.
 */
function panel(page: Page) {
  return page.locator('aside[aria-labelledby="card-detail-title"]');
}

async function openCard(page: Page, columnName: string, title: string) {
  await column(page, columnName)
    .getByRole("link", { name: new RegExp(title) })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

test.describe("the card panel saves every edit, with JavaScript", () => {
  test("a title edited and Escape pressed is saved; a description typed and the page reloaded is kept and saved", async ({
    page,
    context,
  }) => {
    await signUpAndVerify(page, { fullName: "Esme Escape" });
    await createProject(page, "No lost edits");
    await addCard(page, "To do", "Old title");
    await openCard(page, "To do", "Old title");

    // Escape closes the panel, after saving the title.
    await panel(page).getByLabel("Title", { exact: true }).fill("New title");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/task=/);
    await expect(column(page, "To do").getByRole("link", { name: /New title/ })).toBeVisible();
    await page.reload();
    await expect(column(page, "To do").getByRole("link", { name: /New title/ })).toBeVisible();

    // A reload while the description waits to be saved asks first, then brings the text back and saves it.
    await openCard(page, "To do", "New title");
    const cardUrl = page.url();
    await panel(page).getByLabel("Description").fill("Notes typed just before the reload");
    const asked = page.waitForEvent("dialog").then(async (dialog) => {
      const type = dialog.type();
      await dialog.accept();
      return type;
    });
    await page.reload();
    expect(await asked).toBe("beforeunload");
    await expect(panel(page).getByLabel("Description")).toHaveValue("Notes typed just before the reload");

    // It is on the server too: a new tab (its own session storage) shows it.
    const other = await context.newPage();
    await expect
      .poll(
        async () => {
          await other.goto(cardUrl);
          return panel(other).getByLabel("Description").inputValue();
        },
        { timeout: 15_000 },
      )
      .toBe("Notes typed just before the reload");
    await other.close();
  });

  test("shows a failed save, keeps the text and the panel open, and saves when asked again; Back saves first", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Fay Failure" });
    await createProject(page, "Flaky network");
    await addCard(page, "Backlog", "Sturdy card");
    await openCard(page, "Backlog", "Sturdy card");

    await page.route("**/api/projects/*/board", (route) => route.abort("internetdisconnected"));
    const title = panel(page).getByLabel("Title", { exact: true });
    await title.fill("Typed while offline");
    await title.press("Enter");
    await expect(panel(page).getByText(/^Not saved: the server could not be reached\./)).toBeVisible();
    await expect(title).toHaveValue("Typed while offline");
    // Closing does not drop it: the panel stays, with the text.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(title).toHaveValue("Typed while offline");

    await page.unroute("**/api/projects/*/board");
    await panel(page).getByRole("button", { name: "Save changes" }).click();
    await expect(panel(page).getByText("Card saved.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Typed while offline" })).toBeVisible();
    await expect(panel(page).getByRole("button", { name: "Save changes" })).toHaveCount(0);

    // Going Back with a description waiting to be saved: it is saved, then the panel closes.
    await panel(page).getByLabel("Description").fill("Saved on the way out");
    await page.goBack();
    await expect(page).not.toHaveURL(/task=/);
    await openCard(page, "Backlog", "Typed while offline");
    await expect(panel(page).getByLabel("Description")).toHaveValue("Saved on the way out");
  });

  test("two people edit different fields of one card at once: both changes stay", async ({ page, browser }) => {
    await signUpAndVerify(page, { fullName: "Lena Lead" });
    const boardUrl = await createProject(page, "Side by side");
    await addCard(page, "Backlog", "Shared card");
    const mayaEmail = uniqueEmail("maya");
    await invite(page, mayaEmail, "Member");
    const maya = await acceptInvitation(browser, mayaEmail, "Maya Member");

    await page.goto(boardUrl);
    await openCard(page, "Backlog", "Shared card");
    await maya.page.goto(page.url());
    await expect(maya.page.locator("[data-live-state=live]")).toBeVisible();
    await expect(maya.page.getByRole("heading", { level: 2, name: "Shared card" })).toBeVisible();

    // Maya writes the description; before it is saved, Lena renames the card and sets its priority.
    await panel(maya.page).getByLabel("Description").fill("Maya's description");
    await panel(page).getByLabel("Title", { exact: true }).fill("Lena's title");
    await panel(page).getByLabel("Title", { exact: true }).press("Enter");
    await panel(page).getByLabel("Priority", { exact: true }).selectOption("high");
    await expect(panel(page).getByText("Card saved.")).toBeVisible();
    // Maya's panel follows the fields she is not editing, and keeps her text.
    await expect(maya.page.getByRole("heading", { level: 2, name: "Lena's title" })).toBeVisible();
    await expect(panel(maya.page).getByLabel("Priority", { exact: true })).toHaveValue("high");
    await expect(panel(maya.page).getByLabel("Description")).toHaveValue("Maya's description");
    await expect(maya.page.getByText("changed this card while you were editing")).toHaveCount(0);
    // Her save (she leaves the field) puts back neither the old title nor the old priority.
    await panel(maya.page).getByLabel("Description").press("Tab");
    await expect(panel(maya.page).getByText("Card saved.")).toBeVisible();
    await expect(panel(page).getByLabel("Description")).toHaveValue("Maya's description");

    for (const p of [page, maya.page]) {
      await p.reload();
      await expect(p.getByRole("heading", { level: 2, name: "Lena's title" })).toBeVisible();
      await expect(panel(p).getByLabel("Priority", { exact: true })).toHaveValue("high");
      await expect(panel(p).getByLabel("Description")).toHaveValue("Maya's description");
    }
    await maya.context.close();
  });
});

test.describe("the card panel without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Save changes writes only the fields changed here: a change saved in another tab meanwhile stays", async ({ page, context }) => {
    await signUpAndVerify(page, { fullName: "Pia Plain" });
    await createProject(page, "Two tabs");
    await addCard(page, "Backlog", "Plain card");
    await openCard(page, "Backlog", "Plain card");
    const cardUrl = page.url();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Another tab saves a description while this one still shows the card without it.
    const other = await context.newPage();
    await other.goto(cardUrl);
    await panel(other).getByLabel("Description").fill("Written in the other tab");
    await panel(other).getByRole("button", { name: "Save changes" }).click();
    await expect(other.getByText("Card saved.")).toBeVisible();
    await other.close();

    await panel(page).getByLabel("Title", { exact: true }).fill("Renamed here");
    await panel(page).getByLabel("Priority", { exact: true }).selectOption("urgent");
    await panel(page).getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Card saved.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Renamed here" })).toBeVisible();
    await expect(panel(page).getByLabel("Description")).toHaveValue("Written in the other tab");
    await expect(panel(page).getByLabel("Priority", { exact: true })).toHaveValue("urgent");
    await expect(page.locator("#edit-card-error")).toHaveCount(0);
  });
});
