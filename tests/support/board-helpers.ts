/**
 * Steps the board's end-to-end specs share: a project, its columns and cards, and a
 * colleague invited into the workspace (a second browser context).
 */
import type { Browser, Page } from "@playwright/test";
import { DEFAULT_PASSWORD, verificationLink, verifyByLink } from "./auth-helpers";
import { expect, waitForMail } from "./e2e";

export async function createProject(page: Page, name: string) {
  await page.goto("/projects");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return page.url();
}

export function column(page: Page, name: string) {
  return page.locator("section[data-column-id]").filter({ has: page.getByRole("heading", { name: new RegExp(`^${name}`) }) });
}

export async function addCard(page: Page, columnName: string, title: string) {
  const input = page.getByLabel(`New card in ${columnName}`);
  await input.fill(title);
  await input.press("Enter");
  await expect(column(page, columnName).getByRole("link", { name: new RegExp(title) })).toBeVisible();
}

export async function invite(page: Page, email: string, role: "Member" | "Viewer" | "Admin") {
  await page.goto("/team");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption(role.toLowerCase());
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`We e-mailed an invitation to ${email}.`)).toBeVisible();
}

/** A colleague accepts an e-mailed invitation by creating an account through its link. */
export async function acceptInvitation(browser: Browser, email: string, fullName: string) {
  const mail = await waitForMail({ to: email, subject: "invited you" });
  const link = mail.links.find((l) => l.includes("/invite/"))!;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: /^Join / })).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Full Name").fill(fullName);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByLabel("Confirm Password").fill(DEFAULT_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created! Please check your email to verify your account.")).toBeVisible();
  await verifyByLink(page, await verificationLink(email));
  return { context, page };
}
