/**
 * Estimates, dependencies and cycles (issue 10), with JavaScript on and off: a member estimates
 * a card (the points show on its face; a bad value is refused beside the field), marks a card
 * blocked by another (the face says "Blocked"; a loop is refused with the chain written out),
 * creates cycles on the project's cycles page, adds cards (by number, by title, and from a
 * card's panel), closes the cycle, sees its frozen report unchanged after a later card move,
 * moves the unfinished cards to the next cycle in one step, finds the cycle's burn-up on
 * /analytics, renames a cycle (an empty name refused beside the field) and deletes the closed
 * one after a second confirming click (its cards stay on the board).
 *
 * Three tests per mode, each on a project of its own, under one account made once per mode
 * (signing up is auth.spec's subject): a single test doing all of it took over a minute of
 * about eighty browser steps and needed a 400 s timeout on a loaded machine.
 */
import type { Browser, Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { addCard, column, createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function openCard(page: Page, boardUrl: string, columnName: string, title: string) {
  await page.goto(boardUrl);
  await column(page, columnName)
    .getByRole("link", { name: new RegExp(title) })
    .click();
  const panel = page.locator('aside[aria-labelledby="card-detail-title"]');
  await expect(panel.getByRole("heading", { level: 2, name: title })).toBeVisible();
  return panel;
}

async function moveTo(page: Page, boardUrl: string, from: string, title: string, to: string) {
  const panel = await openCard(page, boardUrl, from, title);
  await panel.getByLabel("Column", { exact: true }).selectOption({ label: to });
  await panel.getByRole("button", { name: "Move card", exact: true }).click();
  await expect(page.getByText(`Moved to ${to}.`)).toBeVisible();
}

/** A project with these cards in "To do" (numbered #1, #2, … in order); returns the board's URL. */
async function boardWith(page: Page, project: string, titles: string[]) {
  const boardUrl = await createProject(page, project);
  for (const title of titles) await addCard(page, "To do", title);
  return boardUrl;
}

async function estimate(page: Page, boardUrl: string, columnName: string, title: string, points: string) {
  const panel = await openCard(page, boardUrl, columnName, title);
  const planning = panel.getByRole("region", { name: "Planning" });
  await planning.getByLabel("Estimate (points)").fill(points);
  await planning.getByRole("button", { name: "Save estimate" }).click();
  await expect(column(page, columnName).locator("li[data-card-id]").filter({ hasText: title }).getByTestId("points-mark")).toHaveText(
    `${points} pt points`,
  );
}

/** Opens the project's cycles page from its board; returns its URL. */
async function openCycles(page: Page, boardUrl: string, project: string) {
  await page.goto(boardUrl);
  await page.getByRole("link", { name: `Cycles of ${project}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cycles" })).toBeVisible();
  return page.url();
}

async function createCycle(page: Page, name: string, from: number, to: number) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Starts").fill(day(from));
  await page.getByLabel("Ends").fill(day(to));
  await page.getByRole("button", { name: "Create cycle" }).click();
  await expect(page.getByText(`Cycle “${name}” created.`)).toBeVisible();
}

async function addToCycle(page: Page, card: string, said: string) {
  await page.getByLabel("Add a card (number or title)").fill(card);
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByText(said)).toBeVisible();
}

/** Signs up once for the describe block's tests (with JavaScript as they run); they share its session. */
async function accountFor(browser: Browser, javaScriptEnabled: boolean, fullName: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signUpAndVerify(page, { fullName });
  const state = await context.storageState();
  await context.close();
  return state;
}

const frozen = [
  "Scope at start3 cards · 3 pt",
  "Scope added0 cards",
  "Scope removed0 cards",
  "Completed1 card · 3 pt",
  "Carried over2 cards",
];

for (const javaScriptEnabled of [false, true]) {
  test.describe(`cycles with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    let account: Awaited<ReturnType<typeof accountFor>>;
    test.beforeAll(async ({ browser }) => {
      account = await accountFor(browser, javaScriptEnabled, javaScriptEnabled ? "Cy Script" : "Cy Plain");
    });
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    test.use({ javaScriptEnabled, storageState: async ({}, use) => use(account) });

    test("estimate a card, mark one blocked by another, and be refused a loop of blocks", async ({ page }) => {
      const boardUrl = await boardWith(page, "Estimates", ["Alpha", "Beta"]);

      // Estimates: refused beside the field when out of range, shown on the card's face once saved.
      let panel = await openCard(page, boardUrl, "To do", "Alpha");
      const planning = panel.getByRole("region", { name: "Planning" });
      await planning.getByLabel("Estimate (points)").fill("1000");
      await planning.getByRole("button", { name: "Save estimate" }).click();
      await expect(planning.getByText("Enter points from 0 to 999, with at most one decimal (e.g. 2.5).")).toBeVisible();
      await planning.getByLabel("Estimate (points)").fill("3");
      await planning.getByRole("button", { name: "Save estimate" }).click();
      await expect(column(page, "To do").getByTestId("points-mark")).toHaveText("3 pt points");

      // Dependencies: Beta is blocked by #1 (Alpha); a loop back is refused with the chain.
      panel = await openCard(page, boardUrl, "To do", "Beta");
      let section = panel.getByRole("region", { name: "Planning" });
      await section.getByLabel("This card").selectOption("blocked-by");
      await section.getByLabel("Card (number or title)").fill("#1");
      await section.getByRole("button", { name: "Add block" }).click();
      await expect(section.getByRole("list", { name: "Blocked by" }).getByRole("link", { name: "#1 Alpha" })).toBeVisible();
      await expect(column(page, "To do").getByTestId("blocked-mark")).toHaveCount(1);
      await expect(column(page, "To do").locator("li[data-card-id]").filter({ hasText: "Beta" }).getByTestId("blocked-mark")).toHaveText(
        "Blocked",
      );

      panel = await openCard(page, boardUrl, "To do", "Alpha");
      section = panel.getByRole("region", { name: "Planning" });
      await expect(section.getByRole("list", { name: "Blocks" }).getByRole("link", { name: "#2 Beta" })).toBeVisible();
      await section.getByLabel("This card").selectOption("blocked-by");
      await section.getByLabel("Card (number or title)").fill("Beta");
      await section.getByRole("button", { name: "Add block" }).click();
      await expect(section.getByText("That would make a loop of blocks: #2 → #1 → #2. Remove one of those blocks first.")).toBeVisible();
    });

    test("plan a cycle, close it, and keep its report after a later move", async ({ page }) => {
      const boardUrl = await boardWith(page, "Launch", ["Alpha", "Beta", "Gamma"]);
      await estimate(page, boardUrl, "To do", "Alpha", "3");

      const cyclesUrl = await openCycles(page, boardUrl, "Launch");
      await expect(page.getByRole("heading", { name: "No cycles yet" })).toBeVisible();
      await page.getByRole("button", { name: "Create cycle" }).click();
      await expect(page.getByText("Name the cycle.")).toBeVisible();
      await createCycle(page, "Sprint 2", 7, 13);
      await createCycle(page, "Sprint 1", 0, 6);
      await expect(page.getByRole("heading", { level: 2, name: /Sprint 1/ })).toBeVisible();

      // Add by number and by title; the third card joins from its panel.
      await addToCycle(page, "#1", "#1 added to the cycle.");
      await addToCycle(page, "beta", "#2 added to the cycle.");
      await addToCycle(page, "#2", "#2 is already in this cycle.");

      const panel = await openCard(page, boardUrl, "To do", "Gamma");
      const section = panel.getByRole("region", { name: "Planning" });
      await section.getByRole("combobox", { name: "Cycle", exact: true }).selectOption({ label: "Sprint 1 (active)" });
      await section.getByRole("button", { name: "Save cycle" }).click();
      await expect(section.getByRole("combobox", { name: "Cycle", exact: true })).toHaveValue(/[0-9a-f-]{36}/);

      await moveTo(page, boardUrl, "To do", "Alpha", "Done");

      await page.goto(cyclesUrl);
      await page.getByRole("link", { name: /Sprint 1/ }).click();
      await expect(page.getByRole("list", { name: "Cards in the cycle" }).getByRole("listitem")).toHaveCount(3);
      // axe runs in the page: with JavaScript on only.
      if (javaScriptEnabled) await expectNoA11yViolations(page);
      await page.getByRole("button", { name: "Close cycle" }).click();
      await expect(page.getByText("Cycle closed: 1 completed, 2 carried over.")).toBeVisible();
      await expect(page.getByTestId("cycle-report").locator("div")).toHaveText(frozen);
      await expect(page.getByText("Points count re-estimates: a card estimated higher while in the cycle added scope")).toBeVisible();
      const sprintOne = page.url();

      // A later move (Beta to Done) leaves the closed cycle's report as it was.
      await moveTo(page, boardUrl, "To do", "Beta", "Done");
      await page.goto(sprintOne);
      await expect(page.getByTestId("cycle-report").locator("div")).toHaveText(frozen);
    });

    test("a closed cycle: its unfinished cards move on, its burn-up, a rename, and its deletion", async ({ page }) => {
      // Alpha (3 pt) is done before the cycle closes; Beta is carried over.
      const boardUrl = await boardWith(page, "Wrap-up", ["Alpha", "Beta"]);
      await estimate(page, boardUrl, "To do", "Alpha", "3");
      const cyclesUrl = await openCycles(page, boardUrl, "Wrap-up");
      await createCycle(page, "Sprint 2", 7, 13);
      await createCycle(page, "Sprint 1", 0, 6);
      for (const n of [1, 2]) await addToCycle(page, `#${n}`, `#${n} added to the cycle.`);
      await moveTo(page, boardUrl, "To do", "Alpha", "Done");
      await page.goto(cyclesUrl);
      await page.getByRole("link", { name: /Sprint 1/ }).click();
      await page.getByRole("button", { name: "Close cycle" }).click();
      await expect(page.getByText("Cycle closed: 1 completed, 1 carried over.")).toBeVisible();
      const sprintOne = page.url();

      // The unfinished card (Beta) moves on in one step.
      await page.getByLabel(/Move the 1 unfinished card to/).selectOption({ label: "Sprint 2 (upcoming)" });
      await page.getByRole("button", { name: "Move unfinished cards" }).click();
      await expect(page.getByText("Moved 1 unfinished card to Sprint 2.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /Sprint 2/ })).toBeVisible();
      await expect(page.getByRole("list", { name: "Cards in the cycle" }).getByRole("link")).toHaveText(["#2 Beta"]);

      // Its burn-up on /analytics, from the frozen report.
      const cycleId = new URL(sprintOne).searchParams.get("cycle")!;
      const projectId = new URL(boardUrl).pathname.split("/").pop()!;
      await page.goto(`/analytics?project=${projectId}&cycle=${cycleId}`);
      await expect(page.getByRole("heading", { name: "Burn-up: Sprint 1" })).toBeVisible();
      await expect(page.getByTestId("chart-burnup-summary")).toContainText("3 points done of 3 points");
      await expect(page.getByTestId("chart-burnup")).toBeVisible();
      const csv = page.getByRole("link", { name: "Download CSV of burn-up: sprint 1" });
      await expect(csv).toHaveAttribute("href", new RegExp(`chart=burnup&cycle=${cycleId}`));

      // Rename the next cycle: an empty name is refused beside the field, then the new name shows.
      await page.goto(cyclesUrl);
      await page.getByRole("link", { name: /Sprint 2/ }).click();
      await expect(page.getByRole("heading", { level: 2, name: /Sprint 2/ })).toBeVisible();
      await page.getByText("Rename…").click();
      const rename = page.getByRole("form", { name: "Rename cycle" });
      await expect(rename.getByLabel("Cycle name")).toHaveValue("Sprint 2");
      await rename.getByLabel("Cycle name").fill(" ");
      await rename.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByRole("form", { name: "Rename cycle" }).getByText("Name the cycle.")).toBeVisible();
      await page.getByRole("form", { name: "Rename cycle" }).getByLabel("Cycle name").fill("Sprint Two");
      await page.getByRole("form", { name: "Rename cycle" }).getByRole("button", { name: "Save name" }).click();
      await expect(page.getByText("Cycle “Sprint 2” renamed to “Sprint Two”.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /Sprint Two/ })).toBeVisible();

      // Delete the closed cycle: asked twice, its cards stay on the board, its report goes with it.
      await page.goto(sprintOne);
      await page.getByText("Delete cycle…").click();
      await expect(page.getByText("Delete “Sprint 1”? Its card stays on the board. Its frozen report is deleted too.")).toBeVisible();
      await page.getByRole("button", { name: "Delete cycle", exact: true }).click();
      await expect(page.getByText("Cycle “Sprint 1” and its report deleted. Its card stays on the board.")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Cycles" }).getByRole("link")).toHaveText([/Sprint Two/]);
      await page.goto(sprintOne);
      await expect(page.getByText("This cycle does not exist, or it was deleted.")).toBeVisible();
      await page.goto(boardUrl);
      await expect(column(page, "Done").getByRole("link", { name: /Alpha/ })).toHaveCount(1);
      await expect(column(page, "To do").getByRole("link", { name: /Beta/ })).toHaveCount(1);
    });
  });
}
