import { configDefaults, defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Separate from vite.config.ts: the Remix plugin must not run under Vitest.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/api/**/*.test.ts"],
    // A file about one database's own behaviour is named for it (`*.postgres.test.ts`,
    // `*.pglite.test.ts`) and runs in that database's pass only; a single test or suite of
    // that kind inside another file uses describeOn/itOn (tests/support/database-kind.ts).
    exclude: [...configDefaults.exclude, process.env.DATABASE_URL ? "**/*.pglite.test.ts" : "**/*.postgres.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/vitest-global.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    pool: "forks",
    // A worker runs its files one after another in one module registry instead of
    // importing the app afresh for each of them: half the CPU time of a run (docs/
    // decisions/019-ci-time-budget.md). Each file still gets a database of its own, opened
    // at its first query and closed after it (tests/support/vitest-setup.ts).
    isolate: false,
    // Files run side by side, each with a database of its own: an in-memory PGlite per
    // file, or on Postgres one database per worker (tests/support/vitest-global.ts).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
