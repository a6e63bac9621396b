/**
 * Two designers change one main component at once (decisions 013 and 016): the later save
 * meets the earlier one's version (409 version_conflict), merges per property and saves
 * again, so nothing is lost and each sees the other's change; when both changed the same
 * thing, the later one's editor keeps its edit on screen, names the other's, and lets its
 * user choose.
 */
import type { Locator, Page, Route } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, createProject, invite } from "../support/board-helpers";
import { expect, test, uniqueEmail } from "../support/e2e";

const canvas = (page: Page) => page.getByRole("application", { name: /^Canvas/ });
const layer = (page: Page, name: string | RegExp) => page.getByRole("treeitem", { name });
const properties = (page: Page) => page.getByRole("region", { name: "Properties" });
const prop = (page: Page, label: string) => properties(page).getByLabel(label, { exact: true });
const textField = (page: Page) => properties(page).getByRole("textbox", { name: "Text", exact: true });
const saved = (page: Page) => expect(page.locator("[data-save-state]")).toHaveText("Saved");
const componentText = (page: Page, text: string) => page.locator("[data-canvas] .wf-elements text", { hasText: text });

async function setField(field: Locator, value: string) {
  await field.fill(value);
  await field.press("Enter");
}

/** Opens the wireframe and the main component behind its instance, with its button selected. */
async function openComponent(page: Page, url: string) {
  await page.goto(url);
  await expect(canvas(page)).toBeVisible();
  await layer(page, "CTA").click();
  await properties(page).getByRole("button", { name: "Edit main component" }).click();
  await expect(page.getByText(/^Editing the main component CTA: every instance/)).toBeVisible();
  await layer(page, "Button").click();
}

/** Holds this page's next save of a main component until `release` is called. */
async function holdNextComponentSave(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let sent!: () => void;
  const reached = new Promise<void>((resolve) => (sent = resolve));
  let first = true;
  await page.route(/\/api\/wireframes\/components\/[0-9a-f-]{36}$/, async (route: Route) => {
    if (first) {
      first = false;
      sent();
      await held;
    }
    await route.continue();
  });
  return { reached, release: () => release() };
}

test("two designers change one main component: nothing is lost, each sees the other's change, a clash is theirs to decide", async ({
  page,
  browser,
}) => {
  // Two sign-ups, an invitation and two editors: more than a usual test's work.
  test.slow();
  await signUpAndVerify(page, { fullName: "Ann Owner" });
  await createProject(page, "Shop");
  await page.goto("/wireframes/editor");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Shop" });
  await page.getByLabel("Name", { exact: true }).fill("Shared");
  await page.getByRole("radio", { name: "Desktop (1440 × 900)" }).check();
  await page.getByRole("radio", { name: /^Blank screen/ }).check();
  await page.getByRole("button", { name: "Create wireframe" }).click();
  await expect(page).toHaveURL(/\/wireframes\/editor\/[0-9a-f-]{36}$/);
  const url = page.url();
  await page.getByRole("tab", { name: "Library" }).click();
  await page.getByRole("button", { name: "Button", exact: true }).click();
  await properties(page).getByLabel("Component name").fill("CTA");
  await properties(page).getByRole("button", { name: "Save as component" }).click();
  await expect(properties(page).getByText("Saved “CTA”")).toBeVisible();
  await page.getByRole("tab", { name: "Layers" }).click();
  await saved(page);

  const bobEmail = uniqueEmail("bob");
  await invite(page, bobEmail, "Member");
  const bob = await acceptInvitation(browser, bobEmail, "Bob Builder");
  await openComponent(page, url);
  await openComponent(bob.page, url);

  // Bob moves the button; his save waits on the way while Ann changes its text and saves.
  const bobSave = await holdNextComponentSave(bob.page);
  await setField(prop(bob.page, "X"), "24");
  await bobSave.reached;
  await textField(page).fill("Order");
  await textField(page).blur();
  await saved(page);
  bobSave.release();

  // Bob's save met Ann's version: both changes kept, on both screens.
  await saved(bob.page);
  await expect(componentText(bob.page, "Order")).toBeVisible();
  await expect(prop(bob.page, "X")).toHaveValue("24");
  await expect(prop(page, "X")).toHaveValue("24");
  await expect(textField(page)).toHaveValue("Order");

  // Both change the text: Bob's editor keeps his, shows Ann's, and he chooses.
  const clash = await holdNextComponentSave(bob.page);
  await textField(bob.page).fill("Pay now");
  await textField(bob.page).blur();
  await clash.reached;
  await textField(page).fill("Checkout");
  await textField(page).blur();
  await saved(page);
  clash.release();
  const notice = bob.page.getByRole("alert").filter({ hasText: "Ann Owner changed the main component CTA while you were editing it" });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("listitem")).toHaveText(["Button: text, theirs is “Checkout”"]);
  await expect(componentText(bob.page, "Pay now")).toBeVisible();
  await notice.getByRole("button", { name: "Keep my changes" }).click();
  await expect(notice).toHaveCount(0);
  await saved(bob.page);
  await expect(textField(page)).toHaveValue("Pay now");
  await expect(prop(page, "X")).toHaveValue("24");

  // After a reload, the server has exactly that.
  await page.reload();
  await expect(componentText(page, "Pay now")).toBeVisible();
  await bob.context.close();
});
