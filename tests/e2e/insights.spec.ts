import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { addCard, column, createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";

/**
 * Insights (issue 10): a project with a late card and two cards with the same title shows
 * "1 card overdue" and a possible duplicate on /analytics, the dashboard and (as a count) the
 * board; evidence links open the card; dismiss and snooze hide an insight; the new charts
 * have their data table and CSV. With JavaScript off and on.
 */
const LONG_AGO = "2020-01-15";

async function seed(page: Page, who: string, project: string) {
  await signUpAndVerify(page, { fullName: who });
  const boardUrl = await createProject(page, project);
  await addCard(page, "To do", "Fix the login button on Safari");
  await addCard(page, "To do", "Fix login button on Safari");
  await addCard(page, "To do", "Send the invoice");
  await column(page, "To do")
    .getByRole("link", { name: /Send the invoice/ })
    .click();
  await page.getByLabel("Due date", { exact: true }).fill(LONG_AGO);
  return boardUrl;
}

const insight = (page: Page, title: string | RegExp) =>
  page
    .getByRole("region", { name: /^Needs attention/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title }) });

test.describe("insights without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.slow();

  test("follow the evidence to a card, dismiss and snooze, and the new charts' table and CSV", async ({ page }) => {
    const boardUrl = await seed(page, "Ines Insight", "Launch");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Card saved.")).toBeVisible();

    // The board: a count that opens the project's insights.
    await page.goto(boardUrl);
    await expect(page.getByTestId("insight-count")).toHaveText(/^2 insights/);
    await page.getByTestId("insight-count").click();
    await expect(page).toHaveURL(/\/analytics\?project=.*#insights$/);
    await expect(page.getByRole("heading", { level: 2, name: "Needs attention: Launch" })).toBeVisible();

    const overdue = insight(page, "1 card overdue");
    await expect(overdue.getByText("High severity")).toBeVisible();
    await expect(overdue.getByText("due Jan 15, 2020")).toBeVisible();
    const dup = insight(page, "#1 and #2 may be the same work");
    await expect(dup).toBeVisible();

    // Evidence links to the card: the board opens with its panel.
    await overdue.getByRole("link", { name: "#3 Send the invoice" }).click();
    await expect(page).toHaveURL(/\/projects\/[^?]+\?task=/);
    await expect(page.getByRole("heading", { level: 2, name: "Send the invoice" })).toBeVisible();

    // Dismiss: gone, and said to be hidden; snooze the other.
    await page.goto("/analytics");
    await insight(page, "1 card overdue")
      .getByRole("button", { name: /^Dismiss/ })
      .click();
    await expect(page.getByText("Insight dismissed")).toBeVisible();
    await expect(insight(page, "1 card overdue")).toHaveCount(0);
    await expect(
      page.getByText("1 insight you dismissed or snoozed is hidden until its evidence changes or the snooze ends."),
    ).toBeVisible();
    await insight(page, /may be the same work/)
      .getByRole("button", { name: /^Snooze for a week/ })
      .click();
    await expect(page.getByText("Insight snoozed for 7 days")).toBeVisible();
    await expect(page.getByText("Nothing needs attention right now.")).toBeVisible();

    // The dashboard agrees.
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Needs attention" }).getByText("Nothing needs attention right now.")).toBeVisible();

    // The new charts: the distribution by priority, its table and CSV.
    await page.goto("/analytics");
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Launch" });
    await page.getByRole("button", { name: "Show", exact: true }).click();
    const priority = page.getByRole("region", { name: "Open cards by priority", exact: true });
    await expect(priority.getByText("3 open cards; the most by priority: No priority (3 cards).")).toBeVisible();
    await priority.getByText("Show data").click();
    await expect(priority.getByRole("row", { name: "No priority 3" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), priority.getByRole("link", { name: /Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^launch-open-cards-by-priority-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const wip = page.getByRole("region", { name: "Work in progress over time", exact: true });
    await expect(wip.getByText(/^No cards in progress between/)).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Cycle time histogram", exact: true })
        .getByText(/^Not enough finished cards yet/)
        .first(),
    ).toBeVisible();
    await expect(page.getByTestId("forecast-message")).toHaveText(
      "Not enough history to forecast: 0 complete weeks of throughput so far, and a forecast needs at least 3.",
    );
  });
});

test.describe("insights with JavaScript", () => {
  test.slow();

  test("dismiss and snooze from the dashboard, the list passes axe", async ({ page }) => {
    await seed(page, "Jo Insight", "Relaunch");
    await expect(page.getByText("Card saved.")).toBeVisible();

    await page.goto("/dashboard");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Needs attention" });
    await expect(section.getByRole("heading", { name: "1 card overdue" })).toBeVisible();
    await expectNoA11yViolations(page);

    await insight(page, "1 card overdue")
      .getByRole("button", { name: /^Snooze for a week/ })
      .click();
    await expect(page.getByText("Insight snoozed for 7 days")).toBeVisible();
    await expect(section.getByRole("heading", { name: "1 card overdue" })).toHaveCount(0);
    await insight(page, /may be the same work/)
      .getByRole("button", { name: /^Dismiss/ })
      .click();
    await expect(page.getByText("Insight dismissed")).toBeVisible();
    await expect(section.getByText("Nothing needs attention right now.")).toBeVisible();

    // The evidence changes (a second late card): the snoozed overdue insight returns.
    await page.goto("/projects");
    await page.getByRole("link", { name: "Relaunch" }).first().click();
    await addCard(page, "To do", "Pay the rent");
    await column(page, "To do")
      .getByRole("link", { name: /Pay the rent/ })
      .click();
    await page.getByLabel("Due date", { exact: true }).fill(LONG_AGO);
    await expect(page.getByText("Card saved.")).toBeVisible();
    await page.goto("/dashboard");
    await expect(section.getByRole("heading", { name: "2 cards overdue" })).toBeVisible();
  });
});
