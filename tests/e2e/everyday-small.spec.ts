import type { Locator, Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, addCard, column, createProject, invite } from "../support/board-helpers";
import { expect, test, uniqueEmail, waitForHydration } from "../support/e2e";

/** Issue 11's smaller items, as a user meets them. */

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator} has no box`);
  return b;
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const toasts = (page: Page) => page.getByRole("region", { name: "Messages" });

test.describe("issue 11's smaller items", () => {
  test.slow();

  test("toasts sit bottom right, clear of the control that raised them, and close from the keyboard", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Tia Toast" });
    await waitForHydration(page);
    await createProject(page, "Toasty");
    const created = toasts(page).locator("[data-variant]").first();
    await expect(created).toBeVisible();
    const viewport = page.viewportSize()!;
    const t = await box(created);
    expect(t.y + t.height).toBeGreaterThan(viewport.height - 40);
    expect(t.x + t.width).toBeGreaterThan(viewport.width - 40);
    // "Project settings" is a <details> menu's summary, top right of the board.
    expect(overlap(t, await box(page.locator("summary", { hasText: "Project settings" })))).toBe(false);

    await page.goto("/team");
    await invite(page, uniqueEmail("guest"), "Member");
    const sent = toasts(page).locator("[data-variant]").filter({ hasText: "invitation" }).first();
    await expect(sent).toBeVisible();
    expect(overlap(await box(sent), await box(page.getByRole("button", { name: "Send invitation" })))).toBe(false);

    // Keyboard: the dismiss button takes focus, and Escape there closes the message.
    await sent.getByRole("button", { name: "Dismiss message" }).focus();
    await page.keyboard.press("Escape");
    await expect(sent).toHaveCount(0);
  });

  test("the sole owner is told how to leave instead of being offered Leave workspace", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Otto Owner" });
    await page.goto("/team");
    await expect(page.getByText("You are the only owner. To leave, make someone else an owner first.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Leave workspace" })).toHaveCount(0);
  });

  test("a member sees no plan buttons on /pricing, only who can change the plan", async ({ page, browser }) => {
    await signUpAndVerify(page, { fullName: "Olga Owner" });
    await page.goto("/pricing");
    await expect(page.getByRole("button", { name: /^Choose / })).toHaveCount(3);

    const email = uniqueEmail("member");
    await invite(page, email, "Member");
    const { context, page: member } = await acceptInvitation(browser, email, "Milo Member");
    await member.goto("/pricing");
    await expect(member.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
    await expect(member.getByText("Only the workspace owner can change the plan.")).toHaveCount(3);
    await expect(member.getByRole("button", { name: /^(Choose|Switch to) / })).toHaveCount(0);
    await context.close();
  });

  test("card face icons are SVG, and My work's rows do not overlap at 390 px", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Phil Phone" });
    await waitForHydration(page);
    await createProject(page, "Narrow");
    const title = "Supercalifragilisticexpialidocious-onboarding-checklist-review";
    await addCard(page, "In progress", title);
    await column(page, "In progress")
      .getByRole("link", { name: new RegExp(title) })
      .click();
    const panel = page.getByRole("dialog");
    await panel.getByRole("button", { name: "Assign Phil Phone" }).click();
    await panel.getByLabel("Write a comment").fill("Looks good");
    await panel.getByRole("button", { name: "Comment" }).click();
    await expect(panel.getByRole("paragraph").filter({ hasText: "Looks good" })).toBeVisible();
    await page.keyboard.press("Escape");

    // The comment count: an SVG icon and the number, no emoji (a missing-glyph box without an emoji font).
    const comments = column(page, "In progress").getByLabel("1 comments");
    await expect(comments).toBeVisible();
    await expect(comments.locator("svg")).toHaveCount(1);
    await expect(comments).toHaveText("1");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    const row = page.getByRole("region", { name: "My work" }).getByRole("listitem").first();
    const link = row.getByRole("link", { name: new RegExp(title) });
    const details = row.getByText("Narrow · In progress");
    await expect(details).toBeVisible();
    const l = await box(link);
    expect(overlap(l, await box(details))).toBe(false);
    expect(l.x + l.width).toBeLessThanOrEqual((await box(row)).x + (await box(row)).width + 1);
  });
});
