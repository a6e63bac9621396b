import type { Driver } from "./index";

/**
 * Runs the SQL files in ./migrations in name order, each once, each in its own
 * transaction, recorded in schema_migrations. The same code serves PGlite and
 * Postgres, so there is one migrator instead of Drizzle's two driver-specific ones
 * (docs/decisions/002-sql-migrations.md). An advisory lock keeps two app
 * processes sharing one Postgres from migrating at the same time.
 */
const files = import.meta.glob("./migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

export const migrations = Object.entries(files)
  .map(([file, sql]) => ({ name: file.replace(/^.*\//, "").replace(/\.sql$/, ""), sql }))
  .sort((a, b) => a.name.localeCompare(b.name));

const LOCK_ID = 727_274_001;

export async function runMigrations(driver: Driver): Promise<void> {
  if (driver.kind === "pglite") {
    const c = driver.client;
    await c.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    const done = new Set((await c.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name));
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await c.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [m.name]);
      });
    }
    return;
  }
  const client = await driver.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await client.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name));
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query("INSERT INTO schema_migrations (name) VALUES ($1)", [m.name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    client.release();
  }
}
