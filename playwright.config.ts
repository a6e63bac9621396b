import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";
import path from "node:path";
import { basePort, buildDir, mailboxURL, runDir, baseURL } from "./tests/support/e2e-config";

/**
 * End-to-end tests against the production build, on Debian's Chromium.
 * E2E_BASE_PORT (default 3300) picks this run's ports, so several runs can share a
 * machine; everything a run writes goes under /tmp/atelier-e2e-<port>/.
 * E2E_SKIP_BUILD=1 reuses the build in BUILD_DIR; E2E_DATABASE_URL runs the main app
 * on that Postgres database. E2E_IDENTITY=supabase runs only the auth specs, with the apps
 * on IDENTITY=supabase against a local Supabase Auth server. See tests/support/e2e-stack.ts.
 */
/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the "old
 * headless" build Playwright itself runs headless by default) when installed, about a third
 * less CPU per test than the full browser (decision 019); else /usr/bin/chromium.
 * E2E_CHROMIUM names another binary.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  ...(process.env.E2E_IDENTITY === "supabase" ? { testMatch: ["**/auth.spec.ts"] } : {}),
  outputDir: path.join(runDir, "test-results"),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // On CI a failed test runs once more, only to tell a flake from a steady failure:
  // scripts/test-all.sh counts a test that passed on its retry as failed, and names it
  // (decision 019).
  retries: process.env.CI ? 1 : 0,
  // The machine has two cores, shared with the app servers.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "npx tsx tests/support/e2e-stack.ts",
    url: `${mailboxURL}/__ready`,
    env: { E2E_BASE_PORT: String(basePort), BUILD_DIR: buildDir, E2E_IDENTITY: process.env.E2E_IDENTITY ?? "" },
    // Build (about 10 s, more when the cores are busy) plus two servers' migrations.
    timeout: 240_000,
    reuseExistingServer: process.env.E2E_REUSE === "1",
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
