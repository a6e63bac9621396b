/**
 * The Wireframes pages (issue 8, "Screens"): the list, the create form, the templates, the
 * component library and the editor's read-only screens, as plain HTML forms with JavaScript
 * off; with it on, creating a wireframe lands in the editor. Every page passes axe (which
 * runs in the page, so with JavaScript on) and fits a 390 px phone without sideways scroll.
 */
import type { Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";

/** Fills and posts /wireframes/editor; ends in the editor of the new wireframe. */
async function newWireframe(page: Page, opts: { project: string; name: string; device?: string; template?: string }) {
  await page.goto("/wireframes/editor");
  await page.getByLabel("Project", { exact: true }).selectOption({ label: opts.project });
  await page.getByLabel("Name", { exact: true }).fill(opts.name);
  await page.getByRole("radio", { name: opts.device ?? "Desktop (1440 × 900)" }).check();
  await page.getByRole("radio", { name: new RegExp(`^${opts.template ?? "Blank screen"}`) }).check();
  await page.getByRole("button", { name: "Create wireframe" }).click();
  await expect(page).toHaveURL(/\/wireframes\/editor\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: opts.name })).toBeVisible();
  return page.url().split("/").pop()!;
}

/** Nothing on the page is wider than a 390 px phone; names what sticks out when something is. */
async function expectFitsPhone(page: Page, path: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  const overflow = await page.evaluate(() => ({
    fits: document.documentElement.scrollWidth <= window.innerWidth,
    wide: [...document.querySelectorAll("main *")]
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class"))}`.slice(0, 120)),
  }));
  expect(overflow.fits, `${path} is wider than the phone: ${overflow.wide.join(", ")}`).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
}

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

test.describe("wireframes pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("list, create, rename, duplicate, delete; filters in the address; the editor's read-only screens", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Wren Wire" });

    // A workspace without wireframes says so and offers to start one.
    await page.goto("/wireframes");
    await expect(page.getByRole("heading", { level: 1, name: "Wireframes" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No wireframes yet" })).toBeVisible();

    await createProject(page, "Checkout");
    await createProject(page, "Onboarding");

    // The create form answers every problem at once and keeps what was typed.
    await page.goto("/wireframes");
    await page.getByRole("link", { name: "Start a wireframe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New wireframe" })).toBeVisible();
    await page.getByRole("radio", { name: "Custom size" }).check();
    await page.getByLabel("Width (px)").fill("50");
    await page.getByRole("button", { name: "Create wireframe" }).click();
    await expect(page.getByText("Choose a project.")).toBeVisible();
    await expect(page.getByText("Give the wireframe a name.")).toBeVisible();
    await expect(page.getByText("The width is at least 100 px.")).toBeVisible();
    await expect(page.getByText("Enter the height in pixels.")).toBeVisible();
    await expect(page.getByLabel("Width (px)")).toHaveValue("50");
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

    // Created, it opens in the editor, which without JavaScript shows its screens read-only.
    const cartId = await newWireframe(page, { project: "Checkout", name: "Cart", device: "Mobile (390 × 844)" });
    await expect(page.getByText("The wireframe editor needs JavaScript.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Screen 1: Screen 1" })).toBeVisible();
    await expect(page.getByText("Mobile · 390 × 844")).toBeVisible();

    await newWireframe(page, { project: "Onboarding", name: "Welcome", template: "Sign in" });
    await expect(page.getByRole("img", { name: /^Screen 1: / })).toBeVisible();

    // The list: newest first, each with its thumbnail (an SVG drawn on the server), project, author and time.
    await page.goto("/wireframes");
    const names = page.getByRole("main").getByRole("heading", { level: 3 });
    await expect(names).toHaveText(["Welcome", "Cart"]);
    await expect(card(page, "Cart").locator("svg rect").first()).toBeAttached();
    await expect(card(page, "Cart").getByRole("link", { name: "Checkout" })).toBeVisible();
    await expect(card(page, "Cart").getByText(/Changed .* UTC by Wren Wire/)).toBeVisible();
    await expect(card(page, "Cart").getByText("Checkout · 1 screen", { exact: true })).toBeVisible();

    // Filters are a GET form: the address keeps them.
    await page.getByLabel("Search by name").fill("car");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]q=car/);
    await expect(names).toHaveText(["Cart"]);
    await page.getByLabel("Search by name").fill("");
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Onboarding" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]project=[0-9a-f-]{36}/);
    await expect(names).toHaveText(["Welcome"]);
    await page.getByLabel("Search by name").fill("nothing like it");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No wireframes match “nothing like it”.")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(names).toHaveText(["Welcome", "Cart"]);

    // Rename: an empty name is refused with a message, a good one is saved.
    await card(page, "Cart").locator("summary", { hasText: "Rename" }).click();
    await card(page, "Cart").getByLabel("New name").fill("");
    await card(page, "Cart").getByRole("button", { name: "Save name" }).click();
    await expect(card(page, "Cart").getByText("Give the wireframe a name.")).toBeVisible();
    await card(page, "Cart").getByLabel("New name").fill("Shopping cart");
    await card(page, "Cart").getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Wireframe renamed")).toBeVisible();
    await expect(names).toHaveText(["Shopping cart", "Welcome"]);

    // Duplicate: the copy comes first.
    await card(page, "Welcome").getByRole("button", { name: "Duplicate Welcome" }).click();
    await expect(page.getByText("Wireframe duplicated")).toBeVisible();
    await expect(names).toHaveCount(3);

    // Delete asks first, then the wireframe is gone.
    await card(page, "Shopping cart").locator("summary", { hasText: "Delete" }).click();
    await expect(card(page, "Shopping cart").getByText(/are deleted for everyone/)).toBeVisible();
    await card(page, "Shopping cart").getByRole("button", { name: "Yes, delete “Shopping cart”" }).click();
    await expect(page.getByText("Wireframe deleted")).toBeVisible();
    await expect(names).toHaveCount(2);
    await expect(page.getByRole("heading", { level: 3, name: "Shopping cart" })).toHaveCount(0);
    expect((await page.goto(`/wireframes/editor/${cartId}`))?.status()).toBe(404);
    expect((await page.goto("/wireframes/editor/not-an-id"))?.status()).toBe(404);

    // A project's own list.
    await page.goto("/projects");
    await page.getByRole("link", { name: "Onboarding" }).click();
    const projectUrl = new URL(page.url()).pathname;
    await page.goto(`${projectUrl}/wireframes`);
    await expect(page.getByRole("link", { name: "← Onboarding" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(2);

    // On a phone nothing scrolls sideways.
    for (const path of ["/wireframes", "/wireframes/editor", `${projectUrl}/wireframes`]) await expectFitsPhone(page, path);
  });

  test("templates: at least nine previewed; a new wireframe from one, or a screen added to one", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Tess Template" });
    await createProject(page, "Marketing");
    await page.goto("/wireframes/templates");
    await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
    const templates = page.getByRole("main").getByRole("heading", { level: 2 });
    expect(await templates.count()).toBeGreaterThanOrEqual(9);
    for (const name of ["Sign in", "Sign up", "Dashboard", "Pricing", "Landing page"]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    expect(await page.locator("main svg").count()).toBeGreaterThanOrEqual(9);

    const template = (name: string) =>
      page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
    await template("Pricing").locator("summary", { hasText: "Use template" }).click();
    await template("Pricing").getByLabel("Project", { exact: true }).selectOption({ label: "Marketing" });
    await template("Pricing").getByLabel("Name").fill("Plans page");
    await template("Pricing").getByRole("button", { name: "Create wireframe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plans page" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Screen \d: / })).toHaveCount(1);

    await page.goto("/wireframes/templates");
    await template("Dashboard").locator("summary", { hasText: "Use template" }).click();
    await template("Dashboard").getByLabel("Wireframe", { exact: true }).selectOption({ label: "Plans page (Marketing)" });
    await template("Dashboard").getByRole("button", { name: "Add screen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plans page" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Screen \d: / })).toHaveCount(2);
    await expectFitsPhone(page, "/wireframes/templates");
  });

  test("the library: the built-in kit by category, and the workspace's own components renamed and deleted", async ({ page }) => {
    await signUpAndVerify(page, { fullName: "Lib Rary" });
    await page.goto("/wireframes/library");
    await expect(page.getByRole("heading", { level: 1, name: "Component Library" })).toBeVisible();
    for (const category of ["Inputs", "Navigation", "Layout", "Data", "Feedback", "Media"]) {
      await expect(page.getByRole("heading", { level: 3, name: category, exact: true })).toBeVisible();
    }
    for (const name of ["Button", "Text input", "Table", "Modal", "Progress bar"]) {
      await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(/^No components yet/)).toBeVisible();

    // A main component saved in the editor (through its API here), then renamed and deleted in the library.
    const saved = await page.request.post("/api/wireframes/components", {
      data: {
        name: "Promo banner",
        definition: {
          schemaVersion: 1,
          width: 320,
          height: 80,
          elements: {
            bg: {
              id: "bg",
              type: "rectangle",
              screenId: "",
              parentId: null,
              order: "a0",
              name: "Background",
              x: 0,
              y: 0,
              width: 320,
              height: 80,
              fill: "#e0e7ff",
              stroke: null,
              strokeWidth: 0,
              radius: 8,
              opacity: 1,
              locked: false,
              hidden: false,
            },
          },
        },
      },
    });
    expect(saved.status()).toBe(201);
    await page.goto("/wireframes/library");
    const own = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });
    await own("Promo banner").locator("summary", { hasText: "Rename" }).click();
    await own("Promo banner").getByLabel("New name").fill("Sale banner");
    await own("Promo banner").getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Component renamed")).toBeVisible();
    await own("Sale banner").locator("summary", { hasText: "Delete" }).click();
    await expect(own("Sale banner").getByText(/keep their look, as plain groups/)).toBeVisible();
    await own("Sale banner").getByRole("button", { name: "Yes, delete “Sale banner”" }).click();
    await expect(page.getByText("Component deleted")).toBeVisible();
    await expect(page.getByText(/^No components yet/)).toBeVisible();
    await expectFitsPhone(page, "/wireframes/library");
  });
});

test.describe("wireframes pages with JavaScript", () => {
  test("creating a wireframe lands in the editor; every page passes axe", async ({ page, browser }) => {
    // Seven pages, each checked by axe, and a second browser without JavaScript.
    test.slow();
    await signUpAndVerify(page, { fullName: "Jo Script" });
    await page.goto("/wireframes");
    await expect(page.getByRole("heading", { name: "No wireframes yet" })).toBeVisible();
    await expectNoA11yViolations(page);
    await createProject(page, "App");
    await page.goto("/wireframes");
    await page.getByRole("link", { name: "New wireframe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New wireframe" })).toBeVisible();
    // The browser's copy of the rules answers at once, without a round trip.
    await page.getByRole("radio", { name: "Custom size" }).check();
    await page.getByRole("button", { name: "Create wireframe" }).click();
    await expect(page.getByText("Give the wireframe a name.")).toBeVisible();
    await expect(page.getByText("Enter the width in pixels.")).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "App" });
    await page.getByLabel("Name", { exact: true }).fill("Home");
    await page.getByRole("radio", { name: "Tablet (834 × 1194)" }).check();
    await page.getByRole("button", { name: "Create wireframe" }).click();
    await expect(page).toHaveURL(/\/wireframes\/editor\/[0-9a-f-]{36}$/);
    const editorPath = new URL(page.url()).pathname;
    // Hydrated, the editor replaces the read-only screens.
    await expect(page.getByText("The wireframe editor needs JavaScript.")).toHaveCount(0);

    // The list, with a rename panel and a delete question open.
    await page.goto("/wireframes");
    await expect(card(page, "Home").getByText("App · 1 screen", { exact: true })).toBeVisible();
    await card(page, "Home").locator("summary", { hasText: "Rename" }).click();
    await expect(card(page, "Home").getByLabel("New name")).toBeFocused();
    await card(page, "Home").getByLabel("New name").press("Escape");
    await card(page, "Home").locator("summary", { hasText: "Delete" }).click();
    await expect(card(page, "Home").getByRole("button", { name: "Yes, delete “Home”" })).toBeFocused();
    await expectNoA11yViolations(page);
    await page.keyboard.press("Escape");
    await card(page, "Home").getByRole("button", { name: "Duplicate Home" }).click();
    await expect(page.getByText("Wireframe duplicated")).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 3 })).toHaveText(["Home (copy)", "Home"]);

    await page.goto("/wireframes/templates");
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 2, name: "Sign in", exact: true }) })
      .getByText("Use template")
      .click();
    await expectNoA11yViolations(page);
    await page.goto("/wireframes/library");
    await expectNoA11yViolations(page);
    await page.goto("/wireframes");
    await card(page, "Home").getByRole("link", { name: "App" }).click();
    await expect(page.getByRole("link", { name: "← App" })).toBeVisible();
    await expectNoA11yViolations(page);

    // The editor page as it is before its scripts run (they are held back here): the read-only screens.
    const context = await browser.newContext({ storageState: await page.context().storageState() });
    const plain = await context.newPage();
    await plain.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await plain.goto(editorPath);
    await expect(plain.getByText("The wireframe editor needs JavaScript.")).toBeVisible();
    await expect(plain.getByRole("img", { name: "Screen 1: Screen 1" })).toBeVisible();
    await expectNoA11yViolations(plain, { exclude: ["#app-start-failed"] });
    await context.close();
  });
});
