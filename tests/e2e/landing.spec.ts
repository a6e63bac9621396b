import { signUpAndVerify } from "../support/auth-helpers";
import { expect, expectNoA11yViolations, isHydrated, test, waitForHydration } from "../support/e2e";

test.describe("landing page", () => {
  test("navigation, calls to action, status dots and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // Both status checks answered ok: two green dots.
    const status = page.getByRole("list", { name: "System status" });
    await expect(status.getByText("API System Operational")).toBeVisible();
    await expect(status.getByText("Gateway Active")).toBeVisible();
    await expect(status.locator('[data-status="ok"]')).toHaveCount(2);

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    // New visitors are asked to create an account; both are the /auth route of the spec.
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth?mode=signup");
    await expect(page.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/auth?mode=signup");
    await expect(page.getByRole("link", { name: "Start Your Free Trial" })).toHaveAttribute("href", "/auth?mode=signup");
    await expect(page.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", /^mailto:/);

    for (const [name, id] of [
      ["Features", "features"],
      ["Pricing", "pricing"],
      ["About", "about"],
    ] as const) {
      await header.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`section#${id}`)).toBeInViewport();
    }

    await page.getByRole("link", { name: "Watch Demo" }).click();
    await expect(page.locator("section#demo")).toBeInViewport();

    await expect(page.getByRole("heading", { name: "Trusted by Modern Teams" })).toBeVisible();
    await expect(page.locator("section#features li")).toHaveCount(6);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("© 2024 Atelier")).toBeVisible();
    await footer.getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { name: "Privacy", level: 1 })).toBeVisible();
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
    await expect(page.getByRole("heading", { name: "Terms", level: 1 })).toBeVisible();
  });

  test("the Sign In button leads to the sign-in form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  });

  test("Start Free Trial leads to the sign-up form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Start Free Trial" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  });

  test("a failing check turns its dot red", async ({ page }) => {
    await page.route("**/api/kong/status", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"status":"error"}' }),
    );
    await page.goto("/");
    const status = page.getByRole("list", { name: "System status" });
    await expect(status.locator('[data-status="down"]')).toHaveCount(1);
    await expect(status.getByText("Down", { exact: true })).toBeVisible();
    await expect(status.getByText("API System Operational")).toBeVisible();
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expectNoA11yViolations(page);
    // Lighthouse checks the phone layout: colour contrast there too.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoA11yViolations(page);
    await page.goto("/privacy");
    await expectNoA11yViolations(page);
  });

  test("its endless animations run on the compositor: opacity and transform only", async ({ page }) => {
    // The demo's step highlight once animated its background colour and shadow: the main
    // thread restyled and repainted it every frame, which Lighthouse's phone counted as
    // blocking time (npm run bench:lighthouse). Opacity and transform need no main thread.
    await page.goto("/");
    const animated = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => !Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .flatMap((a) => (a.effect as KeyframeEffect).getKeyframes().flatMap((k) => Object.keys(k)))
        .filter((p) => !["offset", "computedOffset", "easing", "composite"].includes(p)),
    );
    expect(animated.length).toBeGreaterThan(0);
    expect([...new Set(animated)].filter((p) => p !== "opacity" && p !== "transform")).toEqual([]);
  });

  test("on a phone, the section links are in a menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    // Nothing spills sideways: not the page, not the words on the demo board's cards.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const spilling = await page
      .locator(".lp-board-card")
      .evaluateAll((cards) => cards.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
    expect(spilling).toEqual([]);
    await page.getByLabel("Menu").click();
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page.locator("section#pricing")).toBeInViewport();
    // The inline script closes the menu once a section link is followed.
    await expect(page.getByRole("navigation", { name: "Sections" })).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
  });

  test("ships no framework JavaScript: no script files, one inline script with the page's CSP nonce", async ({ page }) => {
    const response = await page.goto("/");
    const csp = (await response!.allHeaders())["content-security-policy"]!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
    const inline = page.locator("script:not([src])");
    await expect(inline).toHaveCount(1);
    // The nonce attribute is hidden from the DOM once applied; its IDL property keeps it.
    expect(await inline.evaluate((s: HTMLScriptElement) => s.nonce)).toBe(nonce);
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    expect(await isHydrated(page)).toBe(false);

    // A second visit (the cached page) gets a nonce of its own, matching its own header.
    const again = await page.goto("/");
    const nonce2 = /'nonce-([^']+)'/.exec((await again!.allHeaders())["content-security-policy"]!)![1]!;
    expect(nonce2).not.toBe(nonce);
    expect(await page.locator("script:not([src])").evaluate((s: HTMLScriptElement) => s.nonce)).toBe(nonce2);
  });

  test("signed-in pages still hydrate", async ({ page }) => {
    await signUpAndVerify(page);
    await waitForHydration(page);
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server renders the status dots from its own checks", async ({ page }) => {
      await page.goto("/");
      expect(await isHydrated(page)).toBe(false);
      const status = page.getByRole("list", { name: "System status" });
      await expect(status.locator('[data-status="ok"]')).toHaveCount(2);
      await expect(status.getByText("API System Operational")).toBeVisible();
      await expect(status.getByText("Gateway Active")).toBeVisible();
      await page.getByRole("link", { name: "Start Your Free Trial" }).click();
      await expect(page).toHaveURL(/\/auth\?mode=signup$/);
    });
  });
});
