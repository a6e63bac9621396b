import { createHash } from "node:crypto";
import type { Driver } from "./driver";

/**
 * Runs the SQL files in ./migrations in name order, each once, each in its own
 * transaction, recorded in schema_migrations with the SHA-256 of its text. The same code
 * serves PGlite and Postgres, so there is one migrator instead of Drizzle's two
 * driver-specific ones (docs/decisions/014-migrations-numbered-and-checksummed.md). An
 * advisory lock keeps two app processes sharing one Postgres from migrating at once.
 *
 * A migration is never edited once it has shipped: when the file of an applied migration
 * no longer matches the checksum recorded for it, start-up stops with a message naming it.
 */
const files = import.meta.glob("./migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

export type Migration = { name: string; sql: string; checksum: string };

export function checksumOf(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

export const migrations: Migration[] = Object.entries(files)
  .map(([file, sql]) => ({ name: file.replace(/^.*\//, "").replace(/\.sql$/, ""), sql, checksum: checksumOf(sql) }))
  .sort((a, b) => a.name.localeCompare(b.name));

/**
 * Migrations whose file changed after it shipped, with what is known of the earlier
 * versions. Only 0010: it was edited twice on 22 Nov 2026, the last time (commit
 * e5341ec) to add the `project_id` column of card_assignees, card_labels,
 * checklist_items and comments, which the board's queries need. A database that ran an
 * earlier version lacks those columns, so it is refused with this explanation rather
 * than accepted: it would start and then fail on the first board.
 */
export const EARLIER_VERSIONS: Record<string, { checksums: string[]; description: string; currentSchemaProbe: string }> = {
  "0010_workspaces_projects": {
    checksums: [
      "c2bf5cd021c10682453f0768a549393aabbe81ca9ce3d751b2291cc1ea41f6f5", // 62eaf73
      "35b7b5954a82bd5fd2977c567ba9627f61efc80e889b37a6dba59ac5d76788bc", // 6643cec
    ],
    description:
      "an earlier version of it (commits 62eaf73 and 6643cec, 22 Nov 2026), before card_assignees, card_labels, checklist_items and comments had their project_id column",
    // One row when the database has the current version's schema.
    currentSchemaProbe:
      "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'card_assignees' AND column_name = 'project_id'",
  },
};

/** What the migrator needs from a connection, on either driver. */
export type MigrationConnection = {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction (several statements in `exec`). */
  transaction(
    fn: (tx: { exec(sql: string): Promise<void>; query(sql: string, params?: unknown[]): Promise<void> }) => Promise<void>,
  ): Promise<void>;
};

export class MigrationChecksumError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MigrationChecksumError";
  }
}

const LOCK_ID = 727_274_001;

function short(checksum: string): string {
  return checksum.slice(0, 12);
}

function earlierVersionMessage(name: string, description: string): string {
  return (
    `Migration ${name} on this database is ${description}; this version of Atelier cannot use it. ` +
    `That version never reached a release: start from a new database (an empty DATA_DIR, or a new database for DATABASE_URL). ` +
    `See docs/decisions/014-migrations-numbered-and-checksummed.md.`
  );
}

/**
 * Records a checksum for applied migrations that have none (databases from before
 * checksums: filled once, from the file, after checking the schema where an earlier
 * version is known), then refuses a changed migration, then applies what is pending.
 */
export async function migrate(conn: MigrationConnection, list: Migration[] = migrations): Promise<void> {
  await conn.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), checksum text)",
  );
  // Databases from before checksums: the column is added once.
  const hasChecksum = await conn.query(
    "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'schema_migrations' AND column_name = 'checksum'",
  );
  if (hasChecksum.length === 0) await conn.query("ALTER TABLE schema_migrations ADD COLUMN checksum text");
  const applied = new Map(
    (await conn.query<{ name: string; checksum: string | null }>("SELECT name, checksum FROM schema_migrations")).map((r) => [
      r.name,
      r.checksum,
    ]),
  );

  for (const m of list) {
    if (!applied.has(m.name) || applied.get(m.name) !== null) continue;
    const earlier = EARLIER_VERSIONS[m.name];
    if (earlier && (await conn.query(earlier.currentSchemaProbe)).length === 0) {
      throw new MigrationChecksumError(earlierVersionMessage(m.name, earlier.description));
    }
    await conn.query("UPDATE schema_migrations SET checksum = $1 WHERE name = $2 AND checksum IS NULL", [m.checksum, m.name]);
    applied.set(m.name, m.checksum);
  }

  for (const m of list) {
    const recorded = applied.get(m.name);
    if (recorded === undefined || recorded === m.checksum) continue;
    const earlier = EARLIER_VERSIONS[m.name];
    if (earlier?.checksums.includes(recorded!)) throw new MigrationChecksumError(earlierVersionMessage(m.name, earlier.description));
    throw new MigrationChecksumError(
      `Migration ${m.name} was changed after it was applied to this database (applied ${short(recorded!)}…, the file is now ${short(m.checksum)}…). ` +
        `An applied migration is never edited: put the file back as it was and make the change in a new migration.`,
    );
  }

  for (const m of list) {
    if (applied.has(m.name)) continue;
    try {
      await conn.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [m.name, m.checksum]);
      });
    } catch (error) {
      throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** The migrator over the app's driver; on Postgres under an advisory lock. */
export async function runMigrations(driver: Driver, list: Migration[] = migrations): Promise<void> {
  if (driver.kind === "pglite") {
    const c = driver.client;
    await migrate(
      {
        query: async <T>(sql: string, params?: unknown[]) => (await c.query<T>(sql, params)).rows,
        transaction: async (fn) => {
          await c.transaction(async (tx) => {
            await fn({
              exec: async (sql) => void (await tx.exec(sql)),
              query: async (sql, params) => void (await tx.query(sql, params)),
            });
          });
        },
      },
      list,
    );
    return;
  }
  const client = await driver.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await migrate(
      {
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        transaction: async (fn) => {
          await client.query("BEGIN");
          try {
            await fn({
              exec: async (sql) => void (await client.query(sql)),
              query: async (sql, params) => void (await client.query(sql, params)),
            });
            await client.query("COMMIT");
          } catch (error) {
            await client.query("ROLLBACK");
            throw error;
          }
        },
      },
      list,
    );
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    client.release();
  }
}
