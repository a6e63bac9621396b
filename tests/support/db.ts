import { sql } from "drizzle-orm";
import { db, ensureDb, rowsOf } from "~/.server/db";

/** Empties every table (keeps the migrations record) and restores default flags. */
export async function resetDb(): Promise<void> {
  await ensureDb();
  const result = await db().execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('schema_migrations', 'feature_flags')`,
  );
  const rows = rowsOf<{ tablename: string }>(result);
  if (rows.length > 0) {
    await db().execute(sql.raw(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} CASCADE`));
  }
  await db().execute(sql`update feature_flags set enabled = true where name = 'auth.enable_public_signup'`);
}
