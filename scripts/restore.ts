/**
 * npm run restore -- FILE [--force] — brings back a backup written by npm run backup
 * (scripts/backup.ts) into DATA_DIR (the embedded database) or the database of
 * DATABASE_URL, whichever the environment (or .env) names.
 *
 * Before writing anything it checks the file: its manifest's format, and that every
 * migration the backed-up database had is one this version of Atelier knows, with the same
 * checksum (a backup from a newer version, or of a changed migration, is refused: the
 * server would refuse to start on it). The target must be empty — DATA_DIR missing or
 * without files, or a database without tables — unless --force, which replaces what is
 * there (never while a server holds the embedded folder). Migrations newer than the backup
 * are applied by the server when it starts, as after any upgrade.
 *
 *   - An embedded backup goes into DATA_DIR only (PGlite's data folder, as it was, and
 *     DATA_DIR's other files such as the session secret).
 *   - A pg_dump backup goes into DATABASE_URL through psql.
 *   - A logical backup goes into either: the migrations it names, then its rows.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { unzipSync } from "fflate";
import pg from "pg";
import { claimDataDir } from "../app/.server/db/data-dir-lock";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Manifest, appMigrations, findPgTool, logicalImport, pgSql, pgliteSql } from "./backup";

export type RestoreOptions = { file: string; databaseUrl?: string; dataDir: string; force?: boolean; log?: (line: string) => void };

/** The archive's files and its manifest, checked against this version of the app. */
export function readBackup(file: string): { manifest: Manifest; files: Record<string, Uint8Array> } {
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(readFileSync(file));
  } catch {
    throw new Error(`${file} is not an Atelier backup (not a zip archive).`);
  }
  const raw = files["manifest.json"];
  if (!raw) throw new Error(`${file} is not an Atelier backup (no manifest.json).`);
  const manifest = JSON.parse(new TextDecoder().decode(raw)) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not an Atelier backup (format ${String(manifest.format)}).`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new Error(`${file} was written by a newer Atelier (backup format ${manifest.formatVersion}); restore it with that version.`);
  }
  const known = new Map(appMigrations().map((m) => [m.name, m.checksum]));
  for (const m of manifest.migrations) {
    const ours = known.get(m.name);
    if (!ours) {
      throw new Error(
        `The backup's database has migration ${m.name}, which this version of Atelier (${manifest.appVersion} wrote it) does not have: restore it with that version or a newer one.`,
      );
    }
    if (ours !== m.checksum) {
      throw new Error(
        `Migration ${m.name} in the backup (${m.checksum.slice(0, 12)}…) differs from this version's (${ours.slice(0, 12)}…); the server would refuse this database.`,
      );
    }
  }
  if (!files[manifest.database.file] && manifest.database.method !== "logical") {
    throw new Error(`${file} is incomplete: ${manifest.database.file} is missing.`);
  }
  return { manifest, files };
}

/** Restores; answers the manifest of what was restored. */
export async function restore(opts: RestoreOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const { manifest, files } = readBackup(opts.file);
  log(`backup of ${manifest.createdAt} (Atelier ${manifest.appVersion}, ${manifest.database.kind}, ${manifest.database.method})`);
  if (opts.databaseUrl) await restorePostgres(opts, manifest, files, log);
  else await restoreEmbedded(opts, manifest, files, log);
  return manifest;
}

async function restoreEmbedded(opts: RestoreOptions, manifest: Manifest, files: Record<string, Uint8Array>, log: (l: string) => void) {
  if (manifest.database.method === "pg_dump") {
    throw new Error("This backup is a pg_dump of a Postgres database: restore it with DATABASE_URL set to an empty Postgres database.");
  }
  const dir = path.resolve(opts.dataDir);
  const present = existsSync(dir) ? readdirSync(dir) : [];
  if (present.length > 0 && !opts.force) {
    throw new Error(`${dir} (DATA_DIR) is not empty. Restore into an empty folder, or pass --force to replace what is there.`);
  }
  mkdirSync(dir, { recursive: true });
  // Claimed like a server claims it: never under a running server, even with --force.
  const release = claimDataDir(dir);
  try {
    for (const name of present) if (name !== "atelier.pid") rmSync(path.join(dir, name), { recursive: true, force: true });
    for (const f of manifest.dataDirFiles) {
      const target = path.join(dir, f);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, files[`data-dir/${f}`]!, { mode: 0o600 });
    }
    const client =
      manifest.database.method === "pglite-datadir"
        ? new PGlite(path.join(dir, "pglite"), { loadDataDir: new Blob([new Uint8Array(files[manifest.database.file]!)]) })
        : new PGlite(path.join(dir, "pglite"));
    try {
      await client.waitReady;
      if (manifest.database.method === "logical") await logicalImport(pgliteSql(client), files, manifest);
      const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations");
      log(`embedded database restored into ${dir}: ${rows[0]?.n ?? 0} migrations recorded`);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function restorePostgres(opts: RestoreOptions, manifest: Manifest, files: Record<string, Uint8Array>, log: (l: string) => void) {
  if (manifest.database.method === "pglite-datadir") {
    throw new Error("This backup is of an embedded database: restore it with DATABASE_URL unset and DATA_DIR naming an empty folder.");
  }
  const client = new pg.Client({ connectionString: opts.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()");
    if ((rows[0]?.n ?? 0) > 0) {
      if (!opts.force)
        throw new Error("The database of DATABASE_URL is not empty. Restore into an empty database, or pass --force to replace it.");
      await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
      log("emptied the database (--force)");
    }
    if (manifest.database.method === "logical") {
      await logicalImport(pgSql(client), files, manifest);
      log("logical backup loaded");
      return;
    }
  } finally {
    await client.end();
  }
  const psql = findPgTool("psql");
  if (!psql) throw new Error("psql is needed to load a pg_dump backup (apt-get install postgresql-client).");
  const r = spawnSync(psql, ["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--single-transaction", `--dbname=${opts.databaseUrl}`], {
    input: files[manifest.database.file],
    encoding: "utf8",
    maxBuffer: 2 ** 31 - 1,
  });
  if (r.status !== 0) throw new Error(`psql could not load the dump: ${r.stderr.trim()}`);
  log("pg_dump backup loaded with psql");
}

async function main() {
  const { loadDotenv } = await import("../server/dotenv");
  loadDotenv(process.cwd());
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  if (!file || args.includes("--help")) {
    console.log("usage: npm run restore -- FILE [--force]   (into DATABASE_URL, else DATA_DIR, from the environment or .env)");
    process.exit(file ? 0 : 2);
  }
  await restore({
    file,
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || "./data",
    force: args.includes("--force"),
    log: (line) => console.log(line),
  });
  console.log("Restored. Start the server (npm start): it applies any newer migrations.");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`\nRestore failed.\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
