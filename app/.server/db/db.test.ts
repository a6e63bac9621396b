import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, ensureDb, rowsOf } from "./index";
import { migrations } from "./migrate";

describe("database", () => {
  it("applies every migration once and records it", async () => {
    await ensureDb();
    const result = await db().execute(sql`select name from schema_migrations order by name`);
    const rows = rowsOf<{ name: string }>(result);
    expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
  });

  it("starts with public sign-up on", async () => {
    await ensureDb();
    const result = await db().execute(sql`select enabled from feature_flags where name = 'auth.enable_public_signup'`);
    const rows = rowsOf<{ enabled: boolean }>(result);
    expect(rows[0]?.enabled).toBe(true);
  });
});
