import type { Page } from "@playwright/test";
import { DEFAULT_PASSWORD, signInAs, signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, addCard, column, createProject, invite } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, uniqueEmail, waitForMail } from "../support/e2e";

/**
 * Real notifications: a mention in a comment reaches the colleague's bell live and by
 * e-mail; opening it marks it read and shows the card; /notifications pages, filters and
 * marks read with JavaScript off too. Comments render markdown and can be edited and deleted.
 */
const panel = (page: Page) => page.locator('aside[aria-labelledby="card-detail-title"]');
const badge = (page: Page) => page.getByTestId("notification-badge");
const comments = (page: Page) => panel(page).getByRole("region", { name: "Comments" }).getByRole("listitem");

async function openCard(page: Page, title: string) {
  await column(page, "To do")
    .getByRole("link", { name: new RegExp(title) })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

test("a mention reaches the colleague's bell live and by e-mail, and opening it shows the card", async ({ page, browser }) => {
  await signUpAndVerify(page, { fullName: "Nora Owner" });
  const board = await createProject(page, "Mentions");
  await addCard(page, "To do", "Launch copy");
  const colleagueEmail = uniqueEmail("cole");
  await invite(page, colleagueEmail, "Member");
  const cole = await acceptInvitation(browser, colleagueEmail, "Cole Colleague");
  await cole.page.goto("/dashboard");
  await expect(badge(cole.page)).toHaveCount(0);

  // Nora hears that Cole joined.
  await page.goto(board);
  await expect(badge(page)).toHaveText("1");

  await openCard(page, "Launch copy");
  const box = panel(page).getByLabel("Write a comment");
  await box.pressSequentially("Please **review** this, @Col");
  const list = page.getByRole("listbox", { name: "Mention a member" });
  await expect(list.getByRole("option", { name: "Cole Colleague" })).toBeVisible();
  await box.press("Enter");
  await expect(box).toHaveValue("Please **review** this, @Cole Colleague ");
  await panel(page).getByRole("button", { name: "Comment", exact: true }).click();
  const comment = comments(page).filter({ hasText: "Nora Owner" });
  await expect(comment.locator("strong", { hasText: "review" })).toBeVisible();
  await expect(comment.locator(".mention")).toHaveText("@Cole Colleague");

  // Cole's open page gets the badge without a reload, and an e-mail arrives.
  await expect(badge(cole.page)).toHaveText("1");
  const mail = await waitForMail({ to: colleagueEmail, subject: "mentioned you" });
  expect(mail.subject).toBe("Nora Owner mentioned you on “Launch copy”");
  expect(mail.links.some((l) => l.includes("/notifications/unsubscribe?"))).toBe(true);

  await cole.page.getByLabel("Notifications, 1 unread").click();
  await cole.page.getByRole("button", { name: /Nora Owner mentioned you on “Launch copy”/ }).click();
  await expect(cole.page.getByRole("heading", { level: 2, name: "Launch copy" })).toBeVisible();
  await expect(cole.page).toHaveURL(/\?task=/);
  await expect(badge(cole.page)).toHaveCount(0);
  await cole.page.goto("/notifications");
  await expectNoA11yViolations(cole.page);
  await cole.context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("comments: markdown, edit and delete; notifications: list, filter, mark read and unread, mark all", async ({ page, browser }) => {
    await signUpAndVerify(page, { fullName: "Penny Plain" });
    const board = await createProject(page, "Plain notes");
    await addCard(page, "To do", "Plain card");
    const colleagueEmail = uniqueEmail("quinn");
    await invite(page, colleagueEmail, "Member");
    const quinn = await acceptInvitation(browser, colleagueEmail, "Quinn Quiet");
    await quinn.context.close();

    await page.goto(board);
    await openCard(page, "Plain card");
    await panel(page).getByLabel("Write a comment").fill("See [the brief](https://example.com/brief) @Quinn Quiet <script>x</script>");
    await panel(page).getByRole("button", { name: "Comment", exact: true }).click();
    const comment = comments(page).filter({ hasText: "Penny Plain" });
    await expect(comment.getByRole("link", { name: "the brief" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(comment.locator("p", { hasText: "<script>x</script>" })).toBeVisible();
    await expect(comment.locator("script")).toHaveCount(0);
    await comment.getByText("Edit", { exact: true }).click();
    await comment.getByLabel("Edit your comment").fill("Updated note for @Quinn Quiet");
    await comment.getByRole("button", { name: "Save comment" }).click();
    const edited = comments(page).filter({ hasText: "Updated note" });
    await expect(edited.getByText("· edited")).toBeVisible();
    await edited.getByText("Delete", { exact: true }).click();
    await edited.getByRole("button", { name: "Delete comment" }).click();
    await expect(panel(page).getByText("No comments yet.")).toBeVisible();

    // Quinn, without JavaScript: one mention (the edit added none), listed, marked read and unread.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const q = await plain.newPage();
    await signInAs(q, colleagueEmail, DEFAULT_PASSWORD);
    await q.goto("/notifications");
    await expect(q.getByRole("button", { name: /^Penny Plain mentioned you on “Plain card”/ })).toBeVisible();
    await expect(q.getByRole("link", { name: "Unread (1)" })).toBeVisible();
    await q.getByRole("button", { name: /Mark as read/ }).click();
    await expect(q.getByRole("link", { name: "Unread (0)" })).toBeVisible();
    await q.getByRole("link", { name: "Unread (0)" }).click();
    await expect(q.getByText("Nothing unread. You are all caught up.")).toBeVisible();
    await q.goto("/notifications");
    await q.getByRole("button", { name: /Mark as unread/ }).click();
    await expect(q.getByTestId("notification-badge")).toHaveText("1");
    await q.getByRole("button", { name: "Mark all as read" }).click();
    await expect(q.getByTestId("notification-badge")).toHaveCount(0);
    await q.getByRole("button", { name: /^Penny Plain mentioned you/ }).click();
    await expect(q.getByRole("heading", { level: 2, name: "Plain card" })).toBeVisible();

    // E-mail choices in /settings, and the one-click unsubscribe page.
    await q.goto("/settings");
    await q.getByLabel("Someone mentions me").selectOption("digest");
    await q.getByRole("button", { name: "Save e-mail choices" }).click();
    await expect(q.getByLabel("Someone mentions me")).toHaveValue("digest");
    const mail = await waitForMail({ to: colleagueEmail, subject: "mentioned you" });
    const unsubscribe = mail.links.find((l) => l.includes("/notifications/unsubscribe?"))!;
    await q.goto(unsubscribe);
    await q.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(q.getByText("You are unsubscribed")).toBeVisible();
    await q.goto("/settings");
    await expect(q.getByLabel("Someone mentions me")).toHaveValue("off");
    await plain.close();
  });
});
