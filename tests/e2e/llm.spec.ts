/**
 * The optional language model (issue 10) end to end: an app started with LLM_BASE_URL,
 * LLM_API_KEY and LLM_MODEL pointed at the local chat-completions server (tests/support/
 * llm-server.ts), both started here (ports base+6 and base+7), so the stack's own app keeps
 * running without them.
 * Covers the project summary, "Ask about this project" with JavaScript on and off (and a
 * failing model), the workspace's card-title setting, and the app without the variables
 * showing none of it.
 */
import { rmSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { signUpAndVerify } from "../support/auth-helpers";
import { addCard, createProject } from "../support/board-helpers";
import { adminEmail, basePort, buildDir, ports as e2ePorts, smtpURL } from "../support/e2e-config";
import { baseURL, expect, expectNoA11yViolations, test, uniqueEmail } from "../support/e2e";
import { LocalLlmServer } from "../support/llm-server";
import { startBuiltServer, type ServerProcess } from "../support/server-process";

// This run's ports base+6 (the local chat-completions server) and base+7 (the app configured for it).
const ports = { llm: e2ePorts.llm, llmApp: e2ePorts.llmApp };
const llmAppURL = `http://localhost:${ports.llmApp}`;
const llm = new LocalLlmServer(ports.llm);
let app: ServerProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A second app server starts here and migrates a fresh embedded database: on a busy
  // machine that alone can take most of a minute (the stack's own servers get 240 s).
  test.setTimeout(180_000);
  await llm.start();
  app = await startBuiltServer({
    buildDir,
    port: ports.llmApp,
    env: {
      APP_URL: llmAppURL,
      SESSION_SECRET: "e2e-session-secret-llm",
      SMTP_URL: smtpURL,
      MAIL_FROM: "Atelier <no-reply@atelier.test>",
      ADMIN_EMAILS: adminEmail,
      RATE_LIMIT_SIGNIN_PER_IP: "10000",
      RATE_LIMIT_SIGNUP_PER_IP: "10000",
      RATE_LIMIT_RESET_PER_IP: "10000",
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: "e2e-llm-key",
      LLM_MODEL: "local-model",
      LLM_TIMEOUT_MS: "2000",
    },
  });
  await app.waitForOutput(/Atelier listening/);
});

test.afterAll(async () => {
  if (app) {
    await app.stop();
    rmSync(app.dataDir, { recursive: true, force: true });
  }
  await llm.close();
});

/** A new owner on `origin` with a project "Launch" holding two cards; returns the project's id. */
async function ownerWithProject(page: Page, origin: string) {
  await signUpAndVerify(page, { email: uniqueEmail("llm"), origin, fullName: "Lee Lead" });
  const board = await createProject(page, "Launch");
  await addCard(page, "To do", "Fix the login bug");
  await addCard(page, "To do", "Write the changelog");
  return new URL(board).pathname.split("/").pop()!;
}

async function withoutJs(browser: Browser, page: Page) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL: llmAppURL,
  });
  return context.newPage();
}

test.describe("with a language model configured", () => {
  test.use({ baseURL: llmAppURL });

  test("the project's summary, and 'Ask about this project' with JavaScript on and off", async ({ page, browser }) => {
    const projectId = await ownerWithProject(page, llmAppURL);
    await page.goto(`/analytics?project=${projectId}`);
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.getByText("Local model summary: the team completed 0 cards in this range.")).toBeVisible();
    await expect(summary.getByText("Written by a language model from the numbers on this page.")).toBeVisible();
    // The model was sent numbers, not the card titles (the workspace has not allowed them).
    const sent = JSON.stringify(llm.requests.map((r) => r.messages));
    expect(sent).toContain('\\"completed\\":0');
    expect(sent).not.toContain("Fix the login bug");
    expect(sent).not.toContain("oldestInProgress");

    // JavaScript on: the question becomes the board's filter, shown with the matching cards.
    const ask = page.getByRole("region", { name: "Ask about this project" });
    await ask.getByLabel("Question").fill('Which cards mention "login"?');
    await ask.getByRole("button", { name: "Ask" }).click();
    await expect(ask.getByText("Filter: Title contains “login”")).toBeVisible();
    await expect(ask.getByRole("list", { name: "Matching cards" }).getByRole("link")).toHaveText(["#1 Fix the login bug"]);
    await expectNoA11yViolations(page);
    await ask.getByRole("link", { name: "Open the filtered board (1 card)" }).click();
    await expect(page).toHaveURL(`${llmAppURL}/projects/${projectId}?q=login`);
    await expect(page.getByRole("link", { name: /Fix the login bug/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Write the changelog/ })).toHaveCount(0);

    // A failing model (429): a message and the board, never an error page.
    await page.goto(`/analytics?project=${projectId}`);
    llm.failNext("429");
    await ask.getByLabel("Question").fill("Which cards are urgent?");
    await ask.getByRole("button", { name: "Ask" }).click();
    await expect(ask.getByText(/did not give a usable answer just now/)).toBeVisible();
    await expect(ask.getByRole("link", { name: "Open the board" })).toHaveAttribute("href", `/projects/${projectId}`);

    // JavaScript off: the same form posts and the page answers.
    const plain = await withoutJs(browser, page);
    await plain.goto(`/analytics?project=${projectId}`);
    await plain.getByLabel("Question").fill("What is unassigned?");
    await plain.getByRole("button", { name: "Ask" }).click();
    const answered = plain.getByRole("region", { name: "Ask about this project" });
    await expect(answered.getByText("Filter: Unassigned")).toBeVisible();
    await expect(answered.getByRole("list", { name: "Matching cards" }).getByRole("link")).toHaveText([
      "#1 Fix the login bug",
      "#2 Write the changelog",
    ]);
    await expect(plain.getByRole("region", { name: "Summary" })).toBeVisible();
    // An empty question: the field's message, without JavaScript too.
    await plain.getByLabel("Question").fill("");
    await plain.getByRole("button", { name: "Ask" }).click();
    await expect(plain.getByText("Type a question, for example: which urgent cards are overdue?")).toBeVisible();
    await plain.context().close();
  });

  test("a failing model leaves the summary in the rule engine's words", async ({ page }) => {
    const projectId = await ownerWithProject(page, llmAppURL);
    llm.failNext("malformed");
    await page.goto(`/analytics?project=${projectId}&from=2026-01-05`);
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.getByText(/^0 cards were completed in this range/)).toBeVisible();
    await expect(summary.getByText("Written from the numbers on this page (the language model did not answer).")).toBeVisible();
  });

  test("on a phone in dark mode: the summary and an answer fit 390 px and stay accessible", async ({ page }) => {
    const projectId = await ownerWithProject(page, llmAppURL);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`/analytics?project=${projectId}`);
    const ask = page.getByRole("region", { name: "Ask about this project" });
    await ask.getByLabel("Question").fill("What is unassigned?");
    await ask.getByRole("button", { name: "Ask" }).click();
    await expect(ask.getByText("Filter: Unassigned")).toBeVisible();
    await ask.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);
    await page.screenshot({ path: `/tmp/atelier-e2e-${basePort}/llm-phone-dark.png` });
  });

  test("owners allow card titles for the model in /settings, with JavaScript on and off", async ({ page, browser }) => {
    const projectId = await ownerWithProject(page, llmAppURL);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Language model" });
    const box = section.getByLabel("Allow card titles to be sent to the language model");
    await expect(box).not.toBeChecked();
    await box.check();
    await section.getByRole("button", { name: "Save language model setting" }).click();
    await expect(page.getByText("Language model setting saved")).toBeVisible();
    await expect(box).toBeChecked();

    // Now the summary's facts carry the title lists (empty here: no card has started or finished;
    // app/.server/llm/llm.test.ts checks the titles themselves).
    const before = llm.requests.length;
    await page.goto(`/analytics?project=${projectId}&to=2026-12-31`);
    await expect(page.getByRole("region", { name: "Summary" })).toBeVisible();
    const facts = JSON.stringify(llm.requests.slice(before).map((r) => r.messages));
    expect(facts).toContain('\\"oldestInProgress\\":[]');
    expect(facts).toContain('\\"recentlyCompleted\\":[]');

    const plain = await withoutJs(browser, page);
    await plain.goto("/settings");
    const plainBox = plain.getByLabel("Allow card titles to be sent to the language model");
    await expect(plainBox).toBeChecked();
    await plainBox.uncheck();
    await plain.getByRole("button", { name: "Save language model setting" }).click();
    await expect(plain.getByLabel("Allow card titles to be sent to the language model")).not.toBeChecked();
    await plain.context().close();
  });
});

test("without the LLM variables: no summary, no ask, no setting, nothing sent", async ({ page }) => {
  const before = llm.requests.length;
  const projectId = await ownerWithProject(page, baseURL);
  await page.goto(`${baseURL}/analytics?project=${projectId}`);
  await expect(page.getByRole("heading", { name: /^Launch:/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Summary" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Ask about this project" })).toHaveCount(0);
  await expect(page.getByLabel("Question")).toHaveCount(0);
  await page.goto(`${baseURL}/settings`);
  await expect(page.getByRole("heading", { name: "E-mail notifications" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Language model" })).toHaveCount(0);
  // The weekly digest is one of the e-mail choices either way.
  await expect(page.getByLabel("Weekly digest: completed, started, overdue, insights, forecasts")).toHaveValue("digest");
  expect(llm.requests.length).toBe(before);
});
