import { baseURL, expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";
import { openSettingsSubpage } from "../support/settings-helpers";

test.describe("API keys without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("make a key, use it, see when and from where it was last used, revoke it after confirming", async ({ page, request }) => {
    await openSettingsSubpage(page, "api-keys", { fullName: "Kay Keys", viaSettings: true });
    await expect(page.getByTestId("no-keys")).toHaveText("No keys yet. Make one below to start using the API.");

    // Nothing chosen: the server says what is missing.
    await page.getByLabel("Name", { exact: true }).fill("Nightly export");
    await page.getByRole("button", { name: "Make key" }).click();
    await expect(page.getByText("Give the key at least one scope.")).toBeVisible();

    await page.getByLabel("Name", { exact: true }).fill("Nightly export");
    await page.getByLabel("Workspace", { exact: true }).selectOption("read");
    await page.getByLabel("Cards", { exact: true }).selectOption("write");
    await page.getByRole("button", { name: "Make key" }).click();
    const created = page.getByTestId("created-key");
    await expect(created.getByRole("heading", { name: "Key “Nightly export” made" })).toBeVisible();
    const key = await created.getByLabel("The new key").inputValue();
    expect(key).toMatch(/^atl_(live|test)_[a-z2-7]{12}_[A-Za-z0-9_-]{43}$/);
    await expect(created.getByRole("button", { name: "Copy key" })).toHaveCount(0); // needs JavaScript
    const row = page.getByTestId("api-key");
    await expect(row).toContainText("Workspace key");
    await expect(row).toContainText("workspace:read, card:write");
    await expect(row).toContainText(/Last used\s*Never/);

    // The key at work, from outside the browser: RateLimit headers on the answer.
    const answer = await request.get(`${baseURL}/api/search?q=zz`, { headers: { Authorization: `Bearer ${key}` } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["ratelimit-policy"]).toMatch(/^"per-key";q=\d+;w=60$/);
    expect(answer.headers()["ratelimit"]).toMatch(/^"per-key";r=\d+;t=\d+$/);

    await page.goto("/settings/api-keys");
    await expect(page.getByTestId("api-key")).toContainText(/Last used\s*.+ from \S+/);
    await expect(page.getByTestId("api-key")).not.toContainText(/Last used\s*Never/);
    expect(await page.content()).not.toContain(key);

    await page.getByRole("link", { name: "Revoke Nightly export" }).click();
    const confirm = page.getByTestId("confirm-revoke");
    await expect(confirm.getByRole("heading", { name: "Revoke “Nightly export”?" })).toBeVisible();
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByTestId("api-key")).toContainText("Revoked");

    const refused = await request.get(`${baseURL}/api/search?q=zz`, { headers: { Authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["www-authenticate"]).toContain('error="invalid_token"');
    expect(await refused.json()).toMatchObject({ code: "key_revoked" });

    // A phone: no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("API keys with JavaScript", () => {
  test("the new key's copy button, and the page passes axe light and dark, on a desktop and a phone", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openSettingsSubpage(page, "api-keys", { fullName: "Axe Keys" });
    await waitForHydration(page);
    await expectNoA11yViolations(page);

    await page.getByLabel("Name", { exact: true }).fill("Board sync");
    await page.getByRole("radio", { name: /^Personal key/ }).check();
    await page.getByLabel("Projects and columns", { exact: true }).selectOption("read");
    await page.getByRole("button", { name: "Make key" }).click();
    const created = page.getByTestId("created-key");
    const key = await created.getByLabel("The new key").inputValue();
    expect(key).toMatch(/^atl_/);
    await created.getByRole("button", { name: "Copy key" }).click();
    await expect(created.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expect(page.getByTestId("api-key")).toContainText("Personal key of Axe Keys");

    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);
  });
});
