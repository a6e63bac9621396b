/**
 * The wireframe editor (issue 8, "The editor" and "Live co-editing"), with JavaScript on:
 * drawing, moving and resizing with snapping, groups and the layers panel, the library,
 * components, undo and redo, autosave across a reload and while offline, a refused save,
 * copy and paste between wireframes, two people in one wireframe, the keyboard alone, axe,
 * and the polygon tool (a diamond, made a triangle).
 */
import type { Locator, Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, createProject, invite } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test, uniqueEmail } from "../support/e2e";

/** Creates a blank wireframe through the create form; ends in its editor. */
async function newWireframe(page: Page, opts: { project: string; name: string; device?: string }) {
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

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const canvas = (page: Page) => page.getByRole("application", { name: /^Canvas/ });
const layer = (page: Page, name: string | RegExp) => page.getByRole("treeitem", { name });
const properties = (page: Page) => page.getByRole("region", { name: "Properties" });
const prop = (page: Page, label: string) => properties(page).getByLabel(label, { exact: true });
const saveStatus = (page: Page) => page.locator("[data-save-state]");

/** Where a point of the screen (screen px) is on the page. */
async function at(page: Page, x: number, y: number) {
  const screen = page.locator("[data-canvas] rect.wf-screen");
  const box = (await screen.boundingBox())!;
  const zoom = box.width / Number(await screen.getAttribute("width"));
  return { x: box.x + x * zoom, y: box.y + y * zoom };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, opts: { during?: () => Promise<void> } = {}) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await opts.during?.();
  await page.mouse.up();
}

/** The screen at 100 %, so one page pixel is one screen pixel (around the screen's middle). */
async function actualSize(page: Page) {
  await page.getByRole("button", { name: "100%" }).click();
  await expect(page.locator("output[aria-label=Zoom]")).toHaveText("100%");
}

async function draw(page: Page, tool: string, from: [number, number], to: [number, number]) {
  await page
    .getByRole("toolbar", { name: "Tools" })
    .getByRole("button", { name: new RegExp(`^${tool}`) })
    .click();
  await drag(page, await at(page, ...from), await at(page, ...to));
}

async function expectBox(page: Page, box: { x: number; y: number; width?: number; height?: number }) {
  await expect(prop(page, "X")).toHaveValue(String(box.x));
  await expect(prop(page, "Y")).toHaveValue(String(box.y));
  if (box.width !== undefined) await expect(prop(page, "Width")).toHaveValue(String(box.width));
  if (box.height !== undefined) await expect(prop(page, "Height")).toHaveValue(String(box.height));
}

async function expectSaved(page: Page) {
  await expect(saveStatus(page)).toHaveText("Saved");
}

async function setField(field: Locator, value: string) {
  await field.fill(value);
  await field.press("Enter");
}

test.describe("the wireframe editor", () => {
  test("draw, move and resize with snapping and guides; undo and redo; a reload finds it saved", async ({ page }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    const url = await newWireframe(page, { project: "Shop", name: "Checkout" });
    await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
    await expectSaved(page);
    await actualSize(page);

    // Draw: corners snap to the 8 px grid. The drawing is sent as a patch and the header
    // says so once it is saved ("Saving…" in between can be too short to catch).
    const patchSent = page.waitForResponse((r) => r.url().endsWith("/patches") && r.request().method() === "POST");
    await draw(page, "Rectangle", [602, 398], [801, 499]);
    await expect(layer(page, "Rectangle")).toBeVisible();
    await expectBox(page, { x: 600, y: 400, width: 200, height: 96 });
    expect((await patchSent).ok()).toBe(true);
    await expectSaved(page);

    // A second one, then move it: its left edge lines up with the first one's, with a guide.
    await draw(page, "Ellipse", [880, 560], [960, 640]);
    await expect(layer(page, "Ellipse")).toBeVisible();
    await expectBox(page, { x: 880, y: 560, width: 80, height: 80 });
    await drag(page, await at(page, 920, 600), await at(page, 643, 601), {
      during: async () => await expect(page.locator("[data-canvas] line.wf-guide").first()).toBeAttached(),
    });
    await expect(page.locator("[data-canvas] line.wf-guide")).toHaveCount(0);
    await expectBox(page, { x: 600, y: 560 });

    // Resize from the bottom-right handle; with Shift the ratio stays.
    await drag(page, await at(page, 680, 640), await at(page, 721, 681));
    await expectBox(page, { x: 600, y: 560, width: 120, height: 120 });
    await page.keyboard.down("Shift");
    await drag(page, await at(page, 720, 680), await at(page, 760, 690));
    await page.keyboard.up("Shift");
    await expectBox(page, { x: 600, y: 560, width: 160, height: 160 });

    // Undo twice: back to 80 × 80; redo once: 120 × 120. Undo a delete brings it back.
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await expectBox(page, { x: 600, y: 560, width: 80, height: 80 });
    await page.keyboard.press("Control+Shift+z");
    await expectBox(page, { x: 600, y: 560, width: 120, height: 120 });
    await page.keyboard.press("Delete");
    await expect(layer(page, "Ellipse")).toHaveCount(0);
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect(layer(page, "Ellipse")).toBeVisible();
    await expectBox(page, { x: 600, y: 560, width: 120, height: 120 });

    // What the header calls saved is there after a reload.
    await expectSaved(page);
    await page.goto(url);
    await layer(page, "Ellipse").click();
    await expectBox(page, { x: 600, y: 560, width: 120, height: 120 });
    await layer(page, "Rectangle").click();
    await expectBox(page, { x: 600, y: 400, width: 200, height: 96 });

    // Leaving at once (before the batch went out): the page saves first, then goes.
    await actualSize(page);
    await draw(page, "Rectangle", [840, 560], [920, 624]);
    await page.locator("[data-editor] header").getByRole("link", { name: "Wireframes", exact: true }).click();
    await expect(page).toHaveURL(/\/wireframes$/);
    await page.goto(url);
    await expect(layer(page, "Rectangle")).toHaveCount(2);
  });

  test("groups, nested; the layers panel renames, reorders, hides and locks", async ({ page }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    await newWireframe(page, { project: "Shop", name: "Layers" });
    await actualSize(page);
    await draw(page, "Rectangle", [600, 400], [680, 480]);
    await draw(page, "Ellipse", [720, 400], [800, 480]);
    await draw(page, "Text", [600, 520], [600, 520]);
    await page.keyboard.type("Hello");
    await page.keyboard.press("Escape");
    await expect(layer(page, "Text")).toBeVisible();
    await expect(page.locator("[data-canvas] text", { hasText: "Hello" })).toBeVisible();

    // Shift-click the rectangle and the ellipse, group them (Ctrl+G), then group the group with the text.
    await page.mouse.click(...(Object.values(await at(page, 640, 440)) as [number, number]));
    await page.keyboard.down("Shift");
    await page.mouse.click(...(Object.values(await at(page, 760, 440)) as [number, number]));
    await page.keyboard.up("Shift");
    await expect(properties(page).getByRole("heading", { name: "2 elements" })).toBeVisible();
    await page.keyboard.press("Control+g");
    await expect(layer(page, "Group")).toHaveAttribute("aria-expanded", "true");
    await expect(layer(page, "Rectangle")).toHaveAttribute("aria-level", "2");
    await layer(page, "Text").click({ modifiers: ["Shift"] });
    await page.keyboard.press("Control+g");
    await expect(page.getByRole("treeitem", { name: "Group" })).toHaveCount(2);
    await expect(layer(page, "Rectangle")).toHaveAttribute("aria-level", "3");

    // Rename the outer group from the layers panel.
    const outer = page.getByRole("treeitem", { name: "Group" }).first();
    await outer.dblclick();
    await page.getByLabel("Layer name").fill("Card");
    await page.getByLabel("Layer name").press("Enter");
    await expect(layer(page, "Card")).toHaveAttribute("aria-level", "1");

    // Moving the outer group moves everything in it.
    await layer(page, "Card").click();
    await setField(prop(page, "X"), "640");
    await layer(page, "Rectangle").click();
    await expectBox(page, { x: 640, y: 400 });

    // Reorder by keyboard: the text goes below the inner group (Alt+Down), then back up (by drag).
    await layer(page, "Text").click();
    const tree = page.getByRole("tree", { name: "Layers" });
    await expect(tree.getByRole("treeitem").nth(1)).toHaveAccessibleName("Text");
    await tree.press("Alt+ArrowDown");
    await expect(tree.getByRole("treeitem").nth(1)).toHaveAccessibleName("Group");
    await expect(tree.getByRole("treeitem").nth(4)).toHaveAccessibleName("Text");
    await layer(page, "Text").dragTo(layer(page, "Group"), { targetPosition: { x: 30, y: 2 } });
    await expect(tree.getByRole("treeitem").nth(1)).toHaveAccessibleName("Text");
    await expect(tree.getByRole("treeitem")).toHaveCount(5);

    // Hide and lock: the hidden element leaves the canvas; the locked one cannot be dragged.
    await layer(page, "Text").click();
    await page.keyboard.press("Control+Shift+h");
    await expect(layer(page, "Text, hidden")).toBeVisible();
    await expect(page.locator("[data-canvas] text", { hasText: "Hello" })).toHaveCount(0);
    await layer(page, "Ellipse").click();
    await layer(page, "Ellipse").getByRole("button", { name: "Lock Ellipse" }).click();
    await expect(layer(page, "Ellipse, locked")).toBeVisible();
    await drag(page, await at(page, 800, 440), await at(page, 900, 600));
    await layer(page, "Ellipse, locked").click();
    await expectBox(page, { x: 760, y: 400 });

    // Ungroup the inner group.
    await layer(page, "Group").click();
    await page.keyboard.press("Control+Shift+g");
    await expect(layer(page, "Group")).toHaveCount(0);
    await expect(layer(page, "Rectangle")).toHaveAttribute("aria-level", "2");
  });

  test("components from the library (click and drag); save as component; editing the main one updates every instance", async ({ page }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    await newWireframe(page, { project: "Shop", name: "Library" });
    await actualSize(page);
    await page.getByRole("tab", { name: "Library" }).click();
    await page.getByRole("button", { name: "Button", exact: true }).click();
    await expect(prop(page, "Name")).toHaveValue("Button");
    await expect(page.locator("[data-canvas] text", { hasText: "Button" })).toBeVisible();

    // Drag the text input onto the canvas: it lands centred where it was dropped.
    await page
      .getByRole("button", { name: "Text input", exact: true })
      .dragTo(canvas(page), { targetPosition: await relative(page, 600, 300) });
    await expect(prop(page, "Name")).toHaveValue("Text input");
    await expectBox(page, { x: 480, y: 280, width: 240, height: 40 });

    // The button's label, edited inline (double-click), then the button saved as a component.
    await page.getByRole("tab", { name: "Layers" }).click();
    await layer(page, "Button").click();
    const b = await prop(page, "X").inputValue();
    const bx = Number(b);
    const by = Number(await prop(page, "Y").inputValue());
    await page.mouse.dblclick(...(Object.values(await at(page, bx + 60, by + 20)) as [number, number]));
    await page.getByLabel("Text of Button").fill("Buy now");
    await page.getByLabel("Text of Button").press("Escape");
    await expect(page.locator("[data-canvas] text", { hasText: "Buy now" })).toBeVisible();
    await properties(page).getByLabel("Component name").fill("Primary CTA");
    await properties(page).getByRole("button", { name: "Save as component" }).click();
    await expect(properties(page).getByText("Saved “Primary CTA”")).toBeVisible();
    await expect(layer(page, "Primary CTA")).toBeVisible();

    // A second instance from the library's own components.
    await page.getByRole("tab", { name: "Library" }).click();
    await page.getByRole("button", { name: "Primary CTA" }).click();
    await page.getByRole("tab", { name: "Layers" }).click();
    await expect(page.getByRole("treeitem", { name: "Primary CTA" })).toHaveCount(2);
    await expect(page.locator("[data-canvas] .wf-elements text", { hasText: "Buy now" })).toHaveCount(2);

    // Into the main component from an instance; its text changes; both instances follow.
    await properties(page).getByRole("button", { name: "Edit main component" }).click();
    await expect(page.getByText(/^Editing the main component Primary CTA: every instance/)).toBeVisible();
    await layer(page, "Button").click();
    const text = properties(page).getByRole("textbox", { name: "Text", exact: true });
    await text.fill("Order");
    await text.blur();
    await page.getByRole("button", { name: "Back to the wireframe" }).click();
    await expect(page.locator("[data-canvas] .wf-elements text", { hasText: "Order" })).toHaveCount(2);
    await expectSaved(page);

    // An instance's own override (its text) stays its own.
    await page.getByRole("treeitem", { name: "Primary CTA" }).first().click();
    await setField(properties(page).getByLabel("Button text"), "Pay");
    await expect(page.locator("[data-canvas] .wf-elements text", { hasText: "Pay" })).toHaveCount(1);
    await expect(page.locator("[data-canvas] .wf-elements text", { hasText: "Order" })).toHaveCount(1);
    // An uploaded image goes into the workspace's file store and onto the screen.
    await page.getByRole("tab", { name: "Library" }).click();
    await page
      .getByLabel("Upload an image")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(PNG_1PX, "base64") });
    await expect(page.getByText("logo added.")).toBeVisible();
    await expect(page.locator("[data-canvas] .wf-elements image")).toHaveAttribute(
      "href",
      /\/wireframes\/[0-9a-f-]{36}\/images\/[0-9a-f-]{36}$/,
    );
    await expectSaved(page);
    await page.reload();
    await expect(page.locator("[data-canvas] .wf-elements image")).toHaveCount(1);
    await expect(page.locator("[data-canvas] .wf-elements text", { hasText: "Pay" })).toHaveCount(1);
    await expect(page.locator("[data-canvas] .wf-elements text", { hasText: "Order" })).toHaveCount(1);
  });

  test("offline edits are kept and saved when the connection returns; a refused save says why and keeps the work", async ({
    page,
    context,
  }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    const url = await newWireframe(page, { project: "Shop", name: "Offline" });
    await actualSize(page);
    await context.setOffline(true);
    await draw(page, "Rectangle", [600, 400], [700, 480]);
    await expect(saveStatus(page)).toHaveText("Offline: changes are kept in this browser");
    await context.setOffline(false);
    await expectSaved(page);
    await page.goto(url);
    await expect(layer(page, "Rectangle")).toBeVisible();

    // Closed while offline: the next visit sends what was kept.
    await actualSize(page);
    await context.setOffline(true);
    await draw(page, "Ellipse", [760, 400], [840, 480]);
    await expect(saveStatus(page)).toHaveText("Offline: changes are kept in this browser");
    const second = await context.newPage();
    await page.close();
    await context.setOffline(false);
    await second.goto(url);
    await expect(layer(second, "Ellipse")).toBeVisible();
    await expectSaved(second);
    const third = await context.newPage();
    await third.goto(url);
    await expect(layer(third, "Ellipse")).toBeVisible();
    await third.close();

    // The server refuses (here: as if the role had changed): the reason shows, the work stays.
    await second.route("**/api/wireframes/*/patches", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ error: "Your role in this workspace does not allow this." }),
      }),
    );
    await layer(second, "Ellipse").click();
    await setField(prop(second, "X"), "1000");
    await expect(
      second.getByRole("status").filter({ hasText: "Not saved: Your role in this workspace does not allow this." }),
    ).toBeVisible();
    await expect(prop(second, "X")).toHaveValue("1000");
    await second.unroute("**/api/wireframes/*/patches");
    await second.getByRole("button", { name: "Try again" }).click();
    await expectSaved(second);
    await second.reload();
    await layer(second, "Ellipse").click();
    await expectBox(second, { x: 1000, y: 400 });
  });

  test("copy and paste within a wireframe and into another one", async ({ page, context }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    await newWireframe(page, { project: "Shop", name: "Source" });
    await actualSize(page);
    await draw(page, "Rectangle", [600, 400], [680, 480]);
    await setField(prop(page, "Name"), "Hero box");
    await canvas(page).focus();
    await page.keyboard.press("Control+c");
    await page.keyboard.press("Control+v");
    await expect(layer(page, "Hero box")).toHaveCount(2);
    await expectBox(page, { x: 616, y: 416 });
    await page.keyboard.press("Control+d");
    await expect(layer(page, "Hero box")).toHaveCount(3);
    await page.keyboard.press("Control+x");
    await expect(layer(page, "Hero box")).toHaveCount(2);
    await expectSaved(page);

    const other = await context.newPage();
    await newWireframe(other, { project: "Shop", name: "Target", device: "Mobile (390 × 844)" });
    await canvas(other).focus();
    await other.keyboard.press("Control+v");
    await expect(layer(other, "Hero box")).toBeVisible();
    await expectSaved(other);
  });

  test("keyboard alone: tools, adding, moving, resizing, selecting, grouping, layers, the shortcuts list", async ({ page }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    await newWireframe(page, { project: "Shop", name: "Keys" });
    await canvas(page).focus();
    await page.keyboard.press("r");
    await expect(page.getByRole("button", { name: /^Rectangle/ })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Enter");
    await expect(layer(page, "Rectangle")).toBeVisible();
    await expect(canvas(page)).toBeFocused();
    const x = Number(await prop(page, "X").inputValue());
    const y = Number(await prop(page, "Y").inputValue());
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    await expectBox(page, { x: x + 1, y: y + 10, width: 160, height: 100 });
    await page.keyboard.press("Alt+Shift+ArrowRight");
    await page.keyboard.press("Alt+ArrowDown");
    await expectBox(page, { x: x + 1, y: y + 10, width: 170, height: 101 });

    // A second shape, Tab between them, select all, group.
    await page.keyboard.press("o");
    await page.keyboard.press("Enter");
    await expect(layer(page, "Ellipse")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(prop(page, "Name")).toHaveValue("Rectangle");
    await page.keyboard.press("Shift+Tab");
    await expect(prop(page, "Name")).toHaveValue("Ellipse");
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Control+g");
    await expect(layer(page, "Group")).toBeVisible();
    // Enter goes into the group; Escape back out.
    await page.keyboard.press("Enter");
    await expect(layer(page, "Ellipse")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(layer(page, "Group")).toHaveAttribute("aria-selected", "true");

    // Text: T, Enter adds it and opens it for typing.
    await page.keyboard.press("t");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Typed");
    await page.keyboard.press("Escape");
    await expect(page.locator("[data-canvas] text", { hasText: "Typed" })).toBeVisible();
    await expect(canvas(page)).toBeFocused();

    // The layers panel: Tab to it, arrows select, F2 renames, Delete deletes, Ctrl+Z undoes.
    const tree = page.getByRole("tree", { name: "Layers" });
    await tree.focus();
    await page.keyboard.press("Home");
    await expect(layer(page, "Text")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(layer(page, "Group")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("F2");
    await page.keyboard.type("Pair");
    await page.keyboard.press("Enter");
    await expect(layer(page, "Pair")).toBeVisible();
    await expect(tree).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(layer(page, "Ellipse")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Delete");
    await expect(layer(page, "Ellipse")).toHaveCount(0);
    await page.keyboard.press("Control+z");
    await expect(layer(page, "Ellipse")).toBeVisible();

    // ? lists the shortcuts.
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();
    await expectSaved(page);
  });

  test("polygons: draw a diamond, make it a triangle, add one by the keyboard; a reload finds them saved", async ({ page }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    const url = await newWireframe(page, { project: "Shop", name: "Shapes" });
    await actualSize(page);
    const drawn = page.locator("[data-canvas] svg.wf-main g.wf-elements > g[data-id] polygon");

    // The tool draws a diamond in the dragged box: its corners on the middles of the box's edges.
    await draw(page, "Polygon", [600, 400], [720, 496]);
    await expect(layer(page, "Polygon")).toBeVisible();
    await expectBox(page, { x: 600, y: 400, width: 120, height: 96 });
    await expect(prop(page, "Shape")).toHaveValue("diamond");
    await expect(drawn).toHaveAttribute("points", "660,400 720,448 660,496 600,448");
    // The properties make it a triangle, in the same box; undo and redo follow.
    await prop(page, "Shape").selectOption({ label: "Triangle" });
    await expect(drawn).toHaveAttribute("points", "660,400 720,496 600,496");
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: "light" });
    await canvas(page).focus();
    await page.keyboard.press("Control+z");
    await expect(drawn).toHaveAttribute("points", "660,400 720,448 660,496 600,448");
    await page.keyboard.press("Control+Shift+z");
    await expect(drawn).toHaveAttribute("points", "660,400 720,496 600,496");

    // Keyboard alone: P picks the tool, Enter adds a diamond in the middle of the view.
    await canvas(page).focus();
    await page.keyboard.press("p");
    await expect(page.getByRole("toolbar", { name: "Tools" }).getByRole("button", { name: /^Polygon/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("Enter");
    await expect(layer(page, "Polygon")).toHaveCount(2);
    await expect(prop(page, "Shape")).toHaveValue("diamond");
    await expect(canvas(page)).toBeFocused();
    // The shortcuts list names it.
    await page.keyboard.press("?");
    const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(shortcuts.getByRole("definition").filter({ hasText: /^Polygon tool$/ })).toBeVisible();
    await page.keyboard.press("Escape");

    // Saved: after a reload, one triangle and one diamond.
    await expectSaved(page);
    await page.goto(url);
    await expect(layer(page, "Polygon")).toHaveCount(2);
    const shapes: string[] = [];
    for (const item of await layer(page, "Polygon").all()) {
      await item.click();
      shapes.push(await prop(page, "Shape").inputValue());
    }
    expect(shapes.sort()).toEqual(["diamond", "triangle"]);
    await expect(
      page.locator('[data-canvas] svg.wf-main g.wf-elements > g[data-id] polygon[points="660,400 720,496 600,496"]'),
    ).toHaveCount(1);
  });

  test("axe finds nothing on the editor, with a selection, the library and the shortcuts open", async ({ page }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    await newWireframe(page, { project: "Shop", name: "Accessible" });
    await draw(page, "Rectangle", [100, 100], [400, 300]);
    await draw(page, "Text", [500, 100], [500, 100]);
    await page.keyboard.type("Label");
    await page.keyboard.press("Escape");
    await expectNoA11yViolations(page);
    await page.getByRole("tab", { name: "Library" }).click();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await canvas(page).focus();
    await page.keyboard.press("?");
    await expectNoA11yViolations(page);
  });
});

test("two people edit one wireframe at once: each sees the other's changes and selection", async ({ page, browser }) => {
  await signUpAndVerify(page, { fullName: "Ann Owner" });
  await createProject(page, "Shop");
  const url = await newWireframe(page, { project: "Shop", name: "Together" });
  const bobEmail = uniqueEmail("bob");
  await invite(page, bobEmail, "Member");
  const bob = await acceptInvitation(browser, bobEmail, "Bob Builder");
  await page.goto(url);
  await bob.page.goto(url);
  await actualSize(page);
  await actualSize(bob.page);

  // Each sees the other in the header.
  const people = (p: Page) => p.getByRole("list", { name: "People in this wireframe" });
  await expect(people(page).getByText("Bob Builder")).toBeAttached();
  await expect(people(bob.page).getByText("Ann Owner")).toBeAttached();

  // Ann draws; Bob sees it at once.
  await draw(page, "Rectangle", [600, 400], [700, 480]);
  await expect(layer(bob.page, "Rectangle")).toBeVisible({ timeout: 3000 });

  // Bob selects it: Ann sees his selection outlined with his name.
  await layer(bob.page, "Rectangle").click();
  await expect(page.locator('[data-canvas] [data-peer="Bob Builder"]')).toBeAttached({ timeout: 3000 });

  // Both change the same element at once: different properties both survive.
  await setField(prop(bob.page, "X"), "200");
  await layer(page, "Rectangle").click();
  await setField(prop(page, "Width"), "320");
  await expectSaved(page);
  await expectSaved(bob.page);
  for (const p of [page, bob.page]) {
    await layer(p, "Rectangle").click();
    await expectBox(p, { x: 200, y: 400, width: 320, height: 80 });
  }

  // Bob draws, Ann sees; Bob leaves, Ann no longer sees him.
  await draw(bob.page, "Ellipse", [900, 400], [980, 480]);
  await expect(layer(page, "Ellipse")).toBeVisible({ timeout: 3000 });
  await bob.context.close();
  await expect(people(page).getByText("Bob Builder")).toHaveCount(0, { timeout: 10_000 });
});

/** A point of the screen relative to the canvas element (for dragTo's targetPosition). */
async function relative(page: Page, x: number, y: number) {
  const p = await at(page, x, y);
  const box = (await canvas(page).boundingBox())!;
  return { x: p.x - box.x, y: p.y - box.y };
}

test("a viewer looks but cannot change anything", async ({ page, browser }) => {
  await signUpAndVerify(page, { fullName: "Owner Olga" });
  await createProject(page, "Shop");
  const url = await newWireframe(page, { project: "Shop", name: "Look only" });
  await actualSize(page);
  await draw(page, "Rectangle", [600, 400], [700, 480]);
  await expectSaved(page);
  const email = uniqueEmail("viewer");
  await invite(page, email, "Viewer");
  const viewer = await acceptInvitation(browser, email, "Vera Viewer");
  const v = viewer.page;
  await v.goto(url);
  await expect(v.getByRole("status").filter({ hasText: "View only" })).toBeVisible();
  await expect(v.getByRole("toolbar", { name: "Tools" }).getByRole("button")).toHaveText([/^Select/, /^Hand/]);
  await layer(v, "Rectangle").click();
  await expect(prop(v, "X")).toBeDisabled();
  await expect(properties(v).getByRole("button", { name: "Delete" })).toHaveCount(0);
  await v.keyboard.press("Delete");
  await canvas(v).focus();
  await v.keyboard.press("ArrowRight");
  await v.keyboard.press("Delete");
  await expect(layer(v, "Rectangle")).toBeVisible();
  await expect(prop(v, "X")).toHaveValue("600");
  await v.getByRole("tab", { name: "Library" }).click();
  await expect(v.getByRole("button", { name: "Button", exact: true })).toBeDisabled();
  await viewer.context.close();
});
