/**
 * A card links wireframe screens (issue 8): in the card's panel a member picks "wireframe —
 * screen" in one select and links it; the panel shows the screen's thumbnail and opens the
 * editor at that screen, which lists the card; the card's face counts its linked screens;
 * unlinking takes it away. With JavaScript off it is all plain forms and links (the editor
 * is then its read-only screens); with it on, the editor opens at the linked screen, and
 * axe finds nothing wrong in the open panel.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, addCard, column, createProject, invite } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, uniqueEmail } from "../support/e2e";

const CARD = "Build the dashboard";

/** A project with a card, and a wireframe "Login" (from the Sign in template) with a second screen, "Dashboard". */
async function setUp(page: Page, who: string) {
  await signUpAndVerify(page, { fullName: who });
  const boardUrl = await createProject(page, "Checkout");
  await addCard(page, "Backlog", CARD);

  await page.goto("/wireframes/editor");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Checkout" });
  await page.getByLabel("Name", { exact: true }).fill("Login");
  await page.getByRole("radio", { name: "Desktop (1440 × 900)" }).check();
  await page.getByRole("radio", { name: /^Sign in/ }).check();
  await page.getByRole("button", { name: "Create wireframe" }).click();
  await expect(page).toHaveURL(/\/wireframes\/editor\/[0-9a-f-]{36}$/);
  const wireframeId = new URL(page.url()).pathname.split("/").pop()!;

  await page.goto("/wireframes/templates");
  const dashboard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: "Dashboard", exact: true }) });
  await dashboard.locator("summary", { hasText: "Use template" }).click();
  await dashboard.getByLabel("Wireframe", { exact: true }).selectOption({ label: "Login (Checkout)" });
  await dashboard.getByRole("button", { name: "Add screen" }).click();
  await expect(page).toHaveURL(new RegExp(`/wireframes/editor/${wireframeId}\\?screen=`));
  return { boardUrl, wireframeId };
}

async function openCard(page: Page, boardUrl: string) {
  await page.goto(boardUrl);
  await column(page, "Backlog")
    .getByRole("link", { name: new RegExp(CARD) })
    .click();
  const panel = page.locator('aside[aria-labelledby="card-detail-title"]');
  await expect(panel.getByRole("heading", { level: 2, name: CARD })).toBeVisible();
  return panel;
}

const linkCount = (page: Page) => column(page, "Backlog").getByTestId("screen-link-count");

for (const javaScriptEnabled of [false, true]) {
  test.describe(`card screen links with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("link a screen, see its thumbnail and count, open the editor at it, unlink", async ({ page, browser }) => {
      const { boardUrl, wireframeId } = await setUp(page, javaScriptEnabled ? "Jo Script" : "Nora Script");
      let panel = await openCard(page, boardUrl);
      const section = panel.getByRole("region", { name: /^Wireframes/ });
      await expect(section.getByText("No screens linked yet.")).toBeVisible();
      await expect(linkCount(page)).toHaveCount(0);

      const select = section.getByLabel("Screen to link");
      await expect(select.locator("option")).toHaveText(["Choose a screen", "Login — Sign in", "Login — Dashboard"]);
      await select.selectOption({ label: "Login — Dashboard" });
      await section.getByRole("button", { name: "Link screen" }).click();

      const linked = section.getByRole("list", { name: "Linked screens" }).getByRole("listitem");
      await expect(linked).toHaveCount(1);
      const open = linked.getByRole("link", { name: /Dashboard Login/ });
      await expect(open).toBeVisible();
      // Its thumbnail: the screen drawn on the server.
      await expect(linked.locator("svg[aria-label='Dashboard']")).toBeVisible();
      expect(await linked.locator("svg[aria-label='Dashboard'] rect").count()).toBeGreaterThan(3);
      await expect(section.getByRole("heading", { name: "Wireframes (1)" })).toBeVisible();
      // A linked screen is not offered again.
      await expect(select.locator("option")).toHaveText(["Choose a screen", "Login — Sign in"]);
      // The card's face counts it.
      await expect(linkCount(page)).toHaveText(/1/);
      await expect(linkCount(page)).toHaveAttribute("title", "1 linked screen");

      if (javaScriptEnabled) {
        await expectNoA11yViolations(page);
        // A viewer sees the linked screen and its editor link, and no controls.
        const panelUrl = page.url();
        const viewerEmail = uniqueEmail("vera");
        await invite(page, viewerEmail, "Viewer");
        const viewer = await acceptInvitation(browser, viewerEmail, "Vera Viewer");
        await viewer.page.goto(panelUrl);
        const theirs = viewer.page.getByRole("region", { name: /^Wireframes/ });
        await expect(theirs.getByRole("link", { name: /Dashboard Login/ })).toBeVisible();
        await expect(theirs.locator("svg[aria-label='Dashboard']")).toBeVisible();
        await expect(theirs.getByRole("button")).toHaveCount(0);
        await expect(theirs.getByLabel("Screen to link")).toHaveCount(0);
        await viewer.context.close();
        panel = await openCard(page, boardUrl);
      }

      // The editor at that screen, which lists the card.
      await panel.getByRole("link", { name: /Dashboard Login/ }).click();
      await expect(page).toHaveURL(new RegExp(`/wireframes/editor/${wireframeId}\\?screen=[A-Za-z0-9_-]+#screen-`));
      const screenId = new URL(page.url()).searchParams.get("screen")!;
      if (javaScriptEnabled) {
        const screens = page.getByRole("region", { name: "Screens" });
        await expect(screens.getByRole("button", { name: "Dashboard", exact: true })).toHaveAttribute("aria-current", "true");
        const cards = page.getByRole("region", { name: "Linked cards" });
        await expect(cards.getByRole("link", { name: CARD })).toBeVisible();
      } else {
        await expect(page.getByText("The wireframe editor needs JavaScript.")).toBeVisible();
        const screen = page.locator(`li[id="screen-${screenId}"]`);
        await expect(screen.getByRole("img", { name: "Screen 2: Dashboard" })).toBeVisible();
        await expect(screen.getByRole("link", { name: CARD })).toBeVisible();
      }

      // Unlink: the panel says none again, the face's count goes.
      panel = await openCard(page, boardUrl);
      await panel.getByRole("button", { name: "Unlink Dashboard of Login" }).click();
      await expect(panel.getByText("No screens linked yet.")).toBeVisible();
      await expect(linkCount(page)).toHaveCount(0);
      await expect(panel.getByLabel("Screen to link").locator("option")).toHaveCount(3);
    });
  });
}

test.describe("card screen links in a workspace without wireframes", () => {
  test("a workspace with no wireframes offers to start one", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Ed Empty" });
    const boardUrl = await createProject(page, "Empty");
    await addCard(page, "Backlog", CARD);
    const panel = await openCard(page, boardUrl);
    const section = panel.getByRole("region", { name: /^Wireframes/ });
    await expect(section.getByText("This workspace has no wireframes yet.")).toBeVisible();
    await expect(section.getByRole("link", { name: "Start a wireframe" })).toHaveAttribute("href", "/wireframes/editor");
  });
});
