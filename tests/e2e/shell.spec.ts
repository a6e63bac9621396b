import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEFAULT_PASSWORD, signInAs, signUpAndVerify } from "../support/auth-helpers";
import { expect, expectNoA11yViolations, isHydrated, setOAuthIdentity, test, uniqueEmail, waitForHydration } from "../support/e2e";

const sidebar = (page: Page) => page.locator("#app-sidebar");
const mainNav = (page: Page) => sidebar(page).getByRole("navigation", { name: "Main" });

/** Opens each header menu on a phone and checks its panel lies wholly on the screen. */
async function expectMenusOnScreen(page: Page) {
  const width = page.viewportSize()!.width;
  const menus: [string, (p: Page) => ReturnType<Page["getByLabel"]>, string][] = [
    ["notifications", (p) => p.getByLabel("Notifications", { exact: true }), "Notifications"],
    ["help", (p) => p.getByLabel("Help"), "Keyboard shortcuts"],
    ["user menu", (p) => p.getByRole("banner").locator("summary").last(), "Sign out"],
  ];
  for (const [name, open, line] of menus) {
    await open(page).click();
    const panel = page.locator("details[open] [data-dropdown-panel]");
    await expect(panel.getByText(line, { exact: true })).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(width);
    const text = (await panel.getByText(line, { exact: true }).boundingBox())!;
    expect(text.x, `${name}: "${line}"`).toBeGreaterThanOrEqual(0);
    await open(page).click();
    await expect(panel).toHaveCount(0);
  }
}

/** axe's best-practice landmark rules (not among the WCAG tags expectNoA11yViolations runs). */
async function expectUniqueLandmarks(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withRules(["landmark-unique", "landmark-no-duplicate-banner", "landmark-no-duplicate-main"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.describe("signed-in shell", () => {
  test("sidebar, toasts, search, notifications, help and user menu", async ({ page }) => {
    const account = await signUpAndVerify(page, { fullName: "Ada Lovelace" });
    await waitForHydration(page);

    // The flash toast of the verification, then dismissed.
    const toasts = page.getByRole("region", { name: "Messages" });
    await expect(toasts.getByText("Email verified")).toBeVisible();
    await toasts.getByRole("button", { name: "Dismiss message" }).click();
    await expect(toasts.getByText("Email verified")).toHaveCount(0);

    await expect(page).toHaveTitle("Dashboard · Atelier");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    // Every item of the spec, in order, the current one marked.
    const links = mainNav(page).getByRole("link");
    await expect(links).toHaveText(["Dashboard", "Projects", "Wireframes", "Design System", "Analytics", "Team", "Settings"]);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs).toEqual(["/dashboard", "/projects", "/wireframes", "/design", "/analytics", "/team", "/settings"]);
    await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await mainNav(page).getByRole("link", { name: "Wireframes" }).click();
    await expect(page.getByRole("heading", { name: "Wireframes", level: 1 })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Wireframes" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "Templates" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
    await expect(mainNav(page).getByRole("link", { name: "Wireframes" })).toHaveAttribute("aria-current", "page");

    // 'All Systems Operational' and the header's search box.
    await expect(page.getByText("All Systems Operational")).toBeVisible();
    const search = page.getByRole("banner").getByRole("searchbox", { name: "Search everything" });
    await search.fill("roadmap");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=roadmap$/);
    await expect(search).toHaveValue("roadmap");

    // Notifications: a new user has none (no badge, an empty list), Escape closes, View All.
    const bell = page.getByLabel("Notifications", { exact: true });
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
    await bell.click();
    const panel = page.locator("details[open] [data-dropdown-panel]");
    await expect(panel.getByText("You are all caught up.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(bell).toBeFocused();
    await bell.click();
    await page.getByRole("link", { name: "View All Notifications" }).click();
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expect(page.locator("details[open]")).toHaveCount(0);

    // Help: the shortcuts it lists work.
    await page.getByLabel("Help").click();
    await expect(page.getByText("Keyboard shortcuts")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.keyboard.press("/");
    await expect(page.getByRole("searchbox", { name: "Search projects" }).and(page.locator(":focus"))).toHaveCount(1);

    // The user menu: avatar initials, name, role, links, sign-out.
    await expect(page.getByTestId("avatar-initials").first()).toHaveText(account.email.slice(0, 2).toUpperCase());
    await expect(page.getByTestId("user-name")).toHaveText("Ada Lovelace");
    // A new account owns its first workspace ('Member' is the fallback when there is no role).
    await expect(page.getByTestId("user-role")).toHaveText("Owner");
    await page.getByTestId("user-name").click();
    const menu = page.locator("details[open] [data-dropdown-panel]");
    for (const [name, href] of [
      ["Profile", "/profile"],
      ["Settings", "/settings"],
      ["Billing", "/billing"],
    ]) {
      await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await menu.getByRole("link", { name: "Profile" }).click();
    await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();

    // A signed-in visitor of / goes to /dashboard.
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByTestId("user-name").click();
    await page.locator("details[open]").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await page.goto("/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("the sidebar collapses at once and stays collapsed", async ({ page }) => {
    await signUpAndVerify(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
    await expect(page.getByRole("button", { name: "Expand sidebar" })).toHaveAttribute("aria-expanded", "false");
    // Labels stay for screen readers.
    await expect(mainNav(page).getByRole("link", { name: "Projects" })).toBeVisible();
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");
  });

  test("on a phone the sidebar is a drawer: focus kept inside, Escape closes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpAndVerify(page);
    await waitForHydration(page);
    await expect(sidebar(page)).toBeHidden();
    const open = page.getByRole("link", { name: "Open navigation" });
    await open.click();
    await expect(sidebar(page)).toBeVisible();
    await expect(open).toHaveAttribute("aria-expanded", "true");
    // Tab from the last item comes back to the first one.
    await sidebar(page).getByRole("button", { name: "Sign out" }).focus();
    await page.keyboard.press("Tab");
    expect(await sidebar(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(sidebar(page)).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await mainNav(page).getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
  });

  test("a user without a name: the e-mail's local part", async ({ page }) => {
    const email = uniqueEmail("nameless");
    await setOAuthIdentity("github", { id: `gh-${email}`, email, name: "" }, page);
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with GitHub" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await expect(page.getByTestId("user-name")).toHaveText(email.split("@")[0]!);
  });

  test("the dashboard has no accessibility violations", async ({ page }) => {
    await signUpAndVerify(page);
    await waitForHydration(page);
    // Not while the verification toast is still fading in.
    await page.getByRole("button", { name: "Dismiss message" }).click();
    await expect(page.getByRole("button", { name: "Dismiss message" })).toHaveCount(0);
    await expectNoA11yViolations(page);
    // The sidebar's and the header's search forms are two search landmarks with their own names.
    await expect(page.getByRole("search", { name: "Workspace search", exact: true })).toBeVisible();
    await expect(page.getByRole("search", { name: "Project search (sidebar)" })).toBeVisible();
    await expectUniqueLandmarks(page);
    await page.getByLabel("Notifications", { exact: true }).click();
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    await expectNoA11yViolations(page);
    await expectUniqueLandmarks(page);
    await page.goto("/projects?menu=open");
    await expectNoA11yViolations(page);
    await expectUniqueLandmarks(page);
  });

  test("on a phone the header's menus open on the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpAndVerify(page);
    await waitForHydration(page);
    await expectMenusOnScreen(page);
  });

  test("every screen's title has the same look", async ({ page }) => {
    await signUpAndVerify(page);
    const looks: Record<string, string> = {};
    for (const [path, name] of [
      ["/team", "Team"],
      ["/dashboard", "Dashboard"],
      ["/billing", "Billing"],
      ["/wireframes", "Wireframes"],
      ["/notifications", "Notifications"],
    ] as const) {
      await page.goto(path);
      const h1 = page.getByRole("heading", { level: 1, name });
      await expect(h1).toBeVisible();
      looks[path] = await h1.evaluate((el) => `${getComputedStyle(el).fontSize} ${getComputedStyle(el).fontWeight}`);
    }
    const team = looks["/team"];
    expect(looks).toEqual({ "/team": team, "/dashboard": team, "/billing": team, "/wireframes": team, "/notifications": team });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("collapse, drawer, menus and sign-out work as plain HTML", async ({ browser }) => {
      // Make the account with JavaScript (the verification page's form), then sign in without.
      const setup = await browser.newPage({ javaScriptEnabled: true });
      const account = await signUpAndVerify(setup);
      await setup.close();

      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await signInAs(page, account.email, DEFAULT_PASSWORD);
      expect(await isHydrated(page)).toBe(false);
      // The flash toast is in the server's HTML.
      await expect(page.getByRole("region", { name: "Messages" }).getByText("Successfully signed in!")).toBeVisible();

      await page.getByRole("button", { name: "Collapse sidebar" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(sidebar(page)).toHaveAttribute("data-collapsed", "true");
      await page.getByRole("button", { name: "Expand sidebar" }).click();
      await expect(sidebar(page)).toHaveAttribute("data-collapsed", "false");

      await page.getByLabel("Notifications", { exact: true }).click();
      await expect(page.getByRole("link", { name: "View All Notifications" })).toBeVisible();

      await page.getByLabel("Notifications", { exact: true }).click();
      await expect(page.getByRole("link", { name: "View All Notifications" })).toBeHidden();

      await page.setViewportSize({ width: 390, height: 844 });
      await expectMenusOnScreen(page);
      await page.getByRole("link", { name: "Open navigation" }).click();
      await expect(page).toHaveURL(/\?menu=open$/);
      await expect(sidebar(page)).toBeVisible();
      await page.getByRole("link", { name: "Close navigation" }).click();
      await expect(sidebar(page)).toBeHidden();

      await page.setViewportSize({ width: 1280, height: 800 });
      await sidebar(page).getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await context.close();
    });
  });
});
