/**
 * What the end-to-end specs import: Playwright's test and expect, plus helpers for the
 * run's mail sink, its local OAuth2 server and accessibility checks.
 *
 *   import { test, expect, uniqueEmail, waitForMail } from "../support/e2e";
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page, type Response } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mailboxURL, oauthURL, type OAuthProvider } from "./e2e-config";

export { expect };
export { baseURL, closedBetaURL, adminEmail } from "./e2e-config";

/**
 * Playwright's test; an uncaught exception in the page fails the test that caused it.
 * With JavaScript on, `page.goto` and `page.reload` return once the Remix page has
 * hydrated, as a person's first click would come after it: a click that lands before
 * hydration reaches no React handler, which made specs flaky on a loaded machine.
 */
export const test = base.extend<{ failOnPageError: void }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const settle = async (response: Response | null) => {
        const html = (response?.headers()["content-type"] ?? "").includes("text/html");
        if (html && (await page.evaluate(() => "__remixContext" in window))) await waitForHydration(page);
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => settle(await goto(url, options));
      page.reload = async (options) => settle(await reload(options));
    }
    await use(page);
  },
  failOnPageError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.stack ?? error.message));
      await use();
      expect(errors, "uncaught exceptions in the page").toEqual([]);
    },
    { auto: true },
  ],
});

/** A fresh address on every call, so specs never share accounts: `<prefix>-<random>@atelier.test`. */
export function uniqueEmail(prefix = "user"): string {
  const slug =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "user";
  return `${slug}-${Date.now().toString(36)}${randomBytes(3).toString("hex")}@atelier.test`;
}

export type ReceivedMail = { to: string; subject: string; text: string; html: string; links: string[] };

/**
 * Waits for a mail to `to` (and whose subject contains `subject`, case-insensitive)
 * to reach the run's SMTP sink. Each mail is handed out once: the oldest matching mail
 * not yet returned, so a second call after "resend" gets the second mail.
 */
export async function waitForMail(query: { to: string; subject?: string; timeoutMs?: number }): Promise<ReceivedMail> {
  const params = new URLSearchParams({ to: query.to, timeoutMs: String(query.timeoutMs ?? 20_000) });
  if (query.subject) params.set("subject", query.subject);
  const res = await fetch(`${mailboxURL}/messages/next?${params}`);
  const body = (await res.json()) as ReceivedMail & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `mailbox answered ${res.status}`);
  return { to: body.to, subject: body.subject, text: body.text, html: body.html, links: body.links };
}

export type OAuthIdentity = { id: string | number; email: string; name: string; emailVerified?: boolean };

const oauthTags = new WeakMap<BrowserContext, string>();

/**
 * The next authorization at the local OAuth2 server for `provider` made by this test (its
 * page's browser, or a request carrying `{ tag }` as the x-e2e-oauth-tag header) signs in as
 * this identity (queued: two calls serve two authorizations in order). Without one, the
 * provider answers with a default user. `{ denied: true }` makes it answer access_denied.
 * Tagged per test, so tests running at once never take each other's identities.
 */
export async function setOAuthIdentity(
  provider: OAuthProvider,
  identity: OAuthIdentity & { denied?: boolean },
  owner: Page | { tag: string },
): Promise<void> {
  let tag: string;
  if ("tag" in owner) tag = owner.tag;
  else {
    const context = owner.context();
    tag = oauthTags.get(context) ?? randomBytes(8).toString("hex");
    if (!oauthTags.has(context)) {
      oauthTags.set(context, tag);
      await context.addCookies([{ name: "e2e_oauth_tag", value: tag, url: oauthURL }]);
    }
  }
  const res = await fetch(`${oauthURL}/__identity`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ provider, tag, ...identity }),
  });
  if (!res.ok) throw new Error(`setOAuthIdentity: ${res.status} ${await res.text()}`);
}

/** True once React has hydrated the page (root.tsx sets html[data-hydrated]). */
export async function isHydrated(page: Page): Promise<boolean> {
  return (await page.locator("html[data-hydrated]").count()) > 0;
}

/** Waits until the page has hydrated, so clicks reach React's handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Runs axe (WCAG 2 A and AA) on the page and fails with a readable list of violations. */
export async function expectNoA11yViolations(
  page: Page,
  options: { include?: string; exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  // Toasts neither fade nor slide while axe looks: one whose timer closes it during the
  // check would be half-transparent, which axe reports as low contrast.
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.id = "axe-settle";
    style.textContent = '[aria-label="Messages"] * { transition: none !important; animation: none !important; }';
    document.head.append(style);
  });
  // Let finite animations and transitions end first (a toast sliding in is
  // half-transparent, which axe would report as low contrast); spinners never end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  await page.evaluate(() => document.getElementById("axe-settle")?.remove());
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}
