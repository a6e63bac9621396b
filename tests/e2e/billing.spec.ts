import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";

function planCard(page: Page, name: string) {
  return page.getByRole("article", { name });
}

/** From the plan picker through the test-mode checkout back to /billing?success=true. */
async function buyProfessional(page: Page) {
  await page.goto("/pricing");
  await planCard(page, "Professional").getByRole("button", { name: "Choose Professional" }).click();
  await page.waitForURL(/\/billing\/test-mode\/checkout\/cs_local_/);
  await expect(page.getByRole("note")).toContainText("TEST MODE");
  await expect(page.getByText("$79/month")).toBeVisible();
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await page.waitForURL((url) => url.pathname === "/billing" && url.searchParams.get("success") === "true");
  await expect(page.getByRole("status").filter({ hasText: "Your Professional plan is active" })).toBeVisible();
  await expect(page.getByTestId("billing-plan")).toHaveText("Professional");
  // Bought during the free trial: its days are kept, so the plan trials until then and the first
  // invoice is $0; the first charge falls on the trial's end.
  await expect(page.getByTestId("billing-status")).toHaveText("Trialing");
  await expect(
    page.getByText(/You kept the rest of your free trial: nothing is charged until it ends on [A-Z][a-z]{2} \d{1,2}, \d{4}/),
  ).toBeVisible();
  await expect(page.getByRole("cell", { name: "$0.00 USD" })).toBeVisible();
}

/** /settings tells the same story as /billing after a purchase: the plan, trialing until the kept trial's end. */
async function expectSettingsShowPaidProfessional(page: Page) {
  await page.goto("/settings");
  const status = page.getByTestId("settings-plan-status");
  await expect(status).toContainText(
    /Professional plan, billed monthly \(\$79\/month\): trial, billing starts on [A-Z][a-z]+ \d{1,2}, \d{4}\./,
  );
  await expect(status).not.toContainText("Free trial");
}

/**
 * After buying Professional monthly: /pricing marks it "Current plan"; choosing
 * Starter leads to the billing portal, and /billing still has one invoice.
 */
async function expectOneSubscription(page: Page, { axe }: { axe: boolean }) {
  await page.goto("/pricing");
  const pro = planCard(page, "Professional");
  await expect(pro.getByText("Current plan")).toBeVisible();
  await expect(pro.getByRole("button")).toHaveCount(0);
  await expect(pro.getByRole("link", { name: "Manage your plan" })).toHaveAttribute("href", "/billing");
  await expect(page.getByRole("note")).toContainText("This workspace is on the Professional plan, billed monthly.");
  if (axe) await expectNoA11yViolations(page); // axe runs in the page: JavaScript on only
  await planCard(page, "Starter").getByRole("button", { name: "Switch to Starter" }).click();
  await page.waitForURL(/\/billing\/test-mode\/portal\?customer=/);
  await expect(page.getByRole("heading", { name: "Billing portal (test mode)" })).toBeVisible();
  await expect(page.getByText("Current subscription: Professional, $79/month, trialing", { exact: false })).toBeVisible();
  await page.goto("/billing");
  await expect(page.getByRole("cell", { name: "$0.00 USD" })).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and one invoice
}

test.describe("billing with JavaScript", () => {
  test("the yearly prices and savings of the three plans", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("link", { name: /Yearly/ }).click();
    await expect(page).toHaveURL(/interval=year/);
    for (const [name, year, full, save] of [
      ["Starter", "$278", "$348", "Save $70"],
      ["Professional", "$758", "$948", "Save $190"],
      ["Enterprise", "$1,910", "$2,388", "Save $478"],
    ] as const) {
      const card = planCard(page, name);
      await expect(card.getByText(year, { exact: true })).toBeVisible();
      await expect(card.getByText("/year")).toBeVisible();
      await expect(card.locator("s")).toHaveText(full);
      await expect(card.getByText(save)).toBeVisible();
    }
    await expect(planCard(page, "Professional").getByText("Most Popular")).toBeVisible();
  });

  test("signed out, a plan's button shows the 'Authentication Required' toast", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await planCard(page, "Starter").getByRole("button", { name: "Choose Starter" }).click();
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page.getByText("Please sign in to subscribe to a plan.")).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("the whole purchase in test mode, and a cancelled checkout", async ({ page }) => {
    await signUpAndVerify(page);
    await page.goto("/pricing?interval=year");
    // Paying mid-trial keeps the trial's days: said before the first click and again on the checkout.
    const kept =
      /You have 14 days of free trial left\. Subscribe now and you keep them: nothing is charged today, and the first payment is on [A-Z][a-z]{2} \d{1,2}, \d{4}, when your trial ends\./;
    await expect(page.getByRole("note")).toHaveText(kept);
    await planCard(page, "Starter").getByRole("button", { name: "Choose Starter" }).click();
    await page.waitForURL(/\/billing\/test-mode\/checkout\//);
    await expect(page.getByText(kept)).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing" && url.searchParams.get("canceled") === "true");
    await expect(page.getByText("Checkout was cancelled.", { exact: false })).toBeVisible();
    // Back where it was left: the yearly prices.
    await expect(page.getByRole("link", { name: /Yearly/ })).toHaveAttribute("aria-current", "true");
    await expect(planCard(page, "Enterprise").getByText("$1,910", { exact: true })).toBeVisible();
    await buyProfessional(page);
    await expectNoA11yViolations(page);
    await expectSettingsShowPaidProfessional(page);
    await expectOneSubscription(page, { axe: true });
    await expectNoA11yViolations(page);
  });
});

test.describe("billing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signed out, choosing a plan goes to sign-in, which returns to the picker", async ({ page, browser }) => {
    // An account made elsewhere; this browser is signed out.
    const other = await browser.newContext();
    const account = await signUpAndVerify(await other.newPage());
    await other.close();

    await page.goto("/pricing?interval=year");
    await planCard(page, "Starter").getByRole("button", { name: "Choose Starter" }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/pricing?interval=year");
    await expect(page.getByText("Please sign in to subscribe to a plan.")).toBeVisible();

    // Signing in on that page returns to the picker, yearly prices still chosen, and checkout starts.
    await page.getByLabel("Email Address").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing" && url.searchParams.get("interval") === "year");
    await planCard(page, "Starter").getByRole("button", { name: "Choose Starter" }).click();
    await page.waitForURL(/\/billing\/test-mode\/checkout\/cs_local_/);
    await expect(page.getByText("$278/year")).toBeVisible();
  });

  test("the whole purchase in test mode, then cancel at period end and change plan in the portal", async ({ page }) => {
    await signUpAndVerify(page);
    await buyProfessional(page);
    await expectSettingsShowPaidProfessional(page);
    await expectOneSubscription(page, { axe: false });

    await page.getByText("Cancel subscription").click();
    await page.getByRole("button", { name: "Yes, cancel my subscription" }).click();
    await page.waitForURL((url) => url.pathname === "/billing" && !url.search);
    await expect(page.getByText("Subscription canceled")).toBeVisible();
    await expect(page.getByText(/Your subscription is canceled and ends on /)).toBeVisible();
    await page.goto("/billing"); // without JavaScript the toast stays, over the header's buttons

    await page.getByRole("button", { name: "Open the billing portal (test mode)" }).click();
    await page.waitForURL(/\/billing\/test-mode\/portal\?customer=/);
    await page.getByLabel(/^Enterprise/).check();
    await page.getByLabel("Yearly").check();
    await page.getByRole("button", { name: "Update plan" }).click();
    await expect(page.getByText("Plan changed")).toBeVisible();
    await page.getByRole("link", { name: "Back to billing" }).click();
    await expect(page.getByTestId("billing-plan")).toHaveText("Enterprise");
    await expect(page.getByText("Yearly ($1,910/year)")).toBeVisible();
    // Still in the kept trial: the first payment, not a renewal, is next.
    await expect(page.getByText(/^First payment$/)).toBeVisible();
  });
});
