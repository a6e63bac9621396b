/**
 * Prototypes (issue 15): build a three-screen flow with an overlay in the editor's Prototype
 * mode, play it with JavaScript on and off, share it and play it signed out in a fresh
 * browser (a design token's colour drawn as in the editor), leave feedback as a guest and as
 * a member and see the pins in the editor, revoke the link and see it refused.
 */
import type { Browser, Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, test, waitForHydration } from "../support/e2e";

async function newWireframe(page: Page, name: string) {
  await page.goto("/wireframes/editor");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Shop" });
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("radio", { name: "Mobile (390 × 844)" }).check();
  await page.getByRole("radio", { name: /^Blank screen/ }).check();
  await page.getByRole("button", { name: "Create wireframe" }).click();
  await expect(page).toHaveURL(/\/wireframes\/editor\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

/** A button on the current screen, from the library. */
async function addButton(page: Page) {
  await page.getByRole("tab", { name: "Library" }).click();
  await page.getByRole("button", { name: "Button", exact: true }).click();
}

const mapElement = (page: Page, screen: string) => page.locator(`[data-map-screen="${screen}"] [data-map-element]`).first();
const panel = (page: Page) => page.getByRole("region", { name: "Prototype" });

async function buildFlow(page: Page) {
  const id = await newWireframe(page, "Checkout");
  await addButton(page);
  await page.getByRole("button", { name: "Add screen" }).click();
  await addButton(page);
  await page.getByRole("button", { name: "Add screen" }).click();
  await addButton(page);

  await page.getByRole("radio", { name: "Prototype" }).click();
  // Screen 1's button goes to Screen 2.
  await mapElement(page, "Screen 1").click();
  await panel(page).getByRole("button", { name: "Add interaction" }).click();
  await expect(panel(page).getByLabel("Screen", { exact: true })).toHaveValue(/.+/);
  await panel(page).getByLabel("Screen", { exact: true }).selectOption({ label: "Screen 2" });
  // Screen 2's button opens Screen 3 as an overlay.
  await mapElement(page, "Screen 2").click();
  await panel(page).getByRole("button", { name: "Add interaction" }).click();
  await panel(page).getByLabel("Action", { exact: true }).selectOption({ label: "Open overlay" });
  await panel(page).getByLabel("Screen", { exact: true }).selectOption({ label: "Screen 3" });
  await expect(panel(page).getByLabel("Dim the screen behind")).toBeChecked();
  // Screen 3's button closes it.
  await mapElement(page, "Screen 3").click();
  await panel(page).getByRole("button", { name: "Add interaction" }).click();
  await panel(page).getByLabel("Action", { exact: true }).selectOption({ label: "Close overlay" });
  await expect(page.locator("[data-arrow]")).toHaveCount(2);
  await expect(page.locator("[data-save-state]")).toHaveText("Saved");
  return id;
}

const screenName = (page: Page) => page.getByTestId("screen-name");

async function freshPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  return context.newPage();
}

test.describe("prototypes", () => {
  test("build, play with and without JavaScript, share, feedback, revoke", async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    const id = await buildFlow(page);

    // Play it (JavaScript on).
    await page.getByRole("link", { name: "Play" }).click();
    await expect(page).toHaveURL(new RegExp(`/prototypes/${id}`));
    await expect(screenName(page)).toHaveText("Screen 1");
    await expect(page.getByText("1 of 2")).toBeVisible();
    // A click beside a hotspot shows every hotspot for a moment; H keeps them shown.
    await page.locator("[data-screen-box] img").click({ position: { x: 5, y: 5 } });
    await expect(page.locator("main[data-hotspots]")).toHaveAttribute("data-hotspots", "shown");
    await expect(page.locator("main[data-hotspots]")).toHaveAttribute("data-hotspots", "hidden");
    await page.keyboard.press("h");
    await expect(page.locator("main[data-hotspots]")).toHaveAttribute("data-hotspots", "shown");
    await page.keyboard.press("h");
    await page.getByRole("link", { name: "Button: go to Screen 2" }).click();
    await expect(screenName(page)).toHaveText("Screen 2");
    await expect(page).toHaveURL(/screen=/);
    await page.reload();
    await expect(screenName(page)).toHaveText("Screen 2");
    await page.getByRole("link", { name: "Button: open Screen 3" }).click();
    await expect(page.getByRole("dialog", { name: "Screen 3" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Screen 3" })).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole("dialog", { name: "Screen 3" })).toBeVisible();
    await page.getByRole("link", { name: "Button: close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.keyboard.press("ArrowLeft");
    await expect(screenName(page)).toHaveText("Screen 1");
    await page.keyboard.press("ArrowRight");
    await expect(screenName(page)).toHaveText("Screen 2");

    // Without JavaScript: the same, by links.
    const state = await page.context().storageState();
    const noJs = await (await browser.newContext({ javaScriptEnabled: false, storageState: state })).newPage();
    await noJs.goto(`/prototypes/${id}`);
    await expect(noJs.getByTestId("screen-name")).toHaveText("Screen 1");
    await noJs.getByRole("link", { name: "Button: go to Screen 2" }).click();
    await expect(noJs.getByTestId("screen-name")).toHaveText("Screen 2");
    await noJs.getByRole("link", { name: "Button: open Screen 3" }).click();
    await expect(noJs.getByRole("dialog", { name: "Screen 3" })).toBeVisible();
    await expect(noJs).toHaveURL(/overlay=/);
    // The dimmed backdrop is a link that closes the overlay too (here the overlay covers it all).
    await expect(noJs.getByRole("link", { name: "Close overlay" })).toHaveAttribute("href", /screen=(?!.*overlay=)/);
    await noJs.getByRole("link", { name: "Button: close" }).click();
    await expect(noJs.getByRole("dialog")).toHaveCount(0);
    // A member's comment, without JavaScript: a click on the screen's picture (an image button) places the pin and sends it.
    await noJs.getByRole("link", { name: "Comments" }).click();
    await expect(noJs.getByRole("spinbutton")).toHaveCount(0);
    await noJs.getByRole("textbox", { name: "New comment" }).fill("Is this the total?");
    const picture = noJs.getByRole("button", { name: "Screen 2: click where the pin goes" });
    const pictureBox = (await picture.boundingBox())!;
    await picture.click({ position: { x: pictureBox.width / 2, y: pictureBox.height / 4 } });
    await expect(noJs.getByTestId("pin-thread")).toContainText("Is this the total?");
    // The pin sits where the picture was clicked: half way across, a quarter down the screen.
    const pin = noJs.locator("[data-pin]");
    await expect(pin).toHaveCount(1);
    expect(Number.parseFloat((await pin.getAttribute("style"))!.match(/left:\s*([\d.]+)%/)![1]!)).toBeCloseTo(50, 0);
    expect(Number.parseFloat((await pin.getAttribute("style"))!.match(/top:\s*([\d.]+)%/)![1]!)).toBeCloseTo(25, 0);
    await noJs.getByPlaceholder("Reply").fill("Yes, with tax.");
    await noJs.getByRole("button", { name: "Reply" }).click();
    await expect(noJs.getByTestId("pin-thread")).toContainText("Yes, with tax.");
    await noJs.getByRole("button", { name: "Resolve" }).click();
    await expect(noJs.getByTestId("pin-thread")).toContainText("Resolved");
    await noJs.getByRole("button", { name: "Reopen" }).click();
    await expect(noJs.getByRole("button", { name: "Resolve" })).toBeVisible();

    // A box on Screen 1 filled with a design token: the editor draws the token's value.
    await page.goto(`/wireframes/editor/${id}`);
    await page
      .getByRole("toolbar", { name: "Tools" })
      .getByRole("button", { name: /^Rectangle/ })
      .click();
    await page.getByRole("application", { name: /^Canvas/ }).focus();
    await page.keyboard.press("Enter");
    const properties = page.getByRole("region", { name: "Properties" });
    await properties.getByLabel("Fill token", { exact: true }).selectOption("color.brand.primary");
    await expect(page.locator("[data-canvas] svg.wf-main g.wf-elements > g[data-id] rect[fill='#2563eb']")).toHaveCount(1);
    await expect(page.locator("[data-save-state]")).toHaveText("Saved");

    // Share it, with feedback allowed.
    await page.goto(`/prototypes/${id}?share=1`);
    await page.getByLabel("Allow feedback from people with the link").check();
    await page.getByRole("button", { name: "Create link" }).click();
    const shareUrl = await page.getByTestId("share-url").inputValue();
    expect(shareUrl).toMatch(/\/p\/[A-Za-z0-9_-]{32}$/);
    const path = new URL(shareUrl).pathname;

    // Signed out, in a fresh browser: it plays, and nothing else of the workspace shows.
    const guest = await freshPage(browser);
    await guest.goto(path);
    await expect(guest.getByTestId("screen-name")).toHaveText("Screen 1");
    await expect(guest.getByRole("heading", { level: 1 })).toContainText("Checkout");
    await expect(guest.getByRole("link", { name: "Comments" })).toHaveCount(0);
    await expect(guest.getByRole("link", { name: /Wireframes|Dashboard/ })).toHaveCount(0);
    // The screen's drawing shows the token's value, as the editor does, not the fallback grey.
    const drawing = await guest.request.get((await guest.locator("[data-screen-box] img").first().getAttribute("src"))!);
    expect(drawing.status()).toBe(200);
    const svg = await drawing.text();
    expect(svg).toMatch(/<rect[^>]*fill="#2563eb"/);
    expect(svg).not.toContain("#a1a1aa");
    await guest.getByRole("link", { name: "Button: go to Screen 2" }).click();
    await expect(guest.getByTestId("screen-name")).toHaveText("Screen 2");
    // Guest feedback: a click on the screen places the pin.
    await guest.getByRole("link", { name: "Leave feedback" }).click();
    // The click places the pin through the page's script: wait until it runs (a loaded machine is slow to hydrate),
    // and until the feedback form is open (the link navigates; a click on the screen before that only flashes the hotspots).
    await waitForHydration(guest);
    await expect(guest.getByRole("form", { name: "Leave feedback" })).toBeVisible();
    await guest.locator("[data-screen-box]").click({ position: { x: 40, y: 60 } });
    await expect(guest.locator("[data-spot-marker]")).toBeVisible();
    await expect(guest.locator('input[name="x"]')).not.toHaveValue("");
    // With JavaScript a click on the form's picture moves the spot without sending the form.
    await guest.locator("[data-spot-picker]").click({ position: { x: 20, y: 30 } });
    await expect(guest.getByText(/^Pin at \d+, \d+ px\.$/)).toBeVisible();
    await expect(guest.getByText("Thanks, your feedback was sent.")).toHaveCount(0);
    await guest.getByLabel("Your name").fill("Ann Client");
    await guest.getByRole("textbox", { name: "Comment", exact: true }).fill("Love the flow");
    await guest.getByRole("button", { name: "Send feedback" }).click();
    await expect(guest.getByText("Thanks, your feedback was sent.")).toBeVisible();

    // The owner sees it opened, and the pins in the editor.
    await page.reload();
    await expect(page.getByTestId("share-link")).toContainText("Opened 1 time");
    await page.goto(`/wireframes/editor/${id}?mode=prototype`);
    await expect(page.locator("[data-editor-pin]")).toHaveCount(2);
    // And on the Design canvas of that screen, where they were left.
    const pinned = new URL(guest.url()).searchParams.get("screen")!;
    await page.goto(`/wireframes/editor/${id}?screen=${encodeURIComponent(pinned)}`);
    await expect(page.getByTestId("editor-pins").locator("[data-editor-pin]")).toHaveCount(2);
    await expect(page.getByTestId("editor-pins").locator("[data-editor-pin]").first()).toBeVisible();
    await page.goto(`/prototypes/${id}?screen=${encodeURIComponent(new URL(guest.url()).searchParams.get("screen")!)}&comments=1`);
    await expect(page.getByTestId("pin-thread").filter({ hasText: "Ann Client (guest)" })).toContainText("Love the flow");

    // Revoked: the link is refused with a clear page.
    await page.goto(`/prototypes/${id}?share=1`);
    await page.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByTestId("share-link")).toContainText("Revoked");
    const late = await freshPage(browser, { javaScriptEnabled: false });
    const answer = await late.goto(path);
    expect(answer!.status()).toBe(410);
    await expect(late.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    const unknown = await late.goto("/p/no-such-link-0000000000000000000");
    expect(unknown!.status()).toBe(404);
    await expect(late.getByRole("heading", { name: "Link not found" })).toBeVisible();
  });

  test("the player at phone width: no sideways scroll, the screen fits", async ({ page }) => {
    await signUpAndVerify(page);
    await createProject(page, "Shop");
    const id = await newWireframe(page, "Phone");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/prototypes/${id}?comments=1`);
    await expect(page.getByTestId("screen-name")).toHaveText("Screen 1");
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    const box = (await page.locator("[data-screen-box]").boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    await expect(page.getByText("No comments on this screen yet.")).toBeVisible();
  });
});
