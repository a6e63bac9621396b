/**
 * The wireframe editor in the dark theme (issue 8 with issue 11's dark mode): the chrome
 * follows the theme, the canvas draws the document's own colours (a screen is the user's
 * content), including the inline text box, and the read-only screens without JavaScript
 * are the same drawing.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, test } from "../support/e2e";

const canvas = (page: Page) => page.getByRole("application", { name: /^Canvas/ });

async function darkTheme(page: Page) {
  await page.goto("/profile");
  const appearance = page.getByRole("region", { name: "Appearance" });
  await appearance.getByRole("radio", { name: /Dark/ }).check();
  await appearance.getByRole("button", { name: "Save theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
}

/** A computed style of the first element a locator finds. */
const styleOf = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

test("in the dark theme the editor's chrome is dark and the canvas keeps the document's colours", async ({ page }) => {
  await signUpAndVerify(page);
  await createProject(page, "Night");
  await darkTheme(page);
  await page.goto("/wireframes/editor");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Night" });
  await page.getByLabel("Name", { exact: true }).fill("Dark canvas");
  await page.getByRole("radio", { name: /^Sign in/ }).check();
  await page.getByRole("button", { name: "Create wireframe" }).click();
  await expect(canvas(page)).toBeVisible();

  // The screen keeps its white background and its elements their colours…
  expect(await styleOf(page, "[data-canvas] rect.wf-screen", "fill")).toBe("rgb(255, 255, 255)");
  const drawn = page.locator("[data-canvas] .wf-elements [data-id] rect[fill^='#']").first();
  const own = await drawn.getAttribute("fill");
  const hex = (await drawn.evaluate((el) => getComputedStyle(el).fill)).match(/\d+/g)!.map((n) => Number(n).toString(16).padStart(2, "0"));
  expect(`#${hex.join("")}`).toBe(own!.slice(0, 7).toLowerCase());
  // …while the frame around it and the panels follow the theme.
  expect(await styleOf(page, "[data-canvas] rect.wf-screen", "stroke")).not.toBe("rgb(203, 213, 225)");
  const panel = await page.getByRole("region", { name: "Properties" }).evaluate((el) => {
    let node: Element | null = el;
    while (node && getComputedStyle(node).backgroundColor === "rgba(0, 0, 0, 0)") node = node.parentElement;
    return node ? getComputedStyle(node).backgroundColor : "";
  });
  const [r, g, b] = panel.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(200); // a dark surface

  // Without JavaScript the same screen is the server's drawing, as an image.
  const url = page.url();
  const plain = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const noJs = await plain.newPage();
  await noJs.goto(url);
  await expect(noJs.getByText("The wireframe editor needs JavaScript.")).toBeVisible();
  const image = noJs.getByRole("img", { name: /^Screen 1: / });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1440);
  await plain.close();
});
