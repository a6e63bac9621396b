/**
 * Helpers for the wireframe editor's end-to-end specs (tests/e2e/wireframes-editor-*.spec.ts):
 * a new wireframe through the create form, the canvas, layers and properties panels, points of
 * the screen on the page, drawing and dragging, and the save status.
 */
import type { Locator, Page } from "@playwright/test";
import { expect } from "./e2e";

/** Creates a blank wireframe through the create form; ends in its editor. */
export async function newWireframe(page: Page, opts: { project: string; name: string; device?: string }) {
  await page.goto("/wireframes/editor");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: opts.project });
  await page.getByLabel("Name", { exact: true }).fill(opts.name);
  await page.getByRole("radio", { name: opts.device ?? "Desktop (1440 × 900)" }).check();
  await page.getByRole("radio", { name: /^Blank screen/ }).check();
  await page.getByRole("button", { name: "Create wireframe" }).click();
  await expect(page).toHaveURL(/\/wireframes\/editor\/[0-9a-f-]{36}$/);
  await expect(canvas(page)).toBeVisible();
  return page.url();
}

export const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

export const canvas = (page: Page) => page.getByRole("application", { name: /^Canvas/ });
export const layer = (page: Page, name: string | RegExp) => page.getByRole("treeitem", { name });
export const properties = (page: Page) => page.getByRole("region", { name: "Properties" });
export const prop = (page: Page, label: string) => properties(page).getByLabel(label, { exact: true });
export const saveStatus = (page: Page) => page.locator("[data-save-state]");

/** Where a point of the screen (screen px) is on the page. */
export async function at(page: Page, x: number, y: number) {
  const screen = page.locator("[data-canvas] rect.wf-screen");
  const box = (await screen.boundingBox())!;
  const zoom = box.width / Number(await screen.getAttribute("width"));
  return { x: box.x + x * zoom, y: box.y + y * zoom };
}

export async function drag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  opts: { during?: () => Promise<void> } = {},
) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await opts.during?.();
  await page.mouse.up();
}

/** The screen at 100 %, so one page pixel is one screen pixel (around the screen's middle). */
export async function actualSize(page: Page) {
  await page.getByRole("button", { name: "100%" }).click();
  await expect(page.locator("output[aria-label=Zoom]")).toHaveText("100%");
}

export async function draw(page: Page, tool: string, from: [number, number], to: [number, number]) {
  await page
    .getByRole("toolbar", { name: "Tools" })
    .getByRole("button", { name: new RegExp(`^${tool}`) })
    .click();
  await drag(page, await at(page, ...from), await at(page, ...to));
}

export async function expectBox(page: Page, box: { x: number; y: number; width?: number; height?: number }) {
  await expect(prop(page, "X")).toHaveValue(String(box.x));
  await expect(prop(page, "Y")).toHaveValue(String(box.y));
  if (box.width !== undefined) await expect(prop(page, "Width")).toHaveValue(String(box.width));
  if (box.height !== undefined) await expect(prop(page, "Height")).toHaveValue(String(box.height));
}

export async function expectSaved(page: Page) {
  await expect(saveStatus(page)).toHaveText("Saved");
}

export async function setField(field: Locator, value: string) {
  await field.fill(value);
  await field.press("Enter");
}

/** A point of the screen relative to the canvas element (for dragTo's targetPosition). */
export async function relative(page: Page, x: number, y: number) {
  const p = await at(page, x, y);
  const box = (await canvas(page).boundingBox())!;
  return { x: p.x - box.x, y: p.y - box.y };
}
