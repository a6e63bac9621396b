/**
 * The wireframe editor (issue 8, "The editor" and "Live co-editing"), with JavaScript on: the
 * library and components, autosave while offline and a refused save, copy and paste between
 * wireframes, two people in one wireframe, and a viewer. Drawing on the canvas is in
 * wireframes-editor-canvas.spec.ts.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { acceptInvitation, createProject, invite } from "../support/board-helpers";
import { expect, test, uniqueEmail } from "../support/e2e";
import {
  actualSize,
  at,
  canvas,
  draw,
  expectBox,
  expectSaved,
  layer,
  newWireframe,
  PNG_1PX,
  prop,
  properties,
  relative,
  saveStatus,
  setField,
} from "../support/wireframe-editor-helpers";

test.describe("the wireframe editor", () => {
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
    // What the browser keeps: this tab's entry holds the ellipse.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).some((k) => k.includes(":unsaved:") && (localStorage.getItem(k) ?? "").includes("ellipse")),
        ),
      )
      .toBe(true);
    const second = await context.newPage();
    // Closed, here without the page hearing it go (as a crash or a killed browser would): the
    // tab's Web Lock goes with it, so the next visit knows its edits are orphans and sends them.
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
        contentType: "application/problem+json",
        body: JSON.stringify({
          type: "/docs/api/problems/forbidden",
          title: "Not allowed",
          status: 403,
          detail: "Your role in this workspace does not allow this.",
          code: "forbidden",
        }),
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
