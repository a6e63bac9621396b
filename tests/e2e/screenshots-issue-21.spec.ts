/**
 * Screenshots for the record of issue 21 (docs/decisions/026-one-contract.md): the editor's
 * notice when two designers change one main component, and the board's refusal of a card
 * move in a read-only workspace, each at 1280 and 390 px wide, light and dark. With
 * SCREENSHOTS=1 they are written to docs/screenshots/issue-21/; otherwise to the test's
 * own output folder, so a run of the suite leaves the tree as it was. Each asserts what it
 * shows before it is taken.
 */
import path from "node:path";
import type { Locator, Page, Route, TestInfo } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, addCard, column, createProject, invite } from "../support/board-helpers";
import { expect, test, uniqueEmail } from "../support/e2e";
import { newWireframe, properties } from "../support/wireframe-editor-helpers";

const VARIANTS = [
  { width: 1280, height: 800, scheme: "light" },
  { width: 1280, height: 800, scheme: "dark" },
  { width: 390, height: 844, scheme: "light" },
  { width: 390, height: 844, scheme: "dark" },
] as const;

/** The server's words for a change in a workspace whose subscription has ended (app/.server/workspaces/limits.ts). */
const READ_ONLY =
  "This workspace is read-only because its subscription has ended. Your data is kept; choose a plan on the billing page (/billing) to make changes again.";

/** Shows `subject` in each variant (`show` brings it back after the resize) and takes the page. */
async function shoot(page: Page, testInfo: TestInfo, name: string, show: () => Promise<Locator>) {
  for (const v of VARIANTS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.emulateMedia({ colorScheme: v.scheme });
    expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(v.scheme === "dark");
    const subject = await show();
    await expect(subject).toBeInViewport();
    const file = `${name}-${v.width}-${v.scheme}.png`;
    await page.screenshot({
      path: process.env.SCREENSHOTS === "1" ? path.join("docs/screenshots/issue-21", file) : testInfo.outputPath(file),
    });
  }
}

test("the board's refusal of a card move in a read-only workspace", async ({ page }, testInfo) => {
  await signUpAndVerify(page, { fullName: "Rhea Record" });
  const boardUrl = await createProject(page, "Launch plan");
  const projectId = new URL(boardUrl).pathname.split("/").pop()!;
  await addCard(page, "Backlog", "Write the press release");
  await page.goto(boardUrl);
  await expect(page.locator("[data-live-state='live']")).toBeVisible();
  // The answer the board's JSON API gives a read-only workspace (the access gate's 403).
  await page.route(`**/api/projects/${projectId}/board`, (route: Route) =>
    route.fulfill({
      status: 403,
      contentType: "application/problem+json",
      body: JSON.stringify({
        type: "/docs/api/problems/workspace-read-only",
        title: "Workspace is read-only",
        status: 403,
        detail: READ_ONLY,
        code: "workspace_read_only",
      }),
    }),
  );
  await shoot(page, testInfo, "board-refusal", async () => {
    // A fresh page each time: one toast on the screen, not the earlier variants' too.
    await page.reload();
    await expect(page.locator("[data-live-state='live']")).toBeVisible();
    const handle = page.getByRole("button", { name: "Move card #1: Write the press release" });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(handle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowRight");
    await expect(column(page, "To do").getByRole("link", { name: /Write the press release/ })).toBeAttached();
    await page.keyboard.press("Space");
    const messages = page.getByRole("region", { name: "Messages" });
    await expect(messages).toContainText("Move failed");
    await expect(messages.getByText(READ_ONLY)).toBeVisible();
    // Rolled back: the card is where it was.
    await expect(column(page, "Backlog").getByRole("link", { name: /Write the press release/ })).toBeVisible();
    return messages.getByText(READ_ONLY);
  });
});

test("the editor's notice when two designers change one main component", async ({ page, browser }, testInfo) => {
  test.slow();
  const text = (p: Page) => properties(p).getByRole("textbox", { name: "Text", exact: true });
  const saved = (p: Page) => expect(p.locator("[data-save-state]")).toHaveText("Saved");
  await signUpAndVerify(page, { fullName: "Ann Owner" });
  await createProject(page, "Shop");
  const url = await newWireframe(page, { project: "Shop", name: "Checkout" });
  await page.getByRole("tab", { name: "Library" }).click();
  await page.getByRole("button", { name: "Button", exact: true }).click();
  await properties(page).getByLabel("Component name").fill("CTA");
  await properties(page).getByRole("button", { name: "Save as component" }).click();
  await expect(properties(page).getByText("Saved “CTA”")).toBeVisible();
  await page.getByRole("tab", { name: "Layers" }).click();
  await saved(page);
  const bobEmail = uniqueEmail("bob");
  await invite(page, bobEmail, "Member");
  const bob = await acceptInvitation(browser, bobEmail, "Bob Builder");
  for (const p of [page, bob.page]) {
    await p.goto(url);
    await p.getByRole("treeitem", { name: "CTA" }).click();
    await properties(p).getByRole("button", { name: "Edit main component" }).click();
    await p.getByRole("treeitem", { name: "Button" }).click();
  }

  // Bob's save of the text waits on its way while Ann saves hers: his meets her version.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const sent = new Promise<void>((resolve) => (reached = resolve));
  let first = true;
  await bob.page.route(/\/api\/wireframes\/components\/[0-9a-f-]{36}$/, async (route: Route) => {
    if (first) {
      first = false;
      reached();
      await held;
    }
    await route.continue();
  });
  await text(bob.page).fill("Pay now");
  await text(bob.page).blur();
  await sent;
  await text(page).fill("Checkout");
  await text(page).blur();
  await saved(page);
  release();
  const notice = bob.page.getByRole("alert").filter({ hasText: "Ann Owner changed the main component CTA while you were editing it" });
  await expect(notice.getByRole("listitem")).toHaveText(["Button: text, theirs is “Checkout”"]);
  await expect(notice.getByRole("button", { name: "Keep my changes" })).toBeVisible();
  await shoot(bob.page, testInfo, "component-conflict", async () => notice);
  await bob.context.close();
});
