/**
 * The wireframe editor (issue 8, "The editor"), with JavaScript on, on the canvas: drawing,
 * moving and resizing with snapping, undo and redo, groups and the layers panel, the keyboard
 * alone, the polygon tool (a diamond, made a triangle), and axe. Saving, components and the
 * people in a wireframe are in wireframes-editor-sharing.spec.ts.
 */
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";
import {
  actualSize,
  at,
  canvas,
  drag,
  draw,
  expectBox,
  expectSaved,
  layer,
  newWireframe,
  prop,
  properties,
  setField,
} from "../support/wireframe-editor-helpers";

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
