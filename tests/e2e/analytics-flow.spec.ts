import { signUpAndVerify } from "../support/auth-helpers";
import { finishCard, openProjectCharts as openProject } from "../support/analytics-helpers";
import { addCard, createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";

test.describe("cycle and lead time without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.slow();

  test("empty until a card is finished, then a scatter with percentile lines, its table and the percentile table", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Cy Cle" });
    const boardUrl = await createProject(page, "Flow");
    for (const title of ["Plan launch", "Write notes", "Ship it"]) await addCard(page, "In progress", title);

    await openProject(page, "Flow");
    const cycle = page.getByRole("region", { name: "Cycle time", exact: true });
    await expect(cycle.getByText(/^Not enough finished cards yet/)).toHaveCount(2); // the summary and the drawing
    await expect(page.getByRole("region", { name: "How long work takes" }).getByText(/^Not enough finished cards yet/)).toBeVisible();
    const aging = page.getByRole("region", { name: "Aging work in progress", exact: true });
    await expect(aging.getByText("3 cards in progress; not enough finished cards yet to compare their age with.")).toBeVisible();

    await finishCard(page, boardUrl, "Plan launch");
    await finishCard(page, boardUrl, "Write notes");
    await openProject(page, "Flow");

    await expect(
      cycle.getByRole("img", { name: /^Cycle time\. 2 cards finished; cycle time \(from first start to done\): half took 0 days or less/ }),
    ).toBeVisible();
    await expect(cycle.locator("circle")).toHaveCount(2);
    await expect(cycle.getByRole("list", { name: "Cycle time legend" }).getByText("85th percentile: 0 days")).toBeVisible();
    await cycle.getByText("Show data").click();
    const table = cycle.getByRole("region", { name: "Cycle time data" }).getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Cycle time (days)" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "Plan launch" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "Write notes" })).toBeVisible();

    const lead = page.getByRole("region", { name: "Lead time", exact: true });
    await expect(lead.getByText(/^2 cards finished; lead time \(from creation to done\)/)).toBeVisible();

    const stats = page.getByTestId("time-stats");
    await expect(stats.getByRole("row", { name: /Cycle time.*0 days 0 days 0 days 2/ })).toBeVisible();
    await expect(stats.getByRole("row", { name: /Lead time.*0 days 0 days 0 days 2/ })).toBeVisible();

    // Aging: the card still in progress, by column, against the 85th percentile.
    await expect(aging.getByText("1 card in progress; 0 older than the 85th percentile cycle time (0 days).")).toBeVisible();
    await expect(aging.locator("circle")).toHaveCount(1);
    await aging.getByText("Show data").click();
    await expect(aging.getByRole("row", { name: /Ship it In progress 0 No/ })).toBeVisible();

    // Cumulative flow by column, through a plain link.
    await page.getByRole("navigation", { name: "Cumulative flow view" }).getByRole("link", { name: "By column" }).click();
    const byColumn = page.getByRole("region", { name: "Cumulative flow by column", exact: true });
    await expect(byColumn.getByText(/: 0 in Backlog, 0 in To do, 1 in In progress, 0 in Review, 2 in Done\.$/)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Cumulative flow view" }).getByRole("link", { name: "By column" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // The scatter's data downloads as CSV too.
    const [download] = await Promise.all([page.waitForEvent("download"), cycle.getByRole("link", { name: /Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^flow-cycle-time-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);

    // A phone: no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("cycle and lead time with JavaScript", () => {
  test.slow();

  test("a project's charts with finished cards pass axe, light and dark, on a desktop and a phone", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Axe Flow" });
    const boardUrl = await createProject(page, "Audit flow");
    await addCard(page, "In progress", "Check contrast");
    await addCard(page, "In progress", "Check labels");
    await finishCard(page, boardUrl, "Check contrast");
    await openProject(page, "Audit flow");
    await expect(page.getByRole("region", { name: "Cycle time", exact: true }).locator("circle")).toHaveCount(1);
    await waitForHydration(page);
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);
  });
});
