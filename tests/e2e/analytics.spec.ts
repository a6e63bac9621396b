import { readFile } from "node:fs/promises";
import { signUpAndVerify } from "../support/auth-helpers";
import { finishCard } from "../support/analytics-helpers";
import { addCard, createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";

test.describe("/analytics without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Sign-up, a board and axe twice: slow on a shared two-core machine.
  test.slow();

  test("an empty workspace is told what to do first", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Nora Nothing" });
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();
  });

  test("overview, a project's two charts with summaries, the data table and the CSV", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Ana Lytics" });
    const boardUrl = await createProject(page, "Launch");
    for (const title of ["Write copy", "Draw hero", "Fix footer"]) await addCard(page, "In progress", title);
    await finishCard(page, boardUrl, "Write copy");
    await finishCard(page, boardUrl, "Draw hero");

    // From the board's header to the project's charts.
    await page.goto(boardUrl);
    await page.getByRole("link", { name: "Analytics for Launch" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /^Launch: / })).toBeVisible();

    // The overview, and the picker as a plain GET form.
    await page.goto("/analytics");
    const overview = page.getByRole("region", { name: "Workspace overview" });
    await expect(overview.getByRole("link", { name: "Launch" })).toBeVisible();
    await expect(overview.getByText("Finished, last 4 weeks")).toBeVisible();
    await expect(page.getByText("Choose a project and a date range")).toBeVisible();
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Launch" });
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/project=.*from=\d{4}-\d{2}-\d{2}&to=/);

    const cfd = page.getByRole("region", { name: "Cumulative flow", exact: true });
    await expect(cfd.getByRole("img", { name: /^Cumulative flow\. On .*: 2 completed, 1 in progress/ })).toBeVisible();
    await expect(cfd.getByText(/2 completed, 1 in progress, 0 not started and 0 in the backlog\./)).toBeVisible();
    const throughput = page.getByRole("region", { name: "Weekly throughput", exact: true });
    await expect(throughput.getByText(/^2 cards finished in \d+ weeks, [\d.]+ a week on average\.$/)).toBeVisible();
    await expect(throughput.getByRole("img", { name: /^Weekly throughput\. 2 cards finished/ })).toBeVisible();

    // The data table: hidden from sight until 'Show data', then shown in full.
    const data = throughput.getByRole("region", { name: "Weekly throughput data" });
    const table = data.getByRole("table");
    expect((await data.boundingBox())!.width).toBeLessThan(5);
    await throughput.getByText("Show data").click();
    expect((await data.boundingBox())!.width).toBeGreaterThan(100);
    await expect(table.getByRole("columnheader", { name: "Cards finished" })).toBeVisible();
    await expect(table.getByRole("cell", { name: "2", exact: true })).toBeVisible();

    // The CSV download.
    const [download] = await Promise.all([page.waitForEvent("download"), cfd.getByRole("link", { name: /Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^launch-cumulative-flow-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Day,Backlog,Not started,In progress,Completed,Cancelled");
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},0,0,1,2,0$/);
    expect(lines).toHaveLength(57);

    // A range with nothing in it says so.
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-02-01");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(throughput.getByText("No cards finished between Jan 1, 2020 and Feb 1, 2020.")).toBeVisible();
    await expect(cfd.getByText("No cards on this board between Jan 1, 2020 and Feb 1, 2020.")).toBeVisible();

    // A phone: no sideways scroll, even with a table open.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goBack();
    await page.getByRole("region", { name: "Cumulative flow", exact: true }).getByText("Show data").click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

// axe runs on timers inside the page, which do not run with JavaScript off: the same pages,
// hydrated, are checked here.
test.describe("/analytics with JavaScript", () => {
  test.slow();

  test("the empty state, the overview and a project's charts pass axe, on a desktop and a phone", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Axel Analytics" });
    await page.goto("/analytics");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();
    await expectNoA11yViolations(page);

    const boardUrl = await createProject(page, "Audit");
    await addCard(page, "In progress", "Check contrast");
    await page.goto(`/analytics`);
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Audit" });
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page.getByRole("region", { name: "Cumulative flow", exact: true })).toBeVisible();
    await waitForHydration(page);
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);
    expect(boardUrl).toContain("/projects/");
  });
});
