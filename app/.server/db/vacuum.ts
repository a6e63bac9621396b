import { driver } from "./index";

/**
 * The embedded database never vacuums by itself: PGlite runs one backend and no autovacuum
 * worker (`autovacuum` reads "on", yet 100,000 dead rows were still there a minute later, and
 * `last_autovacuum` stays empty). Every update and delete leaves a dead row behind (cards on each
 * move, sessions, rate-limit counters), so without this its tables and indexes only grow, and
 * no page is ever marked all-visible. The daily job (../jobs) vacuums and analyzes each table,
 * one statement per table, so other requests' queries run between them (PGlite takes one query
 * at a time). On Postgres, autovacuum does this, and this does nothing. Returns the tables vacuumed.
 */
export async function vacuumEmbedded(): Promise<string[]> {
  const d = driver();
  if (d.kind !== "pglite") return [];
  const { rows } = await d.client.query<{ name: string }>(
    "SELECT relname AS name FROM pg_stat_user_tables WHERE schemaname = 'public' ORDER BY relname",
  );
  for (const { name } of rows) await d.client.exec(`VACUUM (ANALYZE) "${name.replaceAll('"', '""')}"`);
  return rows.map((r) => r.name);
}
