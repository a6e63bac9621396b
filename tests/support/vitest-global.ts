import { existsSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { checksumOf, migrations, runMigrations } from "../../app/.server/db/migrate";

/**
 * Creating an in-memory PGlite runs initdb (about 3 s). Once per test run, make a
 * database migrated by the app's own migrator (names and checksums recorded as in
 * production) and dump it; every test file then loads that snapshot (about 0.5 s)
 * instead. The app's migrator still runs at each open and finds nothing to do, so a
 * broken or edited migration fails as it would in production. Postgres runs
 * (DATABASE_URL) skip this.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  const key = checksumOf(migrations.map((m) => `${m.name}:${m.checksum}`).join("\n")).slice(0, 16);
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
