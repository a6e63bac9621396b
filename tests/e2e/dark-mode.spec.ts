import type { Page } from "@playwright/test";
import { signInAs, signUpAndVerify } from "../support/auth-helpers";
import { addCard, column, createProject } from "../support/board-helpers";
import { expect, expectNoA11yViolations, test } from "../support/e2e";

/**
 * Dark mode (issue 11): the choice in /profile is a plain form, stored per user and rendered
 * by the server on <html> (data-theme + color-scheme), so a page is dark from its first byte,
 * with or without JavaScript; System follows the device.
 */

/** The relative luminance (0 black … 1 white) of an element's computed colour property. */
async function luminance(page: Page, selector: string, property: "backgroundColor" | "color"): Promise<number> {
  return page.evaluate(
    ([sel, prop]) => {
      const el = document.querySelector(sel);
      if (!el) throw new Error(`no ${sel}`);
      // Whatever syntax the browser reports (rgb(), oklch()), a 1×1 canvas turns it into sRGB bytes.
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.fillStyle = getComputedStyle(el)[prop as "color"];
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    },
    [selector, property] as const,
  );
}

/** The page is dark: <html> says so, the page and its main heading are drawn dark and light. */
async function expectDark(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-theme", /^(dark|system)$/);
  expect(await luminance(page, "body", "backgroundColor"), `page background of ${page.url()}`).toBeLessThan(0.02);
  expect(await luminance(page, "main h1, h1", "color"), `main heading of ${page.url()}`).toBeGreaterThan(0.6);
}

async function expectLight(page: Page) {
  expect(await luminance(page, "body", "backgroundColor"), `page background of ${page.url()}`).toBeGreaterThan(0.85);
  expect(await luminance(page, "main h1, h1", "color"), `main heading of ${page.url()}`).toBeLessThan(0.05);
}

type MainPage = { name: string; url: string; ready: (page: Page) => Promise<void> };

function mainPages(boardUrl: string, cardUrl: string): MainPage[] {
  const heading =
    (name: string | RegExp, level = 1) =>
    async (page: Page) => {
      await expect(page.getByRole("heading", { level, name }).first()).toBeVisible();
    };
  return [
    { name: "dashboard", url: "/dashboard", ready: heading(/Dashboard|Welcome|Good/i) },
    { name: "board", url: boardUrl, ready: heading("Night shift") },
    { name: "card-panel", url: cardUrl, ready: heading("Moonlit card", 2) },
    { name: "wireframes", url: "/wireframes", ready: heading(/Wireframes/) },
    // A project's charts: the server-drawn SVGs (fill-* and stroke-* classes).
    {
      name: "analytics",
      url: `/analytics?project=${new URL(boardUrl, "http://x").pathname.split("/").at(-1)}`,
      ready: heading(/Analytics/),
    },
    { name: "settings", url: "/settings", ready: heading(/Settings/) },
    { name: "billing", url: "/billing", ready: heading(/Billing/) },
    { name: "profile", url: "/profile", ready: heading("Profile") },
  ];
}

test.describe("dark mode", () => {
  // Sign-up, a board and axe on eight pages: slow on a shared two-core machine.
  test.slow();

  test("Dark chosen without JavaScript: every main page is dark at once and passes axe", async ({ browser }, testInfo) => {
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const page = await plain.newPage();
    const account = await signUpAndVerify(page, { fullName: "Nina Night" });
    const boardUrl = await createProject(page, "Night shift");
    await addCard(page, "Backlog", "Moonlit card");
    await column(page, "Backlog")
      .getByRole("link", { name: /Moonlit card/ })
      .click();
    await expect(page.getByRole("heading", { level: 2, name: "Moonlit card" })).toBeVisible();
    const cardUrl = page.url();

    // The choice: a plain form in /profile, System until chosen.
    await page.goto("/profile");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    const appearance = page.getByRole("region", { name: "Appearance" });
    await expect(appearance.getByRole("radio", { name: /System/ })).toBeChecked();
    await appearance.getByRole("radio", { name: /Dark/ }).check();
    await appearance.getByRole("button", { name: "Save theme" }).click();
    await expect(page.getByText("Theme saved")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.locator("html")).toHaveAttribute("style", /color-scheme:\s*dark/);
    await expect(appearance.getByRole("radio", { name: /Dark/ })).toBeChecked();

    const pages = mainPages(boardUrl, cardUrl);
    for (const p of pages) {
      await page.goto(p.url);
      await p.ready(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expectDark(page);
    }
    await plain.close();

    // axe needs JavaScript (its timers): another browser, signed in as the same person, gets the
    // stored choice at its first page, before any script.
    const live = await browser.newContext();
    const lit = await live.newPage();
    await signInAs(lit, account.email, account.password);
    for (const p of pages) {
      await lit.goto(p.url);
      await p.ready(lit);
      await expect(lit.locator("html")).toHaveAttribute("data-theme", "dark");
      await expectDark(lit);
      await lit.screenshot({ path: testInfo.outputPath(`dark-${p.name}.png`), fullPage: true });
      await expectNoA11yViolations(lit);
    }

    // Back to Light: the same form, and the pages are light again.
    await lit.goto("/profile");
    await lit.getByRole("region", { name: "Appearance" }).getByRole("radio", { name: /Light/ }).check();
    await lit.getByRole("button", { name: "Save theme" }).click();
    await expect(lit.locator("html")).toHaveAttribute("data-theme", "light");
    await lit.goto("/dashboard");
    await expectLight(lit);
    await live.close();
  });

  test("the other pages are dark and axe-clean too (team, projects, pricing, notifications, wireframe library and templates)", async ({
    page,
  }) => {
    await signUpAndVerify(page, { fullName: "Dora Dusk" });
    await page.goto("/profile");
    await page.getByRole("region", { name: "Appearance" }).getByRole("radio", { name: /Dark/ }).check();
    await page.getByRole("button", { name: "Save theme" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await createProject(page, "Dusk");
    for (const url of ["/projects", "/team", "/pricing", "/notifications", "/wireframes/library", "/wireframes/templates"]) {
      await page.goto(url);
      await expect(page.locator("h1").first()).toBeVisible();
      await expectDark(page);
      await expectNoA11yViolations(page);
    }
  });

  test("System follows the device's setting, signed in and on the public pages", async ({ browser }, testInfo) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();

    // Signed out: the landing and sign-in pages.
    for (const url of ["/", "/auth?mode=signin", "/auth?mode=signup", "/privacy"]) {
      await page.goto(url);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
      await expectDark(page);
      await page.screenshot({ path: testInfo.outputPath(`system-dark-${url.replace(/\W+/g, "-")}.png`) });
      await expectNoA11yViolations(page);
    }

    await signUpAndVerify(page, { fullName: "Sol System" });
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    await expectDark(page);
    await expectNoA11yViolations(page);

    // The device turns light: so does the page, without a reload.
    await page.emulateMedia({ colorScheme: "light" });
    await expectLight(page);
    await expectNoA11yViolations(page);
    await context.close();
  });
});
