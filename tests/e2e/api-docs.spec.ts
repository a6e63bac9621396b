import { baseURL, expect, expectNoA11yViolations, test } from "../support/e2e";

/**
 * /docs/api, the public API's guide and reference, and /api/v1 through the real server
 * (its request guard, then the route): the document, a refusal without a key, a method
 * the address does not take. The API's behaviour itself is tested through its generated
 * client in tests/api/.
 */
test.describe("the API reference", () => {
  // axe over a long page of tables: slow on a shared two-core machine.
  test.slow();

  test("reads without JavaScript, on a phone and in dark mode", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: "dark", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { level: 1, name: "The Atelier API" })).toBeVisible();
    for (const name of [
      "Make a key",
      "The first request",
      "Pagination",
      "Idempotency",
      "Errors",
      "Wireframes and their exports",
      "Design tokens",
      "Analytics and insights",
      "Webhooks",
    ]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expect(page.locator("#createCard")).toContainText("/api/v1/projects/{projectId}/cards");
    await expect(page.locator("#problem-idempotency_key_reused")).toContainText("/docs/api/problems/idempotency-key-reused");
    // Dark from the first byte: the page is drawn on a dark background.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(200);
    // Nothing wider than the phone's screen but the code blocks and tables, which scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath("api-docs-dark-phone.png") });
    // A problem's type URI leads to its row.
    await page.goto("/docs/api/problems/not-found");
    await expect(page).toHaveURL(/\/docs\/api#problem-not_found$/);
    await context.close();
  });

  // The page sends no app scripts, so its DOM is the same with JavaScript on; axe needs it on.
  for (const [scheme, width] of [
    ["dark", 390],
    ["light", 1280],
  ] as const) {
    test(`${scheme}, ${width} px wide: passes axe`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/docs/api");
      await expect(page.getByRole("heading", { level: 2, name: "Reference" })).toBeAttached();
      await expectNoA11yViolations(page);
    });
  }

  test("/api/v1 through the server: the document, 401 without a key, 405 with Allow", async ({ request }) => {
    const doc = await request.get(`${baseURL}/api/v1/openapi.json`);
    expect(doc.status()).toBe(200);
    expect(await doc.json()).toMatchObject({ openapi: "3.1.0", info: { title: "Atelier API" } });
    const anonymous = await request.get(`${baseURL}/api/v1/projects`);
    expect(anonymous.status()).toBe(401);
    expect(anonymous.headers()["content-type"]).toBe("application/problem+json");
    const put = await request.put(`${baseURL}/api/v1/projects`, { data: {} });
    expect(put.status()).toBe(405);
    expect(put.headers()["allow"]).toBe("GET, POST");
  });
});
