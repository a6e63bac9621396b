import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, test, waitForHydration } from "../support/e2e";

test.describe("fallback and error screens", () => {
  test("an unknown path goes to the landing page", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
    await expect(page.getByRole("link", { name: "Start Free Trial" })).toBeVisible();
  });

  test("an unknown /api path shows the API error screen with 404", async ({ page }) => {
    const response = await page.goto("/api/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "API Connection Error" })).toBeVisible();
    await expect(page.getByText("API endpoint not found")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("an API client gets problem details: 404 for an unknown /api path, 401 signed out", async ({ request }) => {
    const unknown = await request.get("/api/nope", { headers: { accept: "application/json" } });
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()["content-type"]).toContain("application/problem+json");
    expect(await unknown.json()).toMatchObject({ status: 404, code: "not_found", title: "Not found" });
    for (const path of ["/api/notifications", "/api/search?q=plan"]) {
      const refused = await request.get(path, { headers: { accept: "application/json" }, maxRedirects: 0 });
      expect(refused.status(), path).toBe(401);
      expect(await refused.json(), path).toMatchObject({ status: 401, code: "unauthenticated" });
    }
  });

  test("an /api path reached through the client router says so", async ({ page }) => {
    await page.goto("/privacy");
    await waitForHydration(page);
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate: (to: string) => void } }).__remixRouter.navigate("/api/nope"),
    );
    await expect(page.getByText("API route accessed through client router")).toBeVisible();
  });

  test("/error/api: Retry Connection reloads the page", async ({ page }) => {
    await page.goto("/error/api");
    await expect(page.getByRole("heading", { name: "API Connection Error" })).toBeVisible();
    await expect(page.getByText("Unable to connect to the backend services. Please try again.")).toBeVisible();
    await waitForHydration(page);
    const reload = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === "/error/api");
    await page.getByRole("button", { name: "Retry Connection" }).click();
    await reload;
    await expect(page.getByRole("heading", { name: "API Connection Error" })).toBeVisible();
  });

  test("signed out, a protected page sends the visitor to /", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await page.goto("/wireframes/templates");
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("/figma-callback needs no sign-in", async ({ page }) => {
    const response = await page.goto("/figma-callback?code=abc");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Figma is not connected yet" })).toBeVisible();
    await page.getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("when the app's code cannot load: 'React App Failed to Start' with a reload button", async ({ browser }) => {
    // A page of its own: the failed import is an uncaught error, which the shared page fixture would count.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route("**/assets/entry.client-*.js", (route) => route.abort());
    await page.goto("/privacy");
    const banner = page.getByRole("alert").filter({ hasText: "React App Failed to Start" });
    await expect(banner).toBeVisible();
    // The server-rendered page underneath still works as it does without JavaScript.
    await expect(page.getByRole("heading", { name: "Privacy", level: 1 })).toBeVisible();
    await page.unroute("**/assets/entry.client-*.js");
    await banner.getByRole("button", { name: "Reload Page" }).click();
    await waitForHydration(page);
    await expect(page.getByText("React App Failed to Start")).toHaveCount(0);
    await context.close();
  });

  test.describe("a post the server refuses before the app (server/request-guard.ts)", () => {
    /** Puts a plain form on the page and submits it natively (no Remix in between), as a browser would. */
    async function postForm(page: Page, form: { action: string; enctype?: string; fields: Record<string, string> }) {
      const navigation = page.waitForResponse((r) => new URL(r.url()).pathname === form.action && r.request().method() === "POST");
      await page.evaluate((f) => {
        const el = document.createElement("form");
        el.method = "post";
        el.action = f.action;
        if (f.enctype) el.enctype = f.enctype;
        for (const [name, value] of Object.entries(f.fields)) {
          const input = document.createElement("textarea");
          input.name = name;
          input.value = value;
          el.append(input);
        }
        document.body.append(el);
        el.submit();
      }, form);
      return navigation;
    }

    test("a form of the wrong kind (text/plain) gets the branded 415 page, which leads home", async ({ page }) => {
      await page.goto("/privacy");
      const response = await postForm(page, { action: "/auth", enctype: "text/plain", fields: { email: "a@b.co" } });
      expect(response.status()).toBe(415);
      await expect(page.getByRole("heading", { level: 1, name: "Unsupported request" })).toBeVisible();
      await expect(page.getByText("Error 415")).toBeVisible();
      await expect(page.getByText("This address only accepts a form submission.")).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole("link", { name: "Go Home" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
    });

    test("a form with a field over 64 KB gets the 413 page, not a crash", async ({ page }) => {
      await page.goto("/auth");
      const response = await postForm(page, {
        action: "/auth",
        fields: { intent: "signin", email: "a@b.co", password: "secret12", note: "x".repeat(100 * 1024) },
      });
      expect(response.status()).toBe(413);
      await expect(page.getByRole("heading", { level: 1, name: "Request too large" })).toBeVisible();
      await expect(page.getByText("The request is too large (more than 64 KB).")).toBeVisible();
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Retry Connection still reloads", async ({ page }) => {
      await page.goto("/error/api");
      const reload = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === "/error/api");
      await page.getByRole("button", { name: "Retry Connection" }).click();
      await reload;
      await expect(page.getByRole("heading", { name: "API Connection Error" })).toBeVisible();
    });
  });
});
