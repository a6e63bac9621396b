import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, addCard, column, createProject, invite } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, uniqueEmail, waitForHydration } from "../support/e2e";

/**
 * The answer to the next write the board posts (a card move), whichever route takes it: a
 * fresh load after it must show the move, so no reload has to be retried until it does.
 */
function moveSaved(page: Page) {
  return page.waitForResponse((r) => r.request().method() === "POST" && /\/projects\//.test(new URL(r.url()).pathname));
}

test.describe("boards with JavaScript", () => {
  test("a team lead creates a project, adds cards, drags one, comments, filters", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Lena Lead" });
    await createProject(page, "Launch");
    await waitForHydration(page);
    for (const name of ["Backlog", "To do", "In progress", "Review", "Done"]) {
      await expect(column(page, name)).toBeVisible();
    }
    await addCard(page, "To do", "Write release notes");
    await addCard(page, "To do", "Fix login redirect");

    // Drag the first card to "In progress" with the pointer.
    const handle = page.getByRole("button", { name: "Move card #1: Write release notes" });
    const target = column(page, "In progress");
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    const [x0, y0] = [from.x + from.width / 2, from.y + from.height / 2];
    const [x1, y1] = [to.x + to.width / 2, to.y + 80];
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(x0 + ((x1 - x0) * i) / 20, y0 + ((y1 - y0) * i) / 20);
    // Over the column, the card already shows there (the drag's preview); then drop it.
    await expect(target.getByRole("link", { name: /Write release notes/ })).toBeAttached();
    let saved = moveSaved(page);
    await page.mouse.up();
    await expect(target.getByRole("link", { name: /Write release notes/ })).toBeVisible();
    await expect(column(page, "To do").getByRole("link", { name: /Write release notes/ })).toHaveCount(0);

    // It was saved, not just drawn: once the server has answered the move, a fresh load shows it there.
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(column(page, "In progress").getByRole("link", { name: /Write release notes/ })).toHaveCount(1);
    await expect(column(page, "To do").getByRole("link", { name: /Write release notes/ })).toHaveCount(0);
    // And with the keyboard: pick up the other card, move it one column right, drop it.
    const keyboardHandle = page.getByRole("button", { name: "Move card #2: Fix login redirect" });
    await keyboardHandle.focus();
    await page.keyboard.press("Space");
    await expect(keyboardHandle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowRight");
    await expect(target.getByRole("link", { name: /Fix login redirect/ })).toBeAttached();
    saved = moveSaved(page);
    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: "Move card #2: Fix login redirect" })).not.toHaveAttribute("aria-pressed", "true");
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(column(page, "In progress").getByRole("link", { name: /Fix login redirect/ })).toHaveCount(1);

    // Open the card, set a priority, comment.
    await column(page, "In progress")
      .getByRole("link", { name: /Write release notes/ })
      .click();
    const panel = page.getByRole("complementary", { name: "Write release notes" });
    await expect(panel).toBeVisible();
    // The priority saves as soon as it is chosen.
    await panel.getByLabel("Priority", { exact: true }).selectOption("high");
    await expect(page.getByText("Card saved.")).toBeVisible();
    await panel.getByLabel("Write a comment").fill("Draft is in the shared folder.");
    await panel.getByRole("button", { name: "Comment" }).click();
    await expect(panel.getByRole("paragraph").filter({ hasText: "Draft is in the shared folder." })).toBeVisible();
    await expect(panel.getByText(/changed priority from none to high/)).toBeVisible();
    await panel.getByRole("link", { name: "Close card" }).click();

    // Filter by priority: only the high-priority card is left, and the filter is in the URL.
    await page.getByLabel("Filter by priority").selectOption("high");
    await expect(page).toHaveURL(/priority=high/);
    await expect(page.getByRole("link", { name: /Fix login redirect/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Write release notes/ })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("two people on one board see each other's moves live; a viewer cannot edit", async ({ page, browser }) => {
    await signUpAndVerify(page, { fullName: "Owner Olga" });
    const boardUrl = await createProject(page, "Shared board");
    await addCard(page, "Backlog", "Plan the sprint");

    const colleagueEmail = uniqueEmail("colleague");
    await invite(page, colleagueEmail, "Member");
    const colleague = await acceptInvitation(browser, colleagueEmail, "Colin Colleague");
    await colleague.page.goto(boardUrl);
    await expect(colleague.page.getByRole("heading", { level: 1, name: "Shared board" })).toBeVisible();
    await waitForHydration(colleague.page);
    await expect(colleague.page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

    // The owner moves the card (with the card's move form); the colleague's board follows without a reload.
    await page.goto(boardUrl);
    await column(page, "Backlog")
      .getByRole("link", { name: /Plan the sprint/ })
      .click();
    await page.getByLabel("Column", { exact: true }).selectOption({ label: "Done" });
    await page.getByRole("button", { name: "Move card", exact: true }).click();
    await expect(page.getByText("Moved to Done.")).toBeVisible();
    await expect(column(colleague.page, "Done").getByRole("link", { name: /Plan the sprint/ })).toBeVisible();
    await colleague.context.close();

    // A viewer reads the board but has no way to change it, and the server refuses if they try.
    const viewerEmail = uniqueEmail("viewer");
    await invite(page, viewerEmail, "Viewer");
    const viewer = await acceptInvitation(browser, viewerEmail, "Vera Viewer");
    await viewer.page.goto(boardUrl);
    await expect(viewer.page.getByText("You are a viewer in this workspace")).toBeVisible();
    await expect(viewer.page.getByLabel(/New card in/)).toHaveCount(0);
    const projectId = new URL(boardUrl).pathname.split("/").pop();
    const res = await viewer.page.request.post(`/api/projects/${projectId}/board`, {
      form: { intent: "create-card", columnId: "00000000-0000-0000-0000-000000000000", title: "Sneaky" },
      headers: { Origin: new URL(boardUrl).origin },
    });
    expect(res.status()).toBe(403);
    await viewer.context.close();
  });
});

test.describe("board behaviour with JavaScript", () => {
  test("a move the server refuses rolls back, with a toast; shortcuts c, / and ?", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Rita Rollback" });
    await createProject(page, "Rollback");
    await addCard(page, "Backlog", "Stay put");
    await waitForHydration(page);

    await page.route("**/api/projects/*/board", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/problem+json",
        body: JSON.stringify({
          type: "/docs/api/problems/conflict",
          title: "Conflict",
          status: 409,
          detail: "The board changed while you were moving the card.",
          code: "conflict",
        }),
      }),
    );
    const handle = page.getByRole("button", { name: "Move card #1: Stay put" });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowRight");
    await expect(column(page, "To do").getByRole("link", { name: /Stay put/ })).toBeAttached();
    await page.keyboard.press("Space");
    await expect(page.getByText("Move failed")).toBeVisible();
    await expect(page.getByText("The board changed while you were moving the card.")).toBeVisible();
    await expect(column(page, "Backlog").getByRole("link", { name: /Stay put/ })).toBeVisible();
    await page.unroute("**/api/projects/*/board");

    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();
    await page.keyboard.press("/");
    await expect(page.locator("#board-search")).toBeFocused();
    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await page.keyboard.press("c");
    await expect(page.getByLabel("New card in Backlog")).toBeFocused();
  });

  test("keys pressed right after picking a card up are not lost", async ({ page }) => {
    // dnd-kit's keyboard sensor listens only from the task after the pick-up; the board's sensor
    // holds the keys pressed before that (board-view.tsx, HeldKeysKeyboardSensor).
    await signUpAndVerify(page, { fullName: "Quinn Quick" });
    await createProject(page, "Quick keys");
    await addCard(page, "Backlog", "Keep up");
    await waitForHydration(page);
    const handle = page.getByRole("button", { name: "Move card #1: Keep up" });
    for (let round = 0; round < 5; round++) {
      // Space and an arrow key at once: the card moves.
      await handle.focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowRight");
      await expect(column(page, "To do").getByRole("link", { name: /Keep up/ })).toBeAttached();
      await page.keyboard.press("Escape");
      await expect(column(page, "Backlog").getByRole("link", { name: /Keep up/ })).toBeAttached();
      await expect(handle).not.toHaveAttribute("aria-pressed", "true");
      // Space and Escape at once: the card is put back, not left picked up.
      await handle.focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("Escape");
      await expect(handle).not.toHaveAttribute("aria-pressed", "true");
      await expect(column(page, "Backlog").getByRole("link", { name: /Keep up/ })).toBeAttached();
    }
  });
});

test.describe("board announcements with JavaScript", () => {
  test("a card moved with the keyboard is announced at the place it is shown, within and across columns", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Sam Speaker" });
    await createProject(page, "Announced");
    await waitForHydration(page);
    for (const title of ["Alpha", "Bravo", "Charlie"]) await addCard(page, "Backlog", title);
    for (const title of ["Delta", "Echo"]) await addCard(page, "To do", title);
    // dnd-kit's live region: visually hidden, read by screen readers as it changes.
    const spoken = page.locator('[id^="DndLiveRegion"][role="status"]');
    const handle = page.getByRole("button", { name: "Move card #1: Alpha" });

    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await expect(spoken).toHaveText("Picked up Alpha, position 1 of 3 in Backlog.");
    // Within the column: the list shows Alpha second, and that is what is said.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => shownOrder(page, "Backlog")).toEqual(["Bravo", "Alpha", "Charlie"]);
    await expect(spoken).toHaveText("Alpha is now at position 2 of 3 in Backlog.");
    // Across columns: the new column and place, not the old ones.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => shownOrder(page, "To do")).toEqual(["Delta", "Alpha", "Echo"]);
    await expect(spoken).toHaveText("Alpha is now at position 2 of 3 in To do.");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => shownOrder(page, "To do")).toEqual(["Alpha", "Delta", "Echo"]);
    await expect(spoken).toHaveText("Alpha is now at position 1 of 3 in To do.");
    // The drop says where the card is after it, not a step behind.
    await page.keyboard.press("Space");
    await expect(spoken).toHaveText("Dropped Alpha at position 1 of 3 in To do.");
    await expect(handle).not.toHaveAttribute("aria-pressed", "true");
    await expect(column(page, "To do").locator("[data-card-link]")).toHaveText([/Alpha/, /Delta/, /Echo/]);
    // The lifted copy has landed (only the card itself is left).
    await expect(page.getByRole("link", { name: /Alpha/ })).toHaveCount(1);

    // Escape: the card goes back, and that place is said.
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(spoken).toHaveText("Picked up Alpha, position 1 of 3 in To do.");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => shownOrder(page, "To do")).toEqual(["Delta", "Alpha", "Echo"]);
    await expect(spoken).toHaveText("Alpha is now at position 2 of 3 in To do.");
    await page.keyboard.press("Escape");
    await expect(spoken).toHaveText("Cancelled. Alpha is back at position 1 of 3 in To do.");
    await expect(handle).not.toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => shownOrder(page, "To do")).toEqual(["Alpha", "Delta", "Echo"]);
  });
});

/** A column's card titles top to bottom as drawn (while a card is held, the sortable list moves them with transforms, not in the DOM). */
async function shownOrder(page: Page, name: string) {
  return column(page, name)
    .locator("li[data-card-id]")
    .evaluateAll((cards) =>
      cards
        .map((li) => ({ top: li.getBoundingClientRect().top, title: li.querySelector("[data-card-link] .break-words")?.textContent ?? "" }))
        .sort((a, b) => a.top - b.top)
        .map((c) => c.title),
    );
}

test.describe("board messages while the board changes live", () => {
  test("an error stays on screen when a teammate's change arrives", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Mira Message" });
    const boardUrl = await createProject(page, "Live messages");
    await waitForHydration(page);
    await expect(page.locator("[data-live-state=live]")).toBeVisible();

    const input = page.getByLabel("New card in Backlog");
    await input.fill("   ");
    await input.press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Give the card a title.");

    // Someone else adds a card: the board revalidates live, and the message stays.
    const todo = await column(page, "To do").getAttribute("data-column-id");
    const res = await page.request.post(boardUrl, {
      form: { intent: "create-card", columnId: todo!, title: "Added elsewhere" },
      headers: { Origin: new URL(boardUrl).origin },
    });
    expect(res.ok()).toBe(true);
    await expect(column(page, "To do").getByRole("link", { name: /Added elsewhere/ })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Give the card a title.");

    // Navigating clears it.
    await column(page, "To do")
      .getByRole("link", { name: /Added elsewhere/ })
      .click();
    await expect(page).toHaveURL(/task=/);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("boards without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("creates a project and cards and moves a card with the plain move form", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Nora NoScript" });
    await createProject(page, "Plain HTML");
    await addCard(page, "Backlog", "Works without scripts");
    await column(page, "Backlog")
      .getByRole("link", { name: /Works without scripts/ })
      .click();
    await expect(page).toHaveURL(/task=/);
    await page.getByLabel("Column", { exact: true }).selectOption({ label: "Review" });
    await page.getByLabel("Position", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Move card", exact: true }).click();
    await expect(page.getByText("Moved to Review.")).toBeVisible();
    await expect(column(page, "Review").getByRole("link", { name: /Works without scripts/ })).toBeVisible();
    // Without JavaScript the message can still be dismissed (a CSS-only control).
    await page.getByRole("region", { name: "Messages" }).getByRole("checkbox", { name: "Dismiss message" }).check();
    await expect(page.getByText("Moved to Review.")).toBeHidden();

    // Bad input gets a message and a 4xx, and nothing saved is lost.
    await page.evaluate(() => document.querySelectorAll("[required]").forEach((el) => el.removeAttribute("required")));
    await page.getByLabel("Title", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert")).toContainText("Give the card a title.");
    await page.goto(page.url().split("?")[0]!);
    await expect(column(page, "Review").getByRole("link", { name: /Works without scripts/ })).toBeVisible();
  });
});

/** True when nothing on the page reaches past the viewport's right edge (no sideways scroll). */
async function fitsTheViewport(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

function projectMenu(page: Page) {
  return page.locator("details").filter({ has: page.locator("summary", { hasText: "Project settings" }) });
}

test.describe("the board page around the cards, with JavaScript", () => {
  test("fits a laptop and a phone, adds cards without toasts, and its menus close", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpAndVerify(page, { fullName: "Wanda Wide" });
    await createProject(page, "Wide board");
    await waitForHydration(page);
    for (const name of ["Backlog", "To do", "In progress", "Review"]) {
      await addCard(page, name, `${name} first`);
      await addCard(page, name, `${name} second`);
    }
    // The new cards are in their columns; no toast repeats it.
    await expect(page.getByRole("region", { name: "Messages" })).not.toContainText("created");

    await expect.poll(() => fitsTheViewport(page)).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => fitsTheViewport(page)).toBe(true);
    const addColumn = page.getByRole("button", { name: "Add column" });
    await addColumn.scrollIntoViewIfNeeded();
    const box = (await addColumn.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A column's menu: Escape closes it (focus back on its button), so does a click elsewhere, so does saving.
    const options = page.getByLabel("Column options for To do");
    const save = column(page, "To do").getByRole("button", { name: "Save column" });
    await options.click();
    await expect(save).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(save).toBeHidden();
    await expect(options).toBeFocused();
    await options.click();
    await expect(save).toBeVisible();
    await page.getByRole("heading", { level: 1, name: "Wide board" }).click();
    await expect(save).toBeHidden();
    await options.click();
    await column(page, "To do").getByLabel("Name").fill("Ready");
    await save.click();
    await expect(page.getByRole("heading", { name: /^Ready/ })).toBeVisible();
    await expect(column(page, "Ready").getByRole("button", { name: "Save column" })).toBeHidden();

    // Project settings: a wrong confirmation is answered inside the menu, next to its field.
    const settings = projectMenu(page);
    await settings.locator("summary").click();
    const confirm = settings.getByLabel(/to delete the project and all its cards/);
    await confirm.fill("Not the name");
    await settings.getByRole("button", { name: "Delete project" }).click();
    await expect(settings.getByRole("alert")).toHaveText("Type the project's name, Wide board, to confirm.");
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(confirm).toBeVisible();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(settings.locator("summary")).toBeFocused();
    // Saving closes it.
    await settings.locator("summary").click();
    await settings.getByLabel("Name").fill("Wide board v2");
    await settings.getByRole("button", { name: "Save project" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wide board v2" })).toBeVisible();
    await expect(settings.getByRole("button", { name: "Save project" })).toBeHidden();
  });

  test("filters keep a clean URL and search as you type", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Fritz Filter" });
    await createProject(page, "Filtered");
    await waitForHydration(page);
    await expect(page.locator("[data-live-state]")).toHaveText(/Connecting…|Live/);
    await addCard(page, "Backlog", "Write release notes");
    await addCard(page, "Backlog", "Fix login redirect");

    await page.getByLabel("Filter by priority").selectOption("medium");
    await expect(page).toHaveURL(/\/projects\/[^?]+\?priority=medium$/);
    await page.getByLabel("Filter by priority").selectOption("");
    await expect(page).toHaveURL(/\/projects\/[^?]+$/);

    const search = page.getByRole("searchbox", { name: "Search", exact: true });
    await search.pressSequentially("release");
    await expect(page).toHaveURL(/\/projects\/[^?]+\?q=release$/);
    await expect(page.getByRole("link", { name: /Fix login redirect/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Write release notes/ })).toBeVisible();
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("release");

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/projects\/[^?]+$/);
    await expect(search).toHaveValue("");
    await expect(page.getByRole("link", { name: /Fix login redirect/ })).toBeVisible();
  });
});

test.describe("the board page around the cards, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says live updates need JavaScript; filters, menus and new cards work as plain HTML", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Paula Plain" });
    await createProject(page, "Plain board");
    await expect(page.getByText("Live updates need JavaScript")).toBeVisible();
    await expect(page.getByText("Connecting…")).toHaveCount(0);

    await addCard(page, "Backlog", "Write release notes");
    await addCard(page, "Backlog", "Fix login redirect");
    await expect(page.getByRole("region", { name: "Messages" })).not.toContainText("created");

    // Enter searches; the server drops the empty filters from the URL.
    const search = page.getByRole("searchbox", { name: "Search", exact: true });
    await search.fill("release");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/projects\/[^?]+\?q=release$/);
    await expect(page.getByRole("link", { name: /Fix login redirect/ })).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("");
    await page.getByLabel("Filter by priority").selectOption("high");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/projects\/[^?]+\?priority=high$/);
    await page.getByRole("link", { name: "Clear filters" }).click();

    // A wrong confirmation comes back with the menu open and the message next to its field.
    const settings = projectMenu(page);
    await settings.locator("summary").click();
    await settings.getByLabel(/to delete the project and all its cards/).fill("Nope");
    await settings.getByRole("button", { name: "Delete project" }).click();
    await expect(projectMenu(page).getByRole("alert")).toHaveText("Type the project's name, Plain board, to confirm.");
    await expect(projectMenu(page).getByLabel(/to delete the project and all its cards/)).toBeVisible();
    await expect(projectMenu(page).getByLabel(/to delete the project and all its cards/)).toHaveAttribute("aria-invalid", "true");
  });
});
