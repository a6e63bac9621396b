import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Driver } from "~/.server/db";

/**
 * Scratch databases for tests that migrate a database of their own (the migrator's, a
 * migration's backfill), never the shared test database: a new PGlite, or on the Postgres pass
 * a new schema of the test database. `closeScratchDatabases` (in an afterEach) closes and drops
 * every one opened since.
 */
export type Scratch = { driver: Driver; query<T>(sql: string): Promise<T[]>; close(): Promise<void> };

const opened: Scratch[] = [];

/** A PGlite (the caller's: a new one, or one loaded from a snapshot) as a scratch database. */
export function pgliteScratch(client: PGlite): Scratch {
  const s: Scratch = {
    driver: { kind: "pglite", client },
    query: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    close: () => client.close(),
  };
  opened.push(s);
  return s;
}

/** An empty database. */
export async function scratchDatabase(): Promise<Scratch> {
  if (!process.env.DATABASE_URL) return pgliteScratch(new PGlite());
  const url = process.env.DATABASE_URL;
  const name = `migrate_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${name}`, max: 2 });
  const s: Scratch = {
    driver: { kind: "postgres", pool, url },
    query: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    close: async () => {
      await pool.end();
      await admin.query(`DROP SCHEMA ${name} CASCADE`);
      await admin.end();
    },
  };
  opened.push(s);
  return s;
}

export async function closeScratchDatabases(): Promise<void> {
  for (const s of opened.splice(0)) await s.close();
}
