// Every vitest file runs against a real database: Postgres when DATABASE_URL is
// set (scripts/test-all.sh starts one), otherwise an in-memory PGlite per file.
process.env.NODE_ENV = "test";
process.env.DATA_DIR ??= "memory://";
process.env.SESSION_SECRET ??= "test-session-secret";
process.env.APP_URL ??= "http://localhost:3000";
process.env.LOG_REQUESTS = "false";
process.env.MAIL_TRANSPORT ??= "memory";
// On Postgres each worker has a database of its own (tests/support/vitest-global.ts).
if (process.env.ATELIER_TEST_DATABASE_BASE && process.env.VITEST_POOL_ID) {
  process.env.DATABASE_URL = workerDatabaseUrl(process.env.ATELIER_TEST_DATABASE_BASE, process.env.VITEST_POOL_ID);
}

import { afterAll, afterEach, vi } from "vitest";
import { workerDatabaseUrl } from "./worker-db";

// An unexpected console.error fails the test that caused it.
const errorSpy = vi.spyOn(console, "error");
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockClear();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
  }
});

// Files share a worker process (vitest.config.ts, isolate: false): each leaves nothing
// bound to its database behind (the LISTEN connection, then the database itself), and
// the next file opens its own.
afterAll(async () => {
  const { stopRealtime } = await import("~/.server/realtime");
  await stopRealtime();
  const { closeDb } = await import("~/.server/db");
  await closeDb();
});
