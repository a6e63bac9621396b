/**
 * npm run backup [-- --out FILE] — one file holding everything Atelier keeps: the database
 * (card attachments included: the embedded file store keeps their bytes in it, in
 * file_blobs) and, on the embedded database, the other files of DATA_DIR (the generated
 * session secret). A zip (fflate) with a manifest.json: the format, the app's version, the
 * migrations applied to the database (name and checksum), when it was made and how.
 *
 *   - Embedded (no DATABASE_URL): PGlite's own copy of its data folder (`dumpDataDir`, a
 *     tar of the Postgres cluster), taken with the folder claimed like a server claims it,
 *     so nothing writes meanwhile: stop the server first (it says so when one is running).
 *   - DATABASE_URL: `pg_dump` (plain SQL, no owners or grants) when one is installed that
 *     can read the server; otherwise a logical export through the app's own driver (each
 *     table's rows as JSON lines, and the sequences), which restore loads into a database
 *     it migrates first. The servers may keep running: both read one consistent snapshot.
 *
 * npm run restore FILE (scripts/restore.ts) brings it back. The logic is exported for the
 * test (app/.server/db/backup.test.ts).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { zipSync } from "fflate";
import pg from "pg";
import { claimDataDir } from "../app/.server/db/data-dir-lock";

export const BACKUP_FORMAT = "atelier-backup";
export const BACKUP_FORMAT_VERSION = 1;
const projectRoot = path.resolve(import.meta.dirname, "..");
export const MIGRATIONS_DIR = path.join(projectRoot, "app/.server/db/migrations");

export type Method = "pglite-datadir" | "pg_dump" | "logical";
export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  database: { kind: "pglite" | "postgres"; method: Method; file: string; tables?: Record<string, number> };
  /** What schema_migrations held: every migration applied to the database, with its checksum. */
  migrations: { name: string; checksum: string }[];
  /** DATA_DIR's own files (embedded only), stored under data-dir/. */
  dataDirFiles: string[];
};

/** The app's migrations as the server computes them (name without .sql, SHA-256 of the text). */
export function appMigrations(dir = MIGRATIONS_DIR): { name: string; checksum: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort((a, b) => a.localeCompare(b))
    .map((f) => {
      const sql = readFileSync(path.join(dir, f), "utf8");
      return { name: f.replace(/\.sql$/, ""), checksum: createHash("sha256").update(sql, "utf8").digest("hex"), sql };
    });
}

export function appVersion(): string {
  return (JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version: string }).version;
}

/** What a driver needs to offer the logical export and import. */
export type Sql = {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
};

export function pgliteSql(client: PGlite): Sql {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    exec: async (sql) => void (await client.exec(sql)),
  };
}

export function pgSql(client: pg.Client): Sql {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    exec: async (sql) => void (await client.query(sql)),
  };
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of the current schema as JSON lines, and each sequence's position, read in one snapshot. */
export async function logicalExport(sql: Sql): Promise<{ files: Record<string, Uint8Array>; tables: Record<string, number> }> {
  const files: Record<string, Uint8Array> = {};
  const tables: Record<string, number> = {};
  await sql.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    const names = await sql.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename",
    );
    for (const { name } of names) {
      const rows = await sql.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${ident(name)} t`);
      tables[name] = rows.length;
      files[`database/tables/${name}.jsonl`] = new TextEncoder().encode(rows.map((r) => r.row + "\n").join(""));
    }
    const sequences = await sql.query<{ name: string; value: string | null; called: boolean }>(
      "SELECT sequencename AS name, last_value::text AS value, last_value IS NOT NULL AS called FROM pg_sequences WHERE schemaname = current_schema()",
    );
    files["database/sequences.json"] = new TextEncoder().encode(JSON.stringify(sequences));
  } finally {
    await sql.exec("COMMIT");
  }
  return { files, tables };
}

/**
 * Loads a logical export into an empty database: the app's migrations named in the
 * manifest first (the same files, checked by checksum), then every table's rows with
 * foreign keys and triggers off for the load, then the sequences. One transaction.
 */
export async function logicalImport(sql: Sql, files: Record<string, Uint8Array>, manifest: Manifest): Promise<void> {
  const byName = new Map(appMigrations().map((m) => [m.name, m]));
  await sql.exec("BEGIN");
  try {
    await sql.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), checksum text)",
    );
    for (const m of manifest.migrations) await sql.exec(byName.get(m.name)!.sql);
    await sql.exec("SET LOCAL session_replication_role = replica");
    // The migrations' own seed rows give way to the backup's.
    const tables = Object.keys(manifest.database.tables ?? {});
    if (tables.length) await sql.exec(`TRUNCATE ${tables.map(ident).join(", ")}`);
    for (const name of tables) {
      const text = new TextDecoder().decode(files[`database/tables/${name}.jsonl`] ?? new Uint8Array());
      const lines = text.split("\n").filter(Boolean);
      for (let i = 0; i < lines.length; i += 500) {
        const batch = `[${lines.slice(i, i + 500).join(",")}]`;
        await sql.query(`INSERT INTO ${ident(name)} SELECT * FROM json_populate_recordset(NULL::${ident(name)}, $1::json)`, [batch]);
      }
    }
    const sequences = JSON.parse(new TextDecoder().decode(files["database/sequences.json"] ?? new TextEncoder().encode("[]"))) as {
      name: string;
      value: string | null;
      called: boolean;
    }[];
    for (const s of sequences) {
      if (s.value !== null) await sql.query("SELECT setval($1::regclass, $2::bigint, true)", [ident(s.name), s.value]);
    }
    await sql.exec("COMMIT");
  } catch (error) {
    await sql.exec("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** A Postgres client program (pg_dump, psql): on PATH, else the newest in /usr/lib/postgresql/<n>/bin. */
export function findPgTool(tool: "pg_dump" | "psql"): string | undefined {
  const onPath = spawnSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", tool)))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin", tool) : undefined;
}

function dataDirFiles(dir: string, sub = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
    const rel = path.posix.join(sub, entry.name);
    if (rel === "pglite" || rel === "atelier.pid") continue;
    if (entry.isDirectory()) out.push(...dataDirFiles(dir, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

export type BackupOptions = { databaseUrl?: string; dataDir: string; out: string; log?: (line: string) => void };

/** Writes the backup file; answers its manifest. */
export async function backup(opts: BackupOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const files: Record<string, Uint8Array> = {};
  let database: Manifest["database"];
  let migrations: Manifest["migrations"] = [];
  let dataFiles: string[] = [];

  if (opts.databaseUrl) {
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      migrations = await client
        .query<{ name: string; checksum: string }>("SELECT name, checksum FROM schema_migrations ORDER BY name")
        .then((r) => r.rows);
      const pgDump = process.env.BACKUP_LOGICAL === "1" ? undefined : findPgTool("pg_dump");
      const dumped = pgDump
        ? spawnSync(pgDump, ["--format=plain", "--no-owner", "--no-privileges", `--dbname=${opts.databaseUrl}`], {
            maxBuffer: 2 ** 31 - 1,
          })
        : undefined;
      if (dumped && dumped.status === 0) {
        files["database/dump.sql"] = dumped.stdout;
        database = { kind: "postgres", method: "pg_dump", file: "database/dump.sql" };
        log(`pg_dump (${pgDump}): ${(dumped.stdout.length / 1024).toFixed(0)} KB of SQL`);
      } else {
        if (dumped)
          log(`pg_dump could not read this server (${dumped.stderr.toString().trim()}); exporting through the app's driver instead`);
        const exported = await logicalExport(pgSql(client));
        Object.assign(files, exported.files);
        database = { kind: "postgres", method: "logical", file: "database/tables/", tables: exported.tables };
        log(`logical export: ${Object.keys(exported.tables).length} tables`);
      }
    } finally {
      await client.end();
    }
  } else {
    const dir = path.resolve(opts.dataDir);
    if (!existsSync(path.join(dir, "pglite"))) throw new Error(`There is no embedded database in ${dir} (DATA_DIR).`);
    // Claimed like a server claims it: refused while a server runs on it, so the copy is consistent.
    const release = claimDataDir(dir);
    try {
      const client = new PGlite(path.join(dir, "pglite"));
      try {
        migrations = (await client.query<{ name: string; checksum: string }>("SELECT name, checksum FROM schema_migrations ORDER BY name"))
          .rows;
        const tar = await client.dumpDataDir("gzip");
        files["database/pglite.tar.gz"] = new Uint8Array(await tar.arrayBuffer());
        log(`embedded database (${dir}): ${(files["database/pglite.tar.gz"].length / 1024).toFixed(0)} KB compressed`);
      } finally {
        await client.close();
      }
      dataFiles = dataDirFiles(dir);
      for (const f of dataFiles) files[`data-dir/${f}`] = readFileSync(path.join(dir, f));
    } finally {
      release();
    }
    database = { kind: "pglite", method: "pglite-datadir", file: "database/pglite.tar.gz" };
  }

  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: appVersion(),
    createdAt: new Date().toISOString(),
    database,
    migrations,
    dataDirFiles: dataFiles,
  };
  files["manifest.json"] = new TextEncoder().encode(JSON.stringify(manifest, null, 2) + "\n");
  mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
  // Already compressed: the tarball is stored as it is.
  writeFileSync(opts.out, zipSync(files, { level: 6 }), { mode: 0o600 });
  log(`wrote ${opts.out} (${(statSync(opts.out).size / 1024).toFixed(0)} KB)`);
  return manifest;
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main() {
  const { loadDotenv } = await import("../server/dotenv");
  loadDotenv(process.cwd());
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log("usage: npm run backup [-- --out FILE]   (DATABASE_URL or DATA_DIR from the environment or .env)");
    return;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
  const out = argValue(args, "--out") ?? path.join("backups", `atelier-${stamp}.zip`);
  await backup({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || "./data",
    out,
    log: (line) => console.log(line),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`\nBackup failed.\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
