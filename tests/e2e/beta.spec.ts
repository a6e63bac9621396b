import { baseURL, closedBetaURL, expect, expectNoA11yViolations, isHydrated, test, uniqueEmail, waitForHydration } from "../support/e2e";
import type { Page } from "@playwright/test";

const SUBMITTED = "Request submitted. We will contact you if approved.";
const ON_THE_LIST = "Thanks! You are on the beta list.";

const emailField = (page: Page) => page.getByLabel("Email", { exact: true });

test.describe("beta page (public sign-up off), JavaScript on", () => {
  test("the button follows the form, a request succeeds and the fields clear", async ({ page }) => {
    await page.goto(`${closedBetaURL}/signup`);
    await expect(page.getByRole("heading", { name: "Request Beta Access" })).toBeVisible();
    await expect(page.getByText(/does not grant access/)).toBeVisible();
    await waitForHydration(page);
    await expectNoA11yViolations(page);

    const join = page.getByRole("button", { name: "Join Beta Waitlist" });
    await expect(join).toBeDisabled();
    await emailField(page).fill(uniqueEmail("beta-js"));
    await expect(join).toBeEnabled();

    await page.getByText("Have an invite code?").click();
    const code = page.getByLabel("Invite code");
    await expect(code).toHaveAttribute("placeholder", "BETA-X7K9P2");
    await code.fill("BETA-X7K9P2");
    await expect(page.getByRole("button", { name: "Submit Invite Request" })).toBeVisible();
    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByLabel("Company").fill("Analytical Engines");
    await page.getByLabel("Role").fill("Design lead");
    await page.getByLabel("Reason for access").fill("We plan our releases on boards.");
    await page.getByRole("button", { name: "Submit Invite Request" }).click();

    await expect(page.getByRole("status").filter({ hasText: SUBMITTED })).toBeVisible();
    await expect(emailField(page)).toHaveValue("");
    await expect(page.getByLabel("Invite code")).toHaveValue("");
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByLabel("Reason for access")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Join Beta Waitlist" })).toBeDisabled();
  });

  test("a bad e-mail gets the field message from the server", async ({ page }) => {
    await page.goto(`${closedBetaURL}/signup`);
    await waitForHydration(page);
    await emailField(page).fill("ada@");
    await page.getByRole("button", { name: "Join Beta Waitlist" }).click();
    await expect(emailField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(emailField(page)).toHaveValue("ada@");
  });
});

test.describe("beta page (public sign-up off), JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the invite section opens without JavaScript; a post shows the success text and clears the fields", async ({ page }) => {
    await page.goto(`${closedBetaURL}/signup`);
    expect(await isHydrated(page)).toBe(false);
    const code = page.getByLabel("Invite code");
    await expect(code).toBeHidden();
    await page.getByText("Have an invite code?").click();
    await expect(code).toBeVisible();
    await emailField(page).fill(uniqueEmail("beta-nojs"));
    await page.getByLabel("Full name").fill("Grace Hopper");
    await page.getByRole("button", { name: "Join Beta Waitlist" }).click();
    await expect(page.getByText(SUBMITTED)).toBeVisible();
    await expect(emailField(page)).toHaveValue("");
    await expect(page.getByLabel("Full name")).toHaveValue("");
  });

  test("an e-mail alone joins the waitlist; a bad one comes back with its message", async ({ page }) => {
    await page.goto(`${closedBetaURL}/signup`);
    await emailField(page).fill("not-an-address");
    await page.getByRole("button", { name: "Join Beta Waitlist" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(emailField(page)).toHaveAttribute("aria-invalid", "true");
    await expect(emailField(page)).toHaveValue("not-an-address");

    await emailField(page).fill(uniqueEmail("waitlist"));
    await page.getByRole("button", { name: "Join Beta Waitlist" }).click();
    await expect(page.getByText(ON_THE_LIST)).toBeVisible();
  });
});

const YEARLY = [
  { name: "Starter", monthly: "$29", yearly: "$278", full: "$348", save: "Save $70" },
  { name: "Professional", monthly: "$79", yearly: "$758", full: "$948", save: "Save $190" },
  { name: "Enterprise", monthly: "$199", yearly: "$1,910", full: "$2,388", save: "Save $478" },
];

async function expectPlans(page: Page) {
  await expect(page.getByRole("heading", { name: "Choose your plan" })).toBeVisible();
  for (const p of YEARLY) {
    await expect(page.getByRole("article", { name: p.name }).getByText(p.monthly, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("article", { name: "Professional" }).getByText("Most Popular")).toBeVisible();
  await page.getByRole("link", { name: "Yearly (Save 20%)" }).click();
  await expect(page).toHaveURL(/\/signup\?interval=year$/);
  for (const p of YEARLY) {
    const card = page.getByRole("article", { name: p.name });
    await expect(card.getByText(p.yearly, { exact: true })).toBeVisible();
    await expect(card.locator("s")).toHaveText(p.full);
    await expect(card.getByText(p.save, { exact: true })).toBeVisible();
  }
  // Each plan's button posts a checkout form for that plan and interval (billing issue).
  const pro = page.getByRole("article", { name: "Professional" });
  await expect(pro.getByRole("button", { name: "Choose Professional" })).toBeVisible();
  await expect(pro.locator('input[name="planId"]')).toHaveValue("professional");
  await expect(pro.locator('input[name="interval"]')).toHaveValue("year");
  await page.getByRole("link", { name: "Monthly" }).click();
  await expect(page).toHaveURL(/\/signup\?interval=month$/);
  const starter = page.getByRole("article", { name: "Starter" });
  await expect(starter.getByRole("button", { name: "Choose Starter" })).toBeVisible();
  await expect(starter.locator('input[name="interval"]')).toHaveValue("month");
}

test.describe("plan picker (public sign-up on)", () => {
  test("three plans, the yearly toggle with its savings, and a checkout form per plan", async ({ page }) => {
    await page.goto(`${baseURL}/signup`);
    await waitForHydration(page);
    await expectNoA11yViolations(page);
    await expectPlans(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the toggle is a link, so it works too", async ({ page }) => {
      await page.goto(`${baseURL}/signup`);
      await expectPlans(page);
    });
  });
});
