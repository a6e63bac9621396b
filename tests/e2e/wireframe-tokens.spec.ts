/**
 * Design tokens in wireframes (issue 9, "Tokens in wireframes"), with JavaScript on: an
 * element's fill is picked from the project's tokens in the editor's properties panel, the
 * theme switch in the editor's header redraws it with the other theme's value, a reload keeps
 * both, and the read-only page without JavaScript draws the same.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, test } from "../support/e2e";

const canvas = (page: Page) => page.getByRole("application", { name: /^Canvas/ });
const properties = (page: Page) => page.getByRole("region", { name: "Properties" });
const prop = (page: Page, label: string) => properties(page).getByLabel(label, { exact: true });
const saveStatus = (page: Page) => page.locator("[data-save-state]");

/** The starting system's brand colour (color.brand.primary) in each theme. */
const BRAND = { light: "#2563eb", dark: "#60a5fa" };

async function newWireframe(page: Page, project: string, name: string) {
  await page.goto("/wireframes/editor");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: project });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("radio", { name: /^Blank screen/ }).check();
  await page.getByRole("button", { name: "Create wireframe" }).click();
  await expect(page).toHaveURL(/\/wireframes\/editor\/[0-9a-f-]{36}$/);
  await expect(canvas(page)).toBeVisible();
  return page.url();
}

/** The drawn rectangle of the only element on the canvas. */
const drawnBox = (page: Page) => page.locator("[data-canvas] svg.wf-main g.wf-elements > g[data-id] rect").first();

test.describe("tokens in wireframes", () => {
  test("pick a token for a fill, switch the theme and see the colour change", async ({ page }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    const url = await newWireframe(page, "Shop", "Tokens");

    // A rectangle in the middle of the view (the tool, then Enter), selected.
    await page
      .getByRole("toolbar", { name: "Tools" })
      .getByRole("button", { name: /^Rectangle/ })
      .click();
    await canvas(page).focus();
    await page.keyboard.press("Enter");
    await expect(prop(page, "Fill token")).toBeVisible();
    await expect(prop(page, "Fill token")).toHaveValue("");

    // Its fill from the project's tokens: the element stores the path, the canvas draws the value.
    await prop(page, "Fill token").selectOption("color.brand.primary");
    await expect(prop(page, "Fill")).toHaveValue("token:color.brand.primary");
    await expect(properties(page).getByText(`light: ${BRAND.light}`)).toBeVisible();
    await expect(drawnBox(page)).toHaveAttribute("fill", BRAND.light);
    await expect(saveStatus(page)).toHaveText("Saved");

    // The header's theme switch redraws with the other theme's value.
    const theme = page.locator("[data-editor] header").getByLabel("Theme", { exact: true });
    await expect(theme).toHaveValue("light");
    await theme.selectOption("dark");
    await expect(drawnBox(page)).toHaveAttribute("fill", BRAND.dark);
    await expect(properties(page).getByText(`dark: ${BRAND.dark}`)).toBeVisible();
    await expect(page).toHaveURL(/[?&]theme=dark/);

    // A reload keeps the token and the theme.
    await page.reload();
    await expect(drawnBox(page)).toHaveAttribute("fill", BRAND.dark);
    await expect(page.locator("[data-editor] header").getByLabel("Theme", { exact: true })).toHaveValue("dark");
    await page.goto(url);
    await expect(drawnBox(page)).toHaveAttribute("fill", BRAND.light);

    // No element refers to a missing token.
    await expect(page.getByRole("heading", { name: /^Missing tokens/ })).toHaveCount(0);
    await expect(page.locator("[data-missing-token]")).toHaveCount(0);
  });
});
