import { describe, it } from "vitest";

/**
 * Tests about one database's own behaviour: a Postgres restart or a second process on one
 * server, PGlite's data folder after kill -9. The test line runs vitest on both databases
 * (scripts/test-all.sh), so each of these runs in the stage of its database and is not
 * registered in the other; it is not a skipped test, it is the other database's test. A
 * whole file of them is named for its database instead (`*.postgres.test.ts`,
 * `*.pglite.test.ts`; vitest.config.ts leaves it out of the other pass).
 *
 *   describeOn("postgres", "two servers on one database", () => { … });
 *   itOn("postgres", "waits for a sync in another process", async () => { … });
 */
export type DatabaseKind = "postgres" | "pglite";

export const databaseKind: DatabaseKind = process.env.DATABASE_URL ? "postgres" : "pglite";

export function describeOn(kind: DatabaseKind, name: string, fn: () => void): void {
  if (databaseKind === kind) describe(name, fn);
}

export function itOn(kind: DatabaseKind, name: string, fn: () => Promise<void>, timeout?: number): void {
  if (databaseKind === kind) it(name, fn, timeout);
}
