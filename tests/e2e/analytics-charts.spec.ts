/**
 * The charts with JavaScript (issue 10): hovering a chart shows the value under the pointer,
 * the keyboard reads the points one by one (the value is announced), and dragging across a
 * time series picks a new date range: the URL gets `from` and `to`, the range form and the
 * charts follow. Then the cycles page and /analytics on a 390 px phone in dark mode: nothing
 * runs past the screen, axe finds nothing (screenshots kept in the test's output).
 */
import type { Locator } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { finishCard, openProjectCharts } from "../support/analytics-helpers";
import { addCard, createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";

const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY + 1;

/** A point of the chart's drawing at a fraction of its plot's width (the plot spans 40 to 628 of 640 units). */
async function plotPoint(svg: Locator, fraction: number) {
  await svg.scrollIntoViewIfNeeded();
  const box = (await svg.boundingBox())!;
  const scale = box.width / 640;
  return { x: box.x + (40 + fraction * 588) * scale, y: box.y + box.height / 2 };
}

test.describe("charts with JavaScript", () => {
  test.slow();

  test("a tooltip on hover and on the keyboard; dragging across a time series sets the date range", async ({ page }, testInfo) => {
    await signUpAndVerify(page, { fullName: "Tina Tooltip" });
    const boardUrl = await createProject(page, "Pointer");
    for (const title of ["First", "Second", "Third"]) await addCard(page, "In progress", title);
    await finishCard(page, boardUrl, "First");
    await finishCard(page, boardUrl, "Second");
    await openProjectCharts(page, "Pointer");

    // Hover: the last day of the cumulative flow (today) says what the board holds.
    const cfd = page.getByRole("region", { name: "Cumulative flow", exact: true });
    const svg = cfd.getByTestId("chart-cfd");
    const tooltip = cfd.getByTestId("chart-cfd-tooltip");
    await expect(tooltip).toHaveCount(0);
    const end = await plotPoint(svg, 1);
    await page.mouse.move(end.x, end.y);
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText("Completed: 2");
    await expect(tooltip).toContainText("In progress: 1");
    await expect(cfd.getByTestId("chart-guide")).toHaveCount(1);
    await cfd.screenshot({ path: testInfo.outputPath("cfd-tooltip.png") });
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);

    // The keyboard: the chart takes focus, End reads the last day, Home the first; the value is announced.
    const chart = cfd.getByRole("group", { name: /^Cumulative flow: \d+ data points\. Use the arrow keys to read them\.$/ });
    await chart.focus();
    await page.keyboard.press("End");
    await expect(tooltip).toContainText("Completed: 2");
    await expect(cfd.getByRole("status")).toContainText("Completed: 2");
    await page.keyboard.press("Home");
    await expect(tooltip).toContainText("Completed: 0");
    await page.keyboard.press("Escape");
    await expect(tooltip).toHaveCount(0);

    // A scatter's dot shows its card on hover.
    const cycle = page.getByRole("region", { name: "Cycle time", exact: true });
    const dot = cycle.locator("circle").first();
    // The dots sit on the x axis (0 days), whose line lies over them: the pointer goes there all the same.
    await dot.hover({ force: true });
    await expect(cycle.getByTestId("chart-cycle-tooltip")).toContainText(/First|Second/);

    // Drag across the middle half of the cumulative flow: a new range, in the URL, the form and the charts.
    const before = new URL(page.url());
    const [from0, to0] = [before.searchParams.get("from")!, before.searchParams.get("to")!];
    expect(daysBetween(from0, to0)).toBe(56);
    const a = await plotPoint(svg, 0.25);
    const b = await plotPoint(svg, 0.75);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await expect(cfd.getByTestId("chart-selection")).toBeVisible();
    await page.mouse.up();
    await expect(page).not.toHaveURL(before.toString());
    const after = new URL(page.url());
    const [from1, to1] = [after.searchParams.get("from")!, after.searchParams.get("to")!];
    expect(after.searchParams.get("project")).toBe(before.searchParams.get("project"));
    expect(from1 > from0 && to1 < to0 && from1 < to1).toBe(true);
    expect(daysBetween(from1, to1)).toBeGreaterThan(24);
    expect(daysBetween(from1, to1)).toBeLessThan(32);
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(from1);
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(to1);
    await expect(cfd.getByTestId("chart-cfd-table").locator("tbody tr")).toHaveCount(daysBetween(from1, to1));
    await expect(cfd.getByTestId("chart-cfd-summary")).toHaveText(/^No cards on this board between|^On /);
  });
});

test.describe("the cycles page and /analytics on a phone, in dark mode", () => {
  test.slow();

  test("nothing runs past 390 px, axe finds nothing", async ({ page }, testInfo) => {
    await signUpAndVerify(page, { fullName: "Pat Phone" });
    await page.goto("/profile");
    await page.getByRole("region", { name: "Appearance" }).getByRole("radio", { name: /Dark/ }).check();
    await page.getByRole("button", { name: "Save theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    const boardUrl = await createProject(page, "Pocket project with a rather long name");
    for (const title of ["A card whose title is long enough to wrap on a phone", "Short"]) await addCard(page, "In progress", title);
    await finishCard(page, boardUrl, "Short");

    await page.setViewportSize({ width: 390, height: 844 });
    const projectId = new URL(boardUrl).pathname.split("/").pop()!;
    await page.goto(`/projects/${projectId}/cycles`);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel("Name", { exact: true }).fill("Phone sprint with a long name");
    await page.getByLabel("Starts").fill(today);
    await page.getByLabel("Ends").fill(new Date(Date.now() + 6 * DAY).toISOString().slice(0, 10));
    await page.getByRole("button", { name: "Create cycle" }).click();
    await expect(page.getByText("Cycle “Phone sprint with a long name” created.")).toBeVisible();
    await page.getByLabel("Add a card (number or title)").fill("#1");
    await page.getByRole("button", { name: "Add card" }).click();
    await expect(page.getByText("#1 added to the cycle.")).toBeVisible();
    // Both disclosures open: the rename form and the delete warning.
    await page.getByText("Rename…").click();
    await page.getByText("Delete cycle…").click();
    await expect(page.getByRole("button", { name: "Delete cycle", exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("cycles-390-dark.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);

    await page.goto(`/analytics?project=${projectId}`);
    await expect(page.getByRole("region", { name: "Cumulative flow", exact: true })).toBeVisible();
    // A tooltip open near the right edge stays on the screen.
    const svg = page.getByTestId("chart-cfd");
    const end = await plotPoint(svg, 1);
    await page.mouse.move(end.x, end.y);
    await expect(page.getByTestId("chart-cfd-tooltip")).toBeVisible();
    await page.getByRole("region", { name: "Cumulative flow", exact: true }).screenshot({ path: testInfo.outputPath("cfd-390-dark.png") });
    await page.screenshot({ path: testInfo.outputPath("analytics-390-dark.png"), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.mouse.move(0, 0);
    await expectNoA11yViolations(page);
  });
});
