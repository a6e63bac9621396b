import { expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";
import { openSettingsSubpage } from "../support/settings-helpers";

// /settings/webhooks. The endpoint's host does not exist, so a test event fails and the
// delivery log shows why (no receiver is needed to see the screen work).
const URL_IN = "https://hooks.atelier-receiver.invalid/in";

test.describe("Webhooks without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add an endpoint, see its secret once, send a test event, read the log, switch it off, rotate, delete after confirming", async ({
    page,
  }) => {
    await openSettingsSubpage(page, "webhooks", { fullName: "Wes Hooks", viaSettings: true });
    await expect(page.getByTestId("no-endpoints")).toHaveText("No endpoints yet. Add one below to receive events.");

    // Nothing chosen: the server says what is missing; then plain http is refused.
    await page.getByLabel("URL", { exact: true }).fill("http://hooks.example.com/in");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Choose at least one event.")).toBeVisible();
    await page.getByRole("checkbox", { name: /Card moved/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Give a URL starting with https://.")).toBeVisible();

    await page.getByLabel("URL", { exact: true }).fill(URL_IN);
    await page.getByLabel("Description (optional)").fill("Deploy bot");
    await page.getByRole("checkbox", { name: /Card created/ }).check();
    await page.getByRole("checkbox", { name: /Comment created/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const shown = page.getByTestId("webhook-secret");
    await expect(shown.getByRole("heading", { name: "Endpoint added" })).toBeVisible();
    const secret = await shown.getByLabel("The signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const row = page.getByTestId("webhook-endpoint");
    // Card moved stayed ticked through the refused submission.
    await expect(row).toContainText("Card created, Card moved, Comment created");
    await expect(row).toContainText(`whsec_…${secret.slice(-4)}`);
    await expect(row.getByTestId("endpoint-state")).toHaveText("On");

    // The secret is not on the page again.
    await page.goto("/settings/webhooks");
    expect(await page.content()).not.toContain(secret);

    await page.getByRole("button", { name: `Send test event: ${URL_IN}` }).click();
    const log = page.getByTestId("delivery-log");
    await expect(log).toBeVisible();
    // The test event is tried once; reload until its answer is in (the runner sends it right after the redirect).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("delivery").first()).toContainText("Failed");
    }).toPass();
    await expect(page.getByTestId("delivery").first()).toContainText("webhook.test");
    await expect(page.getByTestId("delivery").first()).toContainText("No answer");

    await page.getByRole("button", { name: `Switch off: ${URL_IN}` }).click();
    await expect(page.getByTestId("endpoint-state")).toHaveText("Off");
    await page.getByRole("button", { name: `Switch on: ${URL_IN}` }).click();
    await expect(page.getByTestId("endpoint-state")).toHaveText("On");

    await page.getByRole("button", { name: `Rotate secret: ${URL_IN}` }).click();
    await expect(page.getByTestId("webhook-secret").getByRole("heading", { name: "New signing secret" })).toBeVisible();
    const next = await page.getByTestId("webhook-secret").getByLabel("The signing secret").inputValue();
    expect(next).not.toBe(secret);
    await page.goto("/settings/webhooks");
    await expect(page.getByTestId("webhook-endpoint")).toContainText("the previous one signs too until");

    // A phone: no sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: `Delete ${URL_IN}` }).click();
    const confirm = page.getByTestId("confirm-delete");
    await expect(confirm.getByRole("heading", { name: `Delete the endpoint ${URL_IN}?` })).toBeVisible();
    await confirm.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByTestId("no-endpoints")).toBeVisible();
  });
});

test.describe("Webhooks with JavaScript", () => {
  test("the secret's copy button, and the page passes axe light and dark, on a desktop and a phone, with its log open", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openSettingsSubpage(page, "webhooks", { fullName: "Axe Hooks" });
    await waitForHydration(page);
    await expectNoA11yViolations(page);

    await page.getByLabel("URL", { exact: true }).fill(URL_IN);
    await page.getByRole("checkbox", { name: /Card moved/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const shown = page.getByTestId("webhook-secret");
    const secret = await shown.getByLabel("The signing secret").inputValue();
    await shown.getByRole("button", { name: "Copy secret" }).click();
    await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: `Send test event: ${URL_IN}` }).click();
    await expect(page.getByTestId("delivery-log")).toBeVisible();
    await expect(page.getByTestId("delivery")).toHaveCount(1);
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);
  });
});
