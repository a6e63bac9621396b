import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { expect, test, waitForHydration } from "../support/e2e";

/** Buys a plan in test mode, from the plan picker to /billing?success=true. */
async function buy(page: Page, plan: "Starter" | "Professional") {
  await page.goto("/pricing");
  await page
    .getByRole("article", { name: plan })
    .getByRole("button", { name: `Choose ${plan}` })
    .click();
  await page.waitForURL(/\/billing\/test-mode\/checkout\//);
  await page.getByRole("button", { name: "Confirm payment" }).click();
  await page.waitForURL((url) => url.pathname === "/billing" && url.searchParams.get("success") === "true");
  await expect(page.getByTestId("billing-plan")).toHaveText(plan);
}

async function createProject(page: Page, name: string) {
  await page.goto("/projects");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create project" }).click();
}

test("the Starter plan allows five projects; the sixth gets a message naming the plan and a way to upgrade", async ({ page }) => {
  await signUpAndVerify(page, { fullName: "Stella Starter" });
  await buy(page, "Starter");
  for (let i = 1; i <= 5; i++) {
    await createProject(page, `Project ${i}`);
    await expect(page.getByRole("heading", { level: 1, name: `Project ${i}` })).toBeVisible();
  }
  await createProject(page, "Project 6");
  await expect(page.getByRole("alert")).toContainText(
    "The Starter plan includes 5 active projects. Upgrade your plan to add more, or archive what you no longer need.",
  );
  await expect(page.getByRole("alert").getByRole("link", { name: "See plans" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Project 6");
  await page.goto("/projects");
  await expect(page.getByRole("heading", { level: 2, name: /^Project \d$/ })).toHaveCount(5);
});

test("after an immediate cancellation the workspace is read-only and nothing is lost", async ({ page }) => {
  await signUpAndVerify(page, { fullName: "Rory Readonly" });
  await createProject(page, "Archive of record");
  await expect(page.getByRole("heading", { level: 1, name: "Archive of record" })).toBeVisible();
  const boardUrl = page.url();
  const input = page.getByLabel("New card in Backlog");
  await input.fill("Keep me");
  await input.press("Enter");
  await expect(page.getByRole("link", { name: /Keep me/ })).toBeVisible();

  await buy(page, "Professional");
  await page.goto("/billing");
  await page.getByRole("button", { name: "Open the billing portal (test mode)" }).click();
  await page.waitForURL(/\/billing\/test-mode\/portal/);
  await page.getByRole("button", { name: "Cancel immediately" }).click();
  await expect(page.getByText("Subscription canceled", { exact: true })).toBeVisible();

  await page.goto(boardUrl);
  await waitForHydration(page);
  await expect(
    page.getByRole("status").filter({ hasText: "This workspace is read-only because its subscription has ended." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Keep me/ })).toBeVisible();
  const add = page.getByLabel("New card in Backlog");
  await add.fill("Not allowed");
  await add.press("Enter");
  await expect(page.getByRole("alert")).toContainText("read-only");
  await page.goto(boardUrl);
  await expect(page.getByRole("link", { name: /Not allowed/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Keep me/ })).toBeVisible();
});
