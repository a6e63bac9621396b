import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, ensureDb, rowsOf } from "./index";
import { migrations, runMigrations } from "./migrate";

describe("database", () => {
  it("applies every migration once and records it", async () => {
    await ensureDb();
    const result = await db().execute(sql`select name from schema_migrations order by name`);
    const rows = rowsOf<{ name: string }>(result);
    expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
  });

  it("a fresh install starts with public sign-up on", async () => {
    // A database of its own: the shared test database's flags belong to the other tests.
    const client = new PGlite();
    try {
      await runMigrations({ kind: "pglite", client });
      const { rows } = await client.query<{ enabled: boolean }>(
        "select enabled from feature_flags where name = 'auth.enable_public_signup'",
      );
      expect(rows[0]?.enabled).toBe(true);
    } finally {
      await client.close();
    }
  });
});
