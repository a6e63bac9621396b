/**
 * Estimates, dependencies and cycles (issue 10), with JavaScript on and off: a member estimates
 * a card (the points show on its face; a bad value is refused beside the field), marks a card
 * blocked by another (the face says "Blocked"; a loop is refused with the chain written out),
 * creates cycles on the project's cycles page, adds cards (by number, by title, and from a
 * card's panel), closes the cycle, sees its frozen report unchanged after a later card move,
 * moves the unfinished cards to the next cycle in one step, finds the cycle's burn-up on
 * /analytics, renames a cycle (an empty name refused beside the field) and deletes the closed
 * one after a second confirming click (its cards stay on the board).
 */
import type { Page } from "@playwright/test";
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

for (const javaScriptEnabled of [false, true]) {
  test.describe(`cycles with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("estimate, block, plan a cycle, close it, and keep its report after a later move", async ({ page }) => {
      test.setTimeout(400_000);
      await signUpAndVerify(page, { fullName: javaScriptEnabled ? "Cy Script" : "Cy Plain" });
      const boardUrl = await createProject(page, "Launch");
      for (const title of ["Alpha", "Beta", "Gamma"]) await addCard(page, "To do", title);

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

      // The cycles page, from the board.
      await page.goto(boardUrl);
      await page.getByRole("link", { name: "Cycles of Launch" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Cycles" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "No cycles yet" })).toBeVisible();
      const cyclesUrl = page.url();

      await page.getByRole("button", { name: "Create cycle" }).click();
      await expect(page.getByText("Name the cycle.")).toBeVisible();
      const create = async (name: string, from: number, to: number) => {
        await page.getByLabel("Name", { exact: true }).fill(name);
        await page.getByLabel("Starts").fill(day(from));
        await page.getByLabel("Ends").fill(day(to));
        await page.getByRole("button", { name: "Create cycle" }).click();
        await expect(page.getByText(`Cycle “${name}” created.`)).toBeVisible();
      };
      await create("Sprint 2", 7, 13);
      await create("Sprint 1", 0, 6);
      await expect(page.getByRole("heading", { level: 2, name: /Sprint 1/ })).toBeVisible();

      // Add by number and by title; the third card joins from its panel.
      await page.getByLabel("Add a card (number or title)").fill("#1");
      await page.getByRole("button", { name: "Add card" }).click();
      await expect(page.getByText("#1 added to the cycle.")).toBeVisible();
      await page.getByLabel("Add a card (number or title)").fill("beta");
      await page.getByRole("button", { name: "Add card" }).click();
      await expect(page.getByText("#2 added to the cycle.")).toBeVisible();
      await page.getByLabel("Add a card (number or title)").fill("#2");
      await page.getByRole("button", { name: "Add card" }).click();
      await expect(page.getByText("#2 is already in this cycle.")).toBeVisible();

      panel = await openCard(page, boardUrl, "To do", "Gamma");
      section = panel.getByRole("region", { name: "Planning" });
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
      const report = page.getByTestId("cycle-report");
      const frozen = [
        "Scope at start3 cards · 3 pt",
        "Scope added0 cards",
        "Scope removed0 cards",
        "Completed1 card · 3 pt",
        "Carried over2 cards",
      ];
      await expect(report.locator("div")).toHaveText(frozen);
      await expect(page.getByText("Points count re-estimates: a card estimated higher while in the cycle added scope")).toBeVisible();
      const sprintOne = page.url();

      // A later move (Beta to Done) leaves the closed cycle's report as it was.
      await moveTo(page, boardUrl, "To do", "Beta", "Done");
      await page.goto(sprintOne);
      await expect(page.getByTestId("cycle-report").locator("div")).toHaveText(frozen);

      // The unfinished card (Gamma; Beta is done now) moves on in one step.
      await page.getByLabel(/Move the 1 unfinished card to/).selectOption({ label: "Sprint 2 (upcoming)" });
      await page.getByRole("button", { name: "Move unfinished cards" }).click();
      await expect(page.getByText("Moved 1 unfinished card to Sprint 2.")).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /Sprint 2/ })).toBeVisible();
      await expect(page.getByRole("list", { name: "Cards in the cycle" }).getByRole("link")).toHaveText(["#3 Gamma"]);

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
      await expect(page.getByText("Delete “Sprint 1”? Its 2 cards stay on the board. Its frozen report is deleted too.")).toBeVisible();
      await page.getByRole("button", { name: "Delete cycle", exact: true }).click();
      await expect(page.getByText("Cycle “Sprint 1” and its report deleted. Its 2 cards stay on the board.")).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Cycles" }).getByRole("link")).toHaveText([/Sprint Two/]);
      await page.goto(sprintOne);
      await expect(page.getByText("This cycle does not exist, or it was deleted.")).toBeVisible();
      await page.goto(boardUrl);
      await expect(column(page, "Done").getByRole("link", { name: /Alpha|Beta/ })).toHaveCount(2);
    });
  });
}
