import { sql } from "drizzle-orm";
import type { Insight } from "~/lib/insights";
import { dayOf } from "../analytics/days";
import { rowsOf, type Db } from "../db";
import { loadInsightData } from "./data";
import { runRules, sortInsights } from "./rules";

/**
 * The insight cache (docs/decisions/020-insight-cache.md): each project's computed insights in
 * `project_insights`, served while nothing they rest on has changed (no `insight_changes` row
 * for the project: database triggers write one for every write to the cards, columns,
 * dependencies, cycles, logs, project or team) and they were computed for the same UTC day,
 * less than INSIGHT_TTL_MS away (time alone moves some rules: staleness, due dates, forecasts).
 * In the database, so every app process shares it. The result is exactly what the rules give
 * (computeInsights): the cache only decides when to run them again.
 */
export const INSIGHT_TTL_MS = 5 * 60_000;

type CacheRow = { id: string; computed_for: string | Date | null; insights: Insight[] | string | null; dirty: boolean };

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

function fresh(row: CacheRow, now: Date): boolean {
  if (row.dirty || row.computed_for === null || row.insights === null) return false;
  const at = new Date(row.computed_for);
  return dayOf(at) === dayOf(now) && Math.abs(now.getTime() - at.getTime()) < INSIGHT_TTL_MS;
}

const parsed = (v: Insight[] | string): Insight[] => (typeof v === "string" ? (JSON.parse(v) as Insight[]) : v);

/**
 * The insights of the workspace's active projects (or of one), most severe first, as
 * computeInsights gives them: from the cache where it is fresh, the rest computed (in one
 * pass) and stored.
 */
export async function cachedInsights(tx: Db, opts: { workspaceId: string; projectId?: string; now: Date }): Promise<Insight[]> {
  const rows = rowsOf<CacheRow>(
    await tx.execute(sql`
      select p.id, c.computed_for, c.insights,
        exists (select 1 from insight_changes x where x.project_id = p.id) as dirty
      from projects p left join project_insights c on c.project_id = p.id
      where p.workspace_id = ${opts.workspaceId} and p.archived_at is null
        ${opts.projectId ? sql`and p.id = ${opts.projectId}` : sql``}`),
  );
  const out: Insight[] = [];
  const stale: string[] = [];
  for (const r of rows) {
    if (fresh(r, opts.now)) out.push(...parsed(r.insights!));
    else stale.push(r.id);
  }
  if (stale.length > 0) out.push(...(await computeAndStore(tx, opts.workspaceId, stale, opts.now)));
  return sortInsights(out);
}

/**
 * Computes the insights of `projectIds` and stores them. The changes seen before reading are
 * the ones the result accounts for, so only they are deleted; a change committed meanwhile
 * keeps its row and the next read computes again. A computation that started reading earlier
 * than the stored one does not replace it.
 */
async function computeAndStore(tx: Db, workspaceId: string, projectIds: string[], now: Date): Promise<Insight[]> {
  // The database's clock as text (microseconds kept), so two computations' starts compare exactly.
  const seen = rowsOf<{ id: string | number | null; read_at: string }>(
    await tx.execute(sql`
      select x.id, clock_timestamp()::text as read_at from insight_changes x where x.project_id in (${uuidList(projectIds)})
      union all select null, clock_timestamp()::text`),
  );
  const readAt = seen.find((r) => r.id === null)!.read_at;
  const changeIds = seen.flatMap((r) => (r.id === null ? [] : [String(r.id)]));
  const insights = runRules(await loadInsightData(tx, { workspaceId, projectIds, now }));
  const byProject = new Map<string, Insight[]>(projectIds.map((id) => [id, []]));
  for (const i of insights) byProject.get(i.projectId)?.push(i);
  // One statement, so the result and the deletion of the changes it accounts for land together.
  const done =
    changeIds.length > 0
      ? sql`with done as (delete from insight_changes where id in (${sql.join(
          changeIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})) `
      : sql``;
  await tx.execute(sql`${done}
    insert into project_insights (project_id, workspace_id, computed_for, read_at, insights)
    select p.id, p.workspace_id, ${now.toISOString()}::timestamptz, ${readAt}::timestamptz, v.value
    from jsonb_each(${JSON.stringify(Object.fromEntries(byProject))}::jsonb) v join projects p on p.id = v.key::uuid
    on conflict (project_id) do update set computed_for = excluded.computed_for, read_at = excluded.read_at, insights = excluded.insights
      where project_insights.read_at <= excluded.read_at`);
  return insights;
}

/**
 * Daily upkeep of `insight_changes`: a project written to often but whose insights nobody
 * reads would collect a row per write. One row (the newest) marks a project as changed as well
 * as many; a computation in progress deletes only the rows it read, and any row written after
 * its read is newer than all of those, so it is the one kept. Rows of deleted projects go.
 */
export async function compactInsightChanges(tx: Db): Promise<void> {
  await tx.execute(sql`
    DELETE FROM insight_changes c
    USING (SELECT project_id, max(id) AS keep FROM insight_changes GROUP BY project_id) k
    WHERE c.project_id = k.project_id AND c.id < k.keep`);
  await tx.execute(sql`DELETE FROM insight_changes c WHERE NOT EXISTS (SELECT 1 FROM projects p WHERE p.id = c.project_id)`);
}
