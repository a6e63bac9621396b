import { sql } from "drizzle-orm";
import type { Insight } from "~/lib/insights";
import { dayOf } from "../analytics/days";
import { rowsOf, type Db } from "../db";
import { loadInsightData } from "./data";
import { groupBy } from "./group-by";
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
/** A project whose insights a page read within this long is kept warm (refreshWarmInsights). */
export const KEEP_WARM_MS = 15 * 60_000;
/** Kept-warm insights are computed again this long before their lifetime runs out. */
export const REFRESH_AHEAD_MS = 60_000;
/** How long a process's claim on a recomputation holds (one that crashed gives it up then). */
const CLAIM_MS = 30_000;
/** A read marks its projects viewed at most this often. */
const VIEW_MARK_MS = 60_000;

type CacheRow = {
  id: string;
  computed_for: string | Date | null;
  insights: Insight[] | string | null;
  dirty: boolean;
  viewed_at: string | Date | null;
};

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
 * The computations running in this process, by project: a page that finds a project stale
 * while its insights are being computed (by the background refresh or another page) waits for
 * that computation instead of running the rules a second time beside it.
 */
const running = new Map<string, Promise<void>>();

/** The projects whose insights this process is computing now (tests, diagnostics). */
export function computingNow(): string[] {
  return [...running.keys()];
}

function track<T>(projectIds: string[], work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => {},
    () => {},
  );
  for (const id of projectIds) running.set(id, settled);
  void settled.then(() => {
    for (const id of projectIds) if (running.get(id) === settled) running.delete(id);
  });
  return work;
}

async function readCache(tx: Db, opts: { workspaceId: string; projectId?: string }): Promise<CacheRow[]> {
  return rowsOf<CacheRow>(
    await tx.execute(sql`
      select p.id, c.computed_for, c.insights, c.viewed_at,
        exists (select 1 from insight_changes x where x.project_id = p.id) as dirty
      from projects p left join project_insights c on c.project_id = p.id
      where p.workspace_id = ${opts.workspaceId} and p.archived_at is null
        ${opts.projectId ? sql`and p.id = ${opts.projectId}` : sql``}`),
  );
}

/**
 * The insights of the workspace's active projects (or of one), most severe first, as
 * computeInsights gives them: from the cache where it is fresh, the rest computed (in one
 * pass) and stored. The projects read are marked viewed, so the background refresh keeps them warm.
 */
export async function cachedInsights(tx: Db, opts: { workspaceId: string; projectId?: string; now: Date }): Promise<Insight[]> {
  let rows = await readCache(tx, opts);
  const joined = rows.flatMap((r) => (fresh(r, opts.now) ? [] : (running.get(r.id) ?? [])));
  if (joined.length > 0) {
    // Being computed here already: wait, and read again (a change committed after that
    // computation began reading still marks its project stale, and is computed below).
    await Promise.all(joined);
    rows = await readCache(tx, opts);
  }
  const out: Insight[] = [];
  const stale: string[] = [];
  for (const r of rows) {
    if (fresh(r, opts.now)) out.push(...parsed(r.insights!));
    else stale.push(r.id);
  }
  if (stale.length > 0) out.push(...(await track(stale, computeAndStore(tx, opts.workspaceId, stale, opts.now))));
  await markViewed(tx, opts.workspaceId, rows, opts.now);
  return sortInsights(out);
}

/** Marks `rows`' projects viewed at `now`, unless they were within the last minute (most reads write nothing). */
async function markViewed(tx: Db, workspaceId: string, rows: CacheRow[], now: Date): Promise<void> {
  const due = rows.filter((r) => r.viewed_at === null || now.getTime() - new Date(r.viewed_at).getTime() >= VIEW_MARK_MS);
  if (due.length === 0) return;
  await tx.execute(sql`
    update project_insights set viewed_at = ${now.toISOString()}::timestamptz
    where workspace_id = ${workspaceId} and project_id in (${uuidList(due.map((r) => r.id))})
      and (viewed_at is null or viewed_at < ${now.toISOString()}::timestamptz)`);
}

/**
 * The background refresh (./refresh.ts): computes the insights of the projects a page read
 * within KEEP_WARM_MS that are stale, or will be within REFRESH_AHEAD_MS (of those in
 * `projectIds`, when given), so the next page finds them ready. Each project is claimed first,
 * in the statement that picks it, so two processes on one database do not both compute it.
 * Returns the projects it computed.
 */
export async function refreshWarmInsights(tx: Db, opts: { now: Date; projectIds?: string[] }): Promise<string[]> {
  if (opts.projectIds?.length === 0) return [];
  // A computation of one of them already running here (a page's) is waited for, not doubled:
  // whatever change it did not account for keeps its mark, so the statement below still picks it.
  const busy = opts.projectIds ? opts.projectIds.flatMap((id) => running.get(id) ?? []) : [...running.values()];
  if (busy.length > 0) await Promise.all(busy);
  const now = opts.now.toISOString();
  const claimed = rowsOf<{ project_id: string; workspace_id: string }>(
    await tx.execute(sql`
      update project_insights c set refreshing_until = ${new Date(opts.now.getTime() + CLAIM_MS).toISOString()}::timestamptz
      from projects p
      where p.id = c.project_id and p.archived_at is null
        ${opts.projectIds ? sql`and c.project_id in (${uuidList(opts.projectIds)})` : sql``}
        and c.viewed_at > ${new Date(opts.now.getTime() - KEEP_WARM_MS).toISOString()}::timestamptz
        and (c.refreshing_until is null or c.refreshing_until <= ${now}::timestamptz)
        and (exists (select 1 from insight_changes x where x.project_id = c.project_id)
          or c.computed_for <= ${new Date(opts.now.getTime() - (INSIGHT_TTL_MS - REFRESH_AHEAD_MS)).toISOString()}::timestamptz
          or c.computed_for < ${`${dayOf(opts.now)}T00:00:00Z`}::timestamptz)
      returning c.project_id, c.workspace_id`),
  );
  for (const [workspaceId, rows] of groupBy(claimed, (r) => r.workspace_id)) {
    const ids = rows.map((r) => r.project_id);
    await track(ids, computeAndStore(tx, workspaceId, ids, opts.now));
  }
  return claimed.map((r) => r.project_id);
}

/**
 * Computes the insights of `projectIds` and stores them (and gives up any claim on them). The
 * changes seen before reading are the ones the result accounts for, so only they are deleted;
 * a change committed meanwhile keeps its row and the next read computes again. A computation
 * that started reading earlier than the stored one does not replace it.
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
    on conflict (project_id) do update set computed_for = excluded.computed_for, read_at = excluded.read_at,
      insights = excluded.insights, refreshing_until = null
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
