/**
 * /settings/integrations (issue 22): Figma connected through the local Figma-protocol server
 * (OAuth 2 with PKCE) and a file imported from /wireframes; a project's Slack channel on the
 * local receiver; with JavaScript off and on, axe light and dark, desktop and phone.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";
import { PRIVATE_FILE_KEY, shopFileUrl } from "../support/figma-fixtures";
import { figmaURL, slackURL } from "../support/integration-servers";
import { openSettingsSubpage } from "../support/settings-helpers";

// The Figma server's token state is one for the whole run: these tests take turns.
test.describe.configure({ mode: "serial" });
test.beforeEach(async ({ request }) => {
  await request.delete(`${figmaURL}/__state`);
});

async function connectFigma(page: Page) {
  await page.goto("/settings");
  await page.getByRole("link", { name: "Manage integrations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
  const figma = page.getByTestId("figma-integration");
  await expect(figma).toContainText("Not connected");
  await figma.getByRole("button", { name: "Connect Figma" }).click();
  await expect(page.getByRole("heading", { name: "Figma is connected" })).toBeVisible();
  await expect(page.getByText("You are connected as Ada Figma.")).toBeVisible();
}

async function importFromFigma(page: Page, url: string, project: string) {
  await page.goto("/wireframes");
  await page.locator("summary").filter({ hasText: "Import from Figma" }).click();
  const form = page.locator("form#import-figma");
  await form.getByLabel("Figma file link").fill(url);
  await form.getByLabel("Into project").selectOption({ label: project });
  await form.getByRole("button", { name: "Import frames" }).click();
}

test.describe("Integrations without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("connect Figma, import a file, the list says what came in; a file the account cannot open is refused clearly", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Fig Ma" });
    await createProject(page, "Shop");
    await connectFigma(page);
    await importFromFigma(page, shopFileUrl(), "Shop");
    await expect(page.getByText("Wireframe imported")).toBeVisible();
    await expect(
      page.getByText(/“Shop app”: 3 screens, \d+ elements\. Not mapped: .*1 layer outside every frame \(not imported\)/),
    ).toBeVisible();

    await importFromFigma(page, shopFileUrl(PRIVATE_FILE_KEY), "Shop");
    await expect(page.getByText("Nothing was imported from Figma")).toBeVisible();
    await expect(page.getByText(/^Your Figma account cannot open this file\./)).toBeVisible();
  });

  test("a project's Slack channel: a refused URL, connect, send a test message, disconnect after confirming; the empty state", async ({
    page,
    request,
  }) => {
    await openSettingsSubpage(page, "integrations", { fullName: "Sla Ck" });
    await expect(page.getByTestId("no-projects")).toContainText("No projects yet.");

    await createProject(page, "Launch");
    await page.goto("/settings/integrations");
    const row = page.getByTestId("slack-project");
    await row.getByLabel("Incoming-webhook URL for Launch").fill("https://example.com/not-slack");
    await row.getByRole("button", { name: "Connect Slack" }).click();
    await expect(page.getByText(/^That is not a Slack incoming-webhook URL/)).toBeVisible();

    const hook = `${slackURL}/services/T0E2E${Date.now()}/B0E2E/secretpart${Math.random().toString(36).slice(2, 8)}`;
    await page.getByTestId("slack-project").getByLabel("Incoming-webhook URL for Launch").fill(hook);
    await page.getByTestId("slack-project").getByRole("button", { name: "Connect Slack" }).click();
    await expect(page.getByText("Slack connected to Launch")).toBeVisible();
    await expect(page.getByTestId("slack-project")).toContainText(/Connected\s*by Sla Ck/);
    expect(await page.content()).not.toContain(new URL(hook).pathname);

    await page.getByRole("button", { name: "Send test message" }).click();
    await expect(page.getByText("Test message sent")).toBeVisible();
    const received = (await (await request.get(`${slackURL}/__messages?path=${encodeURIComponent(new URL(hook).pathname)}`)).json()) as {
      text: string;
    }[];
    expect(received.map((m) => m.text)).toEqual([
      expect.stringMatching(/^Atelier will post \*Launch\*'s finished cards/),
      expect.stringMatching(/^Test message from Atelier for \*Launch\*, sent by Sla Ck/),
    ]);

    await page.getByRole("link", { name: "Disconnect Slack from Launch" }).click();
    await page.getByTestId("confirm-disconnect").getByRole("button", { name: "Disconnect Slack" }).click();
    await expect(page.getByText("Slack disconnected from Launch")).toBeVisible();
    await expect(page.getByTestId("slack-project")).toContainText("Not connected");

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("Integrations with JavaScript", () => {
  test("connect Figma → import a file → the wireframe shows its frames; an expired token is refreshed, a refused refresh asks to reconnect; axe light and dark, desktop and phone", async ({
    page,
    request,
  }) => {
    await openSettingsSubpage(page, "integrations", { fullName: "Axe Figma", project: "Shop" });
    await waitForHydration(page);
    await expectNoA11yViolations(page);
    await connectFigma(page);

    // The token Figma gave has expired: the import refreshes it and goes on.
    await request.post(`${figmaURL}/__expire-tokens`);
    await importFromFigma(page, shopFileUrl(), "Shop");
    await expect(page.getByText("Wireframe imported")).toBeVisible();
    await page.getByRole("link", { name: "Open it" }).click();
    const screens = page.getByRole("region", { name: "Screens" });
    for (const name of ["Home", "Checkout", "Button component"]) await expect(screens.getByRole("button", { name })).toBeVisible();

    // Expired again, and Figma refuses the refresh: "Reconnect Figma".
    await request.post(`${figmaURL}/__expire-tokens`);
    await request.post(`${figmaURL}/__refuse-refresh`);
    await importFromFigma(page, shopFileUrl(), "Shop");
    await expect(page.getByText(/Figma no longer accepts this connection/)).toBeVisible();
    await page.getByRole("link", { name: "Reconnect Figma" }).click();
    await expect(page.getByTestId("figma-integration")).toContainText("Needs reconnecting");
    await waitForHydration(page);
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);

    await request.delete(`${figmaURL}/__state`);
    await page.getByTestId("figma-integration").getByRole("button", { name: "Reconnect Figma" }).click();
    await expect(page.getByRole("heading", { name: "Figma is connected" })).toBeVisible();
  });
});
