/**
 * Design tokens in wireframes (issue 9, "Tokens in wireframes"), with JavaScript on: an
 * element's fill is picked from the project's tokens in the editor's properties panel, the
 * theme switch in the editor's header redraws it with the other theme's value, a reload keeps
 * both; a new value given to the token in /design changes the wireframe, and once the token
 * is deleted the editor marks and lists the element.
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
/** The new value given to color.brand.primary in the light set. */
const CHANGED = "#c026d3";

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
  test("pick a token for a fill, switch the theme, change the token in /design, delete one: the wireframe follows", async ({ page }) => {
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

    // The token's value changes in the design system (its light set): the wireframe follows.
    await page.goto("/design?tab=tokens");
    await page.getByRole("link", { name: "Edit color.brand.primary" }).first().click();
    await expect(page).toHaveURL(/edit=light(%3A|:)color\.brand\.primary/);
    await page.getByRole("radio", { name: "Its own value" }).check();
    await page.getByLabel("Hex", { exact: true }).fill(CHANGED);
    await page.getByRole("button", { name: "Save token" }).click();
    await expect(page.locator('tr[data-token="color.brand.primary"]').first()).toContainText(CHANGED);
    await page.goto(url);
    await expect(drawnBox(page)).toHaveAttribute("fill", CHANGED);
    await page.locator("[data-editor] header").getByLabel("Theme", { exact: true }).selectOption("dark");
    await expect(drawnBox(page)).toHaveAttribute("fill", BRAND.dark);

    // A stroke from a token that is then deleted from both themes' sets: the editor marks and lists the element.
    await page.locator("[data-editor] header").getByLabel("Theme", { exact: true }).selectOption("light");
    await page.getByRole("treeitem", { name: /Rectangle/ }).click();
    await prop(page, "Stroke token").selectOption("color.text.success");
    await expect(saveStatus(page)).toHaveText("Saved");
    await page.goto("/design?tab=tokens");
    const rows = page.locator('tr[data-token="color.text.success"]');
    await expect(rows).toHaveCount(2);
    for (const left of [1, 0]) {
      await rows.first().getByText("Delete", { exact: true }).click();
      await rows.first().getByRole("button", { name: "Delete color.text.success" }).click();
      await expect(rows).toHaveCount(left);
    }
    await page.goto(url);
    await expect(page.locator("[data-missing-token]")).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Missing tokens (1)" })).toBeVisible();
    await page.getByRole("button", { name: /Stroke: color\.text\.success/ }).click();
    await expect(prop(page, "Stroke token")).toHaveValue("color.text.success");
    await expect(properties(page).getByText("No such token in the light theme: drawn with a fallback.")).toBeVisible();
    await expect(drawnBox(page)).toHaveAttribute("stroke", "#a1a1aa");
  });
});
