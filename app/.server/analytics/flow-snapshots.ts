import { sql } from "drizzle-orm";
import { STATE_GROUPS, type StateGroup } from "~/lib/board";
import type { CfdPoint, FinishedCard, ThroughputWeek } from "~/lib/analytics";
import { rowsOf, type Db } from "../db";
import { addDays, dayOf, daysBetween, startOfDay, weekStart } from "./days";
import { durationDays } from "./cycle-time";

/**
 * The project analytics page's flow without replaying the transition log (decision 021). For
 * a range that ends today, once the daily job has written a snapshot for every day of the range
 * before today, the same numbers as ./reports.ts's replay come from:
 *  - each past day's cumulative flow (by state group, by column, and in points): that day's
 *    snapshot rows; today's: the board as it is now;
 *  - the weekly throughput: one count per week of the range's entries into a completed column;
 *  - the finished cards: the cards now in a completed column whose last entry into one (from
 *    elsewhere) falls in the range, with their creation (their first transition), first start
 *    and that last entry as the log's trigger keeps them on the card (migrations 0170, 0190, 0210).
 * What it reads grows with the range and the cards finished in it, not with the project's whole
 * history. Otherwise (a range ending before today, a day the job has not written yet) it answers
 * null and the caller replays the log. A past day's points are those the snapshot recorded, the
 * estimates at the end of that day from their history (decision 022), as the replay's are; today's
 * are the current estimates (the latest of that history).
 */
export type SnapshotFlow = {
  cfd: CfdPoint[];
  cfdPoints: CfdPoint[] | null;
  columnCfd: { day: string; counts: number[] }[];
  throughput: ThroughputWeek[];
  finished: FinishedCard[];
};

const zero = (day: string) => {
  const p = { day } as CfdPoint;
  for (const g of STATE_GROUPS) p[g] = 0;
  return p;
};

export async function flowFromSnapshots(
  tx: Db,
  scope: { workspaceId: string; projectId: string },
  columnIds: string[],
  range: { from: string; to: string },
  now = new Date(),
): Promise<SnapshotFlow | null> {
  const today = dayOf(now);
  if (range.to !== today) return null;
  const { workspaceId: ws, projectId: p } = scope;
  const [first] = rowsOf<{ first: string | null }>(
    await tx.execute(
      sql`select to_char(min(at) at time zone 'UTC', 'YYYY-MM-DD') as first from card_transitions where workspace_id = ${ws} and project_id = ${p}`,
    ),
  );
  if (!first?.first) return null;
  const firstDay = first.first;
  // The days before today that need a snapshot: from the range's start (or the project's first day) to yesterday.
  const needFrom = range.from > firstDay ? range.from : firstDay;
  const needed = daysBetween(needFrom, addDays(today, -1));
  const snapshots = rowsOf<{ day: string; column_id: string; state_group: StateGroup; card_count: number; points: string | number }>(
    await tx.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, column_id, state_group, card_count, points
      from project_daily_snapshots
      where workspace_id = ${ws} and project_id = ${p} and day >= ${needFrom}::date and day < ${today}::date`),
  );
  const byDay = new Map<string, typeof snapshots>();
  for (const r of snapshots) {
    const list = byDay.get(r.day);
    if (list) list.push(r);
    else byDay.set(r.day, [r]);
  }
  if (needed.some((d) => !byDay.has(d))) return null;

  // Today: the board as it is (a column's state group is its cards': changing it logs a transition).
  const live = rowsOf<{ column_id: string; state_group: StateGroup; card_count: number; points: string | number }>(
    await tx.execute(sql`
      select c.column_id, b.state_group, count(*)::int as card_count, coalesce(sum(c.estimate_points), 0) as points
      from cards c join board_columns b on b.id = c.column_id and b.workspace_id = ${ws}
      where c.workspace_id = ${ws} and c.project_id = ${p}
      group by c.column_id, b.state_group`),
  );
  // In points when any card has had an estimate, as the replay decides.
  const [{ estimated }] = rowsOf<{ estimated: boolean }>(
    await tx.execute(
      sql`select exists (select 1 from card_estimate_changes where workspace_id = ${ws} and project_id = ${p} and points is not null) as estimated`,
    ),
  ) as [{ estimated: boolean }];

  const index = new Map(columnIds.map((id, k) => [id, k]));
  const cfd: CfdPoint[] = [];
  const cfdPoints: CfdPoint[] = [];
  const columnCfd: { day: string; counts: number[] }[] = [];
  for (const day of daysBetween(range.from, range.to)) {
    const rows = day === today ? live : day < firstDay ? [] : byDay.get(day)!;
    const point = zero(day);
    const pointsPoint = zero(day);
    const counts = columnIds.map(() => 0);
    for (const r of rows) {
      point[r.state_group] += Number(r.card_count);
      pointsPoint[r.state_group] += Number(r.points);
      const k = index.get(r.column_id);
      if (k !== undefined) counts[k]! += Number(r.card_count);
    }
    // Sums of tenths, rounded back to tenths (as the replay's are).
    for (const g of STATE_GROUPS) pointsPoint[g] = Math.round(pointsPoint[g] * 10) / 10;
    cfd.push(point);
    cfdPoints.push(pointsPoint);
    columnCfd.push({ day, counts });
  }

  const lo = startOfDay(range.from);
  const hi = startOfDay(addDays(range.to, 1));
  const weekly = rowsOf<{ week: string; n: number }>(
    await tx.execute(sql`
      select to_char(w, 'YYYY-MM-DD') as week, count(*)::int as n from (
        select distinct date_trunc('week', at at time zone 'UTC') as w, card_id
        from card_transitions
        where project_id = ${p} and workspace_id = ${ws} and at >= ${lo.toISOString()}::timestamptz and at < ${hi.toISOString()}::timestamptz
          and to_state_group = 'completed' and from_state_group is distinct from 'completed'
      ) x group by w`),
  );
  const perWeek = new Map(weekly.map((w) => [w.week, Number(w.n)]));
  const throughput: ThroughputWeek[] = [];
  for (let w = weekStart(range.from); w <= range.to; w = addDays(w, 7)) throughput.push({ week: w, completed: perWeek.get(w) ?? 0 });

  // The cards finished in the range: in a completed column now, last entered from elsewhere in the
  // range (the range ends today, so the last such entry in the range is the card's last), as the
  // log's trigger keeps it on the card (migration 0210).
  // As one JSON text: the embedded database parses results row by row, column by column.
  const [found] = rowsOf<{ cards: string }>(
    await tx.execute(sql`
      select coalesce(json_agg(json_build_array(c.id, c.title,
        floor(extract(epoch from coalesce(c.first_logged_at, c.created_at)) * 1000)::float8,
        floor(extract(epoch from c.first_started_at) * 1000)::float8,
        floor(extract(epoch from c.last_completed_at) * 1000)::float8))::text, '[]') as cards
      from cards c
      join board_columns b on b.id = c.column_id and b.workspace_id = ${ws} and b.state_group = 'completed'
      where c.workspace_id = ${ws} and c.project_id = ${p}
        and c.last_completed_at >= ${lo.toISOString()}::timestamptz and c.last_completed_at < ${hi.toISOString()}::timestamptz`),
  );
  const finished = (JSON.parse(found?.cards ?? "[]") as [string, string, number, number | null, number][])
    .map(([cardId, title, created, started, completed]) => {
      return {
        cardId,
        title,
        completedAt: new Date(completed).toISOString(),
        leadDays: durationDays(completed - created),
        cycleDays: started === null ? null : durationDays(completed - started),
      };
    })
    // The replay's order (time, then id): ISO times and lowercase ids compare the same by code unit, and cheaply.
    .sort((a, b) =>
      a.completedAt < b.completedAt ? -1 : a.completedAt > b.completedAt ? 1 : a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : 0,
    );

  return { cfd, cfdPoints: estimated ? cfdPoints : null, columnCfd, throughput, finished };
}
