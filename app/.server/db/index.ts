import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { env } from "../env";
import { claimDataDir } from "./data-dir-lock";
import type { Driver } from "./driver";
import { runMigrations } from "./migrate";
import * as schema from "./schema";

export { schema };

/** One type for both drivers, so every query module works on PGlite and on Postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type { Driver } from "./driver";

type Handle = {
  db: Db;
  driver: Driver;
  ready: Promise<void>;
  analyzeTimer?: ReturnType<typeof setInterval>;
  /** Releases DATA_DIR for the next process (the embedded database on disk only). */
  release?: () => void;
};

/** PGlite's Postgres settings for a data folder (see open()). */
export const PGLITE_CONF = ["shared_buffers=16MB"];

/**
 * A new data folder is initialised (PGlite's initdb, a WebAssembly instance of its own) in
 * a short-lived child process: the memory initdb takes is not given back, and on a first
 * start it left the server about 450 MB larger than a restart on the same folder
 * (docs/performance.md, Memory). The child only creates the cluster; this process opens it.
 */
export function createClusterInChild(dir: string): void {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const pg = new PGlite(${JSON.stringify(dir)}); await pg.waitReady; await pg.close();`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`Could not create the embedded database in ${dir}: ${child.stderr.trim()}`);
}

// One database handle per process: two PGlite instances on one folder would corrupt it.
const globalKey = Symbol.for("atelier.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Handle };
const g = globalThis as GlobalWithDb;

/** LOG_QUERIES=true: every statement the app sends, one line each (for finding how many a page runs). */
const queryLogger = { logQuery: (query: string) => console.log(`[db] ${query.replace(/\s+/g, " ").slice(0, 200)}`) };

function open(): Handle {
  const e = env();
  const logger = e.LOG_QUERIES === "true" ? queryLogger : undefined;
  let driver: Driver;
  let db: Db;
  let release: (() => void) | undefined;
  if (e.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: e.DATABASE_URL, max: 10 });
    pool.on("error", (err) => console.error("[db] idle client error", err));
    // A connection lost while checked out (Postgres restarted between two statements of a
    // transaction, a held advisory lock) emits 'error' on its client, which with no listener
    // ended the process (the soak, bench/soak.ts). Its next query fails instead, and the pool
    // drops it on release.
    pool.on("connect", (client) => client.on("error", (err) => console.error("[db] connection lost:", err.message)));
    driver = { kind: "postgres", pool, url: e.DATABASE_URL };
    db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  } else {
    let client: PGlite;
    if (e.DATA_DIR === "memory://") {
      // Tests load a migrated snapshot (tests/support/vitest-global.ts) instead of running initdb.
      const snapshot = process.env.PGLITE_SNAPSHOT;
      client =
        snapshot && existsSync(snapshot)
          ? new PGlite({ loadDataDir: new Blob([readFileSync(snapshot)]), extensions: { pg_trgm } })
          : new PGlite({ extensions: { pg_trgm } });
    } else {
      const dir = path.resolve(e.DATA_DIR, "pglite");
      mkdirSync(dir, { recursive: true });
      release = claimDataDir(path.resolve(e.DATA_DIR));
      createClusterInChild(dir);
      // Postgres's default 128 MB of shared buffers lives inside PGlite's WASM memory and is
      // all touched at start: about 120 MB of the server's resident memory for a cache the
      // operating system's page cache already provides (docs/performance.md, Memory).
      client = new PGlite(dir, { postgresqlconf: PGLITE_CONF, extensions: { pg_trgm } });
    }
    driver = { kind: "pglite", client };
    db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  }
  const handle: Handle = { db, driver, ready: runMigrations(driver), release };
  if (driver.kind === "pglite") {
    // PGlite has no autovacuum, so nothing would ever gather planner statistics:
    // analyse after start-up and then every few minutes (docs/decisions/006-pglite-analyze.md).
    const client = driver.client;
    const analyze = () =>
      client.exec("ANALYZE").then(
        () => undefined,
        () => undefined,
      );
    handle.ready = handle.ready.then(analyze);
    handle.analyzeTimer = setInterval(analyze, 5 * 60_000);
    handle.analyzeTimer.unref();
  }
  return handle;
}

function handle(): Handle {
  g[globalKey] ??= open();
  return g[globalKey]!;
}

/** The database, migrated. Await once at start-up (ensureDb) and use db() after. */
export function db(): Db {
  return handle().db;
}

export function driver(): Driver {
  return handle().driver;
}

/** `db().execute()` answers an array on node-postgres and `{ rows }` on PGlite: the rows either way. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A transaction whose handle has the same `Db` type on both drivers. */
export function transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  return db().transaction((tx) => fn(tx as unknown as Db));
}

export async function ensureDb(): Promise<Db> {
  const h = handle();
  await h.ready;
  return h.db;
}

export async function pingDb(): Promise<boolean> {
  try {
    await ensureDb();
    await db().execute(sql`select 1`);
    return true;
  } catch (error) {
    console.error("[db] ping failed", error);
    return false;
  }
}

export async function closeDb(): Promise<void> {
  const h = g[globalKey];
  if (!h) return;
  g[globalKey] = undefined;
  clearInterval(h.analyzeTimer);
  await h.ready.catch(() => {});
  if (h.driver.kind === "pglite") await h.driver.client.close();
  else await h.driver.pool.end();
  h.release?.();
}
