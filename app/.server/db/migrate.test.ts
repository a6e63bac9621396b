// The migrator's checksums: recorded per migration, filled once on databases from before
// them, and an applied migration whose file changed stops start-up naming it. Each test
// migrates a scratch database of its own (a PGlite, or a schema of its own on the
// Postgres pass), never the shared test database.
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { closeScratchDatabases, pgliteScratch, scratchDatabase, type Scratch } from "../../../tests/support/scratch-db";
import { EARLIER_VERSIONS, checksumOf, migrations, runMigrations, type Migration } from "./migrate";

afterEach(closeScratchDatabases);

/** A database migrated to today's files (on PGlite the test run's migrated snapshot: no initdb). */
async function migrated(): Promise<Scratch> {
  const snapshot = process.env.PGLITE_SNAPSHOT;
  const s =
    !process.env.DATABASE_URL && snapshot
      ? pgliteScratch(new PGlite({ loadDataDir: new Blob([readFileSync(snapshot)]) }))
      : await scratchDatabase();
  await runMigrations(s.driver);
  return s;
}

const recorded = (s: Scratch) =>
  s.query<{ name: string; checksum: string | null }>("SELECT name, checksum FROM schema_migrations ORDER BY name");

const edited = (name: string): Migration[] =>
  migrations.map((m) => (m.name === name ? { ...m, sql: `${m.sql}\n-- edited\n`, checksum: checksumOf(`${m.sql}\n-- edited\n`) } : m));

describe("migrator checksums", () => {
  it("records every migration with the SHA-256 of its file", async () => {
    const s = await migrated();
    expect(await recorded(s)).toEqual(migrations.map((m) => ({ name: m.name, checksum: checksumOf(m.sql) })));
    expect(migrations.every((m) => /^[0-9a-f]{64}$/.test(m.checksum))).toBe(true);
  });

  it("a pending migration is applied and recorded with its checksum", async () => {
    const s = await migrated();
    const extra: Migration = {
      name: "9999_test_table",
      sql: "CREATE TABLE t9999 (id int);",
      checksum: checksumOf("CREATE TABLE t9999 (id int);"),
    };
    await runMigrations(s.driver, [...migrations, extra]);
    expect((await recorded(s)).at(-1)).toEqual({ name: "9999_test_table", checksum: extra.checksum });
    expect(await s.query("SELECT id FROM t9999")).toEqual([]);
  });

  it("an applied migration whose file changed stops start-up, naming it", async () => {
    const s = await migrated();
    await expect(runMigrations(s.driver, edited("0020_billing"))).rejects.toThrow(
      /^Migration 0020_billing was changed after it was applied to this database \(applied [0-9a-f]{12}…, the file is now [0-9a-f]{12}…\)/,
    );
  });

  it("nothing is applied after a refused migration", async () => {
    const s = await migrated();
    const extra: Migration = {
      name: "9999_test_table",
      sql: "CREATE TABLE t9999 (id int);",
      checksum: checksumOf("CREATE TABLE t9999 (id int);"),
    };
    await expect(runMigrations(s.driver, [...edited("0001_foundation"), extra])).rejects.toThrow(/0001_foundation was changed/);
    expect((await recorded(s)).map((r) => r.name)).not.toContain("9999_test_table");
  });

  it("a database from before checksums gets them filled once, and is checked from then on", async () => {
    const s = await migrated();
    await s.query("ALTER TABLE schema_migrations DROP COLUMN checksum");

    await runMigrations(s.driver);
    expect(await recorded(s)).toEqual(migrations.map((m) => ({ name: m.name, checksum: m.checksum })));

    await expect(runMigrations(s.driver, edited("0030_attachments"))).rejects.toThrow(/^Migration 0030_attachments was changed/);
  });

  it("a database that ran an earlier 0010 (no project_id on card_assignees) is refused with an explanation", async () => {
    const s = await migrated();
    await s.query("ALTER TABLE schema_migrations DROP COLUMN checksum");
    await s.query("ALTER TABLE card_assignees DROP COLUMN project_id");

    const failure = runMigrations(s.driver);
    await expect(failure).rejects.toThrow(/^Migration 0010_workspaces_projects on this database is an earlier version of it/);
    await expect(failure).rejects.toThrow(/start from a new database/);
  });

  it("a recorded checksum of an earlier 0010 gets the same explanation", async () => {
    const s = await migrated();
    const earlier = EARLIER_VERSIONS["0010_workspaces_projects"]!.checksums[1]!;
    await s.query(`UPDATE schema_migrations SET checksum = '${earlier}' WHERE name = '0010_workspaces_projects'`);
    await expect(runMigrations(s.driver)).rejects.toThrow(
      /^Migration 0010_workspaces_projects on this database is an earlier version of it/,
    );
  });

  it("the known earlier checksums of 0010 are not today's file", () => {
    const current = migrations.find((m) => m.name === "0010_workspaces_projects")!;
    expect(EARLIER_VERSIONS["0010_workspaces_projects"]!.checksums).not.toContain(current.checksum);
  });
});
