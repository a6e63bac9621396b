import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/**
 * Creating an in-memory PGlite runs initdb (about 3 s). Once per test run, make a
 * migrated database and dump it; every test file then loads that snapshot (about
 * 0.5 s) instead. The app's migrator still runs and finds nothing to do, so a broken
 * migration fails as it would in production. Postgres runs (DATABASE_URL) skip this.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const dir = path.resolve("app/.server/db/migrations");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const hash = createHash("sha256");
  for (const f of files) hash.update(f).update(readFileSync(path.join(dir, f)));
  const file = path.join(os.tmpdir(), `atelier-vitest-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const db = new PGlite();
    await db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    for (const f of files) {
      await db.transaction(async (tx) => {
        await tx.exec(readFileSync(path.join(dir, f), "utf8"));
        await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [f.replace(/\.sql$/, "")]);
      });
    }
    await db.exec("ANALYZE");
    const dump = await db.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await db.close();
  }
  process.env.PGLITE_SNAPSHOT = file;
}
