/**
 * The design manager's token list and type change (issue 9): a large system a page at a time,
 * narrowed by a filter and a group, and a token's type changed in the friendly editor (refused,
 * with the aliases named, when tokens aliasing it would no longer fit). JavaScript off and on.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";

const row = (page: Page, path: string) => page.locator(`tr[data-token="${path}"]`);

/** Imports a Tokens Studio file of `n` dimension tokens (space.s0…) in one set, through the preview. */
async function importSpacing(page: Page, n: number) {
  const file = {
    core: { space: Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, { value: `${i}px`, type: "dimension" }])) },
    $themes: [],
    $metadata: { tokenSetOrder: ["core"] },
  };
  await page.goto("/design?tab=import");
  await page
    .getByLabel("File")
    .setInputFiles({ name: "spacing.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByRole("button", { name: "Confirm import" }).click();
  await expect(page.getByText("Tokens imported")).toBeVisible();
}

async function changeTypeRefusedThenSaved(page: Page, js: boolean) {
  // color.gray.900 is aliased by the light and dark sets: a dimension would not fit them.
  await page.goto("/design?tab=tokens&edit=core:color.gray.900");
  if (js) await waitForHydration(page);
  await page.getByLabel("Type", { exact: true }).selectOption("dimension");
  if (js) await expect(page.getByRole("button", { name: "Show its fields" })).toHaveCount(0);
  else await page.getByRole("button", { name: "Show its fields" }).click();
  await expect(page.getByLabel("Amount")).toBeVisible();
  await expect(page.getByLabel("Hex")).toHaveCount(0);
  await page.getByLabel("Amount").fill("2");
  await page.getByRole("button", { name: "Save token" }).click();
  const message = page.locator("#token-type-error");
  await expect(message).toContainText("These tokens alias color.gray.900 as a color token and would no longer fit");
  await expect(message).toContainText("light: color.text.primary");

  // A token nothing aliases changes type.
  await page.goto("/design?tab=tokens&edit=core:spacing.16");
  if (js) await waitForHydration(page);
  await page.getByLabel("Type", { exact: true }).selectOption("number");
  if (!js) await page.getByRole("button", { name: "Show its fields" }).click();
  await page.getByRole("textbox", { name: "Number" }).fill("16");
  await page.getByRole("button", { name: "Save token" }).click();
  await expect(page.getByText("Token saved")).toBeVisible();
  await expect(row(page, "spacing.16")).toContainText("Number");
  await expect(row(page, "spacing.16")).toHaveAttribute("data-focus", "true");
}

async function filterAndPage(page: Page) {
  await page.goto("/design");
  await page.getByLabel("Filter").fill("color.text");
  await page.getByLabel("Group").selectOption("light/color");
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/q=color\.text/);
  await expect(page).toHaveURL(/group=light%2Fcolor/);
  await expect(row(page, "color.text.primary")).toHaveCount(1);
  await expect(row(page, "color.blue.500")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^Set dark/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Clear filter" }).click();
  await expect(row(page, "color.text.primary")).toHaveCount(2);

  // 200 tokens: 150 a page, previous and next links.
  await importSpacing(page, 200);
  await page.goto("/design");
  await expect(page.getByText("Tokens 1–150 of 200")).toBeVisible();
  await expect(page.locator("tr[data-token]")).toHaveCount(150);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByText("Tokens 151–200 of 200")).toBeVisible();
  await expect(page.locator("tr[data-token]")).toHaveCount(50);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await page.getByRole("link", { name: "Previous page" }).click();
  await expect(page.getByText("Tokens 1–150 of 200")).toBeVisible();
}

test.describe("token list and type change without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.slow();

  test("change a token's type (refused while aliases would break)", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Tia Pe" });
    await changeTypeRefusedThenSaved(page, false);
  });

  test("filter by text and group, and page through a large system", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Fil Ter" });
    await filterAndPage(page);
  });
});

test.describe("token list and type change with JavaScript", () => {
  test.slow();

  test("change a token's type: the select swaps the fields at once", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Jay Type" });
    await changeTypeRefusedThenSaved(page, true);
  });

  test("filter by text and group, and page through a large system", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Jay Filter" });
    await filterAndPage(page);
  });

  test("the filtered list and the type select pass axe, light and dark, and fit a phone", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Axe Tokens" });
    await page.goto("/design?tab=tokens&q=color.text&group=light%2Fcolor&edit=light:color.text.primary&type=dimension");
    await waitForHydration(page);
    await expect(page.getByLabel("Amount")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest("[data-scroll]"))
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className} ${el.id}`),
    );
    expect(wide).toEqual([]);
    // Nor does anything inside them (an absolutely placed sr-only text once did) widen the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("tokens-dark-390.png"), fullPage: true });
  });
});
