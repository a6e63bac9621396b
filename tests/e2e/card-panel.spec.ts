import type { Locator, Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, addCard, column, createProject, invite } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, uniqueEmail } from "../support/e2e";

const STALE =
  "Someone else changed this card while you were editing it. Your changes were not saved; they are still in the form. Review the latest version below and save again.";
const READABLE_TIME = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC/;

function panelOf(page: Page, title: string) {
  return page.getByRole("complementary", { name: title });
}

/**
 * Posts a comment, a checklist item and a new label from the panel: each box is empty
 * once its post has landed, and a failed post (a label name already taken) keeps the text.
 */
async function postAndExpectEmptyBoxes(panel: Locator, words: { comment: string; item: string; label: string }) {
  await panel.getByLabel("Write a comment").fill(words.comment);
  await panel.getByRole("button", { name: "Comment" }).click();
  await expect(panel.getByRole("paragraph").filter({ hasText: words.comment })).toBeVisible();
  await expect(panel.getByLabel("Write a comment")).toHaveValue("");

  await panel.getByLabel("New checklist item").fill(words.item);
  await panel.getByRole("button", { name: "Add item" }).click();
  await expect(panel.getByRole("button", { name: `Check ${words.item}` })).toBeVisible();
  await expect(panel.getByLabel("New checklist item")).toHaveValue("");

  await panel.getByLabel("New label").fill(words.label);
  await panel.getByRole("button", { name: "Add label" }).click();
  await expect(panel.getByRole("button", { name: words.label, pressed: true })).toBeVisible();
  await expect(panel.getByLabel("New label")).toHaveValue("");

  await panel.getByLabel("New label").fill(words.label);
  await panel.getByRole("button", { name: "Add label" }).click();
  await expect(panel.getByRole("alert")).toHaveText("This project already has a label with that name.");
  await expect(panel.getByLabel("New label")).toHaveValue(words.label);
}

/** The open card's panel, whatever its title has become. */
function thePanel(page: Page) {
  return page.locator('aside[aria-labelledby="card-detail-title"]');
}

test.describe("the card panel with JavaScript", () => {
  test("two people edit one card: the later save is refused with both versions shown, never a silent overwrite", async ({
    page,
    browser,
  }) => {
    await signUpAndVerify(page, { fullName: "Lena Lead" });
    const boardUrl = await createProject(page, "Shared brief");
    await addCard(page, "Backlog", "Draft the brief");
    const mayaEmail = uniqueEmail("maya");
    await invite(page, mayaEmail, "Member");
    const maya = await acceptInvitation(browser, mayaEmail, "Maya Member");

    // Both open the card.
    await page.goto(boardUrl);
    await column(page, "Backlog")
      .getByRole("link", { name: /Draft the brief/ })
      .click();
    await expect(panelOf(page, "Draft the brief")).toBeVisible();
    const lenaPanel = thePanel(page);
    await maya.page.goto(page.url());
    await expect(maya.page.locator("[data-live-state=live]")).toBeVisible();
    await expect(panelOf(maya.page, "Draft the brief")).toBeVisible();
    const mayaPanel = thePanel(maya.page);

    // Maya starts typing; Lena saves her title first.
    await mayaPanel.getByLabel("Title", { exact: true }).fill("Maya's title");
    await lenaPanel.getByLabel("Title", { exact: true }).fill("Lena's title");
    // The title saves on Enter (or when it is left): no button to press.
    await lenaPanel.getByLabel("Title", { exact: true }).press("Enter");
    await expect(page.getByText("Card saved.")).toBeVisible();

    // Maya is told at once, and keeps her text.
    const notice = maya.page.getByRole("alert").filter({ hasText: "Lena Lead changed this card while you were editing." });
    await expect(notice).toContainText("Your text is kept; saving will ask you to review.");
    await notice.getByText("See their version").click();
    await expect(notice.getByText("Lena's title")).toBeVisible();
    await expect(maya.page.getByLabel("Title", { exact: true })).toHaveValue("Maya's title");

    // Her save is refused with the clear message and the latest version; her text stays.
    await maya.page.getByRole("button", { name: "Save changes" }).click();
    const conflict = maya.page.locator("#edit-card-error");
    await expect(conflict).toContainText(STALE);
    await expect(conflict.getByText("Lena's title")).toBeVisible();
    await expect(maya.page.getByLabel("Title", { exact: true })).toHaveValue("Maya's title");
    await expect(maya.page.getByText("Card saved.")).toHaveCount(0);

    // Having seen it, she saves again on purpose: that is recorded as a change from Lena's title.
    await maya.page.getByRole("button", { name: "Save changes" }).click();
    await expect(maya.page.getByText("Card saved.")).toBeVisible();
    await expect(panelOf(maya.page, "Maya's title").getByText("changed the title from “Lena's title” to “Maya's title”")).toBeVisible();
    await expect(panelOf(page, "Maya's title")).toBeVisible();

    // Another round: this time Maya takes Lena's version instead of her own. Maya is still in
    // the title, which saves only on Enter or when she leaves it. (Not the description: it
    // saves itself after a pause in typing, so whichever of the two saves reached the server
    // first would be kept and the other refused with both versions shown. No text is lost in
    // either order, but which one comes first is a matter of timing.)
    await mayaPanel.getByLabel("Title", { exact: true }).fill("Maya's second title");
    await lenaPanel.getByLabel("Title", { exact: true }).fill("Lena's second title");
    await lenaPanel.getByLabel("Title", { exact: true }).press("Enter");
    await expect(maya.page.getByText("Lena Lead changed this card while you were editing.")).toBeVisible();
    await expect(maya.page.getByLabel("Title", { exact: true })).toHaveValue("Maya's second title");
    await maya.page.getByRole("link", { name: "Use their version instead" }).click();
    await expect(mayaPanel.getByLabel("Title", { exact: true })).toHaveValue("Lena's second title");
    await expect(maya.page.getByText("changed this card while you were editing")).toHaveCount(0);
    // Leaving the description saves it; Maya's panel shows it.
    await lenaPanel.getByLabel("Description").fill("Lena's notes");
    await lenaPanel.getByLabel("Description").press("Tab");
    await expect(mayaPanel.getByLabel("Description")).toHaveValue("Lena's notes");
    // The form follows the card again (a later change shows up while she is not typing).
    // The priority saves as soon as it is chosen.
    await lenaPanel.getByLabel("Priority", { exact: true }).selectOption("urgent");
    await expect(mayaPanel.getByLabel("Priority", { exact: true })).toHaveValue("urgent");

    // The workspace's activity reads as sentences.
    await page.goto("/dashboard");
    await expect(page.getByText(`Lena Lead invited ${mayaEmail} as a member`)).toBeVisible();
    await expect(page.getByText("Maya Member joined as a member")).toBeVisible();
    await maya.context.close();
  });

  test("comment, checklist and label boxes empty once posted, and keep the text when a post fails", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Cleo Clean" });
    await createProject(page, "Tidy inputs");
    await addCard(page, "To do", "Plan the launch");
    await column(page, "To do")
      .getByRole("link", { name: /Plan the launch/ })
      .click();
    const panel = panelOf(page, "Plan the launch");

    await postAndExpectEmptyBoxes(panel, { comment: "First thought", item: "Book the room", label: "Launch" });
    // Enter on the emptied checklist box adds nothing twice.
    await panel.getByLabel("New checklist item").press("Enter");
    await expect(panel.getByText("Checklist (0/1)")).toBeVisible();

    // Dates read the same way everywhere in the panel. A due date saves as soon as it is set.
    await panel.getByLabel("Due date").fill("2026-11-20");
    await expect(panel.getByText("set the due date to Nov 20, 2026")).toBeVisible();
    await panel.getByLabel("Due date").fill("");
    await expect(panel.getByText("removed the due date")).toBeVisible();
    await expect(panel.locator("time").first()).toHaveText(READABLE_TIME);
    await expect(panel.getByText(/^Created [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  });

  test("the panel is a modal dialog: backdrop, focus kept inside, Escape returns focus to the card", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Dana Dialog" });
    await createProject(page, "Dialogs");
    await addCard(page, "Backlog", "Check the modal");
    const cardLink = column(page, "Backlog").getByRole("link", { name: /Check the modal/ });
    await cardLink.click();

    const dialog = page.getByRole("dialog", { name: "Check the modal" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(page.getByRole("heading", { name: "Check the modal" })).toBeFocused();
    await expectNoA11yViolations(page);
    // The board's "c" shortcut (focus the new-card box) does not reach behind the open panel.
    await page.keyboard.press("c");
    await expect(page.getByRole("heading", { name: "Check the modal" })).toBeFocused();

    // Shift+Tab from the first control wraps to the last one in the panel, not the board.
    const close = dialog.getByRole("link", { name: "Close card" });
    await page.keyboard.press("Shift+Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByText("Delete this card")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("aside"))).toBe(true);
    }

    // Escape closes it, and focus goes back to the card that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/task=/);
    await expect(cardLink).toBeFocused();

    // Clicking beside the panel closes it too.
    await cardLink.click();
    await expect(dialog).toBeVisible();
    await page.locator("[data-card-backdrop]").click({ position: { x: 400, y: 300 } });
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/task=/);
    await expect(cardLink).toBeFocused();

    // And the close link.
    await cardLink.click();
    await dialog.getByRole("link", { name: "Close card" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(cardLink).toBeFocused();
  });
});

test.describe("the card panel without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts leave the boxes empty, a failure keeps the text, and a stale save is refused with the latest version", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Nils NoScript" });
    await createProject(page, "Plain panel");
    await addCard(page, "Backlog", "Works plainly");
    await column(page, "Backlog")
      .getByRole("link", { name: /Works plainly/ })
      .click();
    await expect(page).toHaveURL(/task=/);
    const panel = panelOf(page, "Works plainly");
    // Without JavaScript it is a plain panel reached by a link.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(panel.getByRole("link", { name: "Close card" })).toBeVisible();

    await postAndExpectEmptyBoxes(panel, { comment: "Plain comment", item: "Plain item", label: "Plain" });

    // A second tab saves a new title while this one still shows the old version.
    const cardUrl = page.url().split("#")[0]!;
    await page.goto(cardUrl);
    const other = await page.context().newPage();
    await other.goto(cardUrl);
    await other.getByLabel("Title", { exact: true }).fill("Saved elsewhere");
    await other.getByRole("button", { name: "Save changes" }).click();
    await expect(other.getByText("Card saved.")).toBeVisible();
    await other.close();

    await page.getByLabel("Title", { exact: true }).fill("Mine");
    await page.getByRole("button", { name: "Save changes" }).click();
    const conflict = page.locator("#edit-card-error");
    await expect(conflict).toContainText(STALE);
    await expect(conflict.getByText("Saved elsewhere")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Mine");
    // Saving again after the review replaces it.
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Card saved.")).toBeVisible();
    await expect(panelOf(page, "Mine").getByText("changed the title from “Saved elsewhere” to “Mine”")).toBeVisible();
  });
});
