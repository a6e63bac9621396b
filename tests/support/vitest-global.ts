import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { checksumOf, migrations, runMigrations } from "../../app/.server/db/migrate";
import { workerDatabaseUrl } from "./worker-db";

/**
 * Test files run side by side (vitest.config.ts, maxWorkers), so each needs a database
 * no other file touches.
 *
 * PGlite: creating an in-memory PGlite runs initdb (about 3 s). Once per test run, make a
 * database migrated by the app's own migrator (names and checksums recorded as in
 * production) and dump it; every test file then loads that snapshot (about 0.5 s)
 * instead. The app's migrator still runs at each open and finds nothing to do, so a
 * broken or edited migration fails as it would in production. The snapshot is named by
 * what made it: the migrations, the PGlite version (another version may not read an
 * older data folder) and the migrator's source (a migrator that records its work
 * differently must not find a snapshot recorded by the old one).
 *
 * Postgres (DATABASE_URL): one database per worker, `<name>_w<N>`, made empty here;
 * tests/support/vitest-setup.ts points each worker at its own, and the app's migrator
 * migrates it at the first open.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return postgresPerWorker(process.env.DATABASE_URL);
  const key = snapshotKey();
  const file = path.join(os.tmpdir(), `atelier-vitest-pglite-${key}.tar`);
  if (!existsSync(file)) {
    const db = new PGlite({ extensions: { pg_trgm } });
    await runMigrations({ kind: "pglite", client: db });
    await db.exec("ANALYZE");
    const dump = await db.dumpDataDir("none");
    // Written under another name, then renamed: a run that stops half-way leaves no broken snapshot.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    await db.close();
  }
  process.env.PGLITE_SNAPSHOT = file;
}

/** A hash of the migrations, the PGlite version and the migrator's source. */
export function snapshotKey(): string {
  const pgliteVersion = packageVersion("@electric-sql/pglite");
  const migrator = readFileSync(fileURLToPath(new URL("../../app/.server/db/migrate.ts", import.meta.url)), "utf8");
  const parts = [`pglite:${pgliteVersion}`, `migrator:${checksumOf(migrator)}`, ...migrations.map((m) => `${m.name}:${m.checksum}`)];
  return checksumOf(parts.join("\n")).slice(0, 16);
}

/** The installed version of a package whose exports do not include its package.json. */
function packageVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json of ${name} not found`);
    dir = parent;
  }
}

async function postgresPerWorker(base: string) {
  const workers = Number(process.env.VITEST_MAX_WORKERS ?? 2);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let w = 1; w <= workers; w++) {
      const name = new URL(workerDatabaseUrl(base, w)).pathname.slice(1);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  process.env.ATELIER_TEST_DATABASE_BASE = base;
}
