import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/**
 * The raw driver, for what Drizzle does not cover (LISTEN/NOTIFY, migrations). Its own
 * module so that the migrator (migrate.ts), which index.ts runs, need not import index.ts.
 */
export type Driver = { kind: "pglite"; client: PGlite } | { kind: "postgres"; pool: pg.Pool; url: string };
