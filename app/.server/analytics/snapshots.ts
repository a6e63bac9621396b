import { and, eq, max, min } from "drizzle-orm";
import type { StateGroup } from "~/lib/board";
import { schema, type Db } from "../db";
import { addDays, dayOf, daysBetween, startOfDay } from "./days";
import { estimateReplay } from "./estimate-history";
import { readEstimateChanges, readLog } from "./log";

/**
 * Daily snapshots: for each project and each (UTC) day, every column's card count and
 * estimate points at the end of that day, rebuilt from the transition log, so a day the
 * job missed (the app was down) is filled exactly as it would have been. Written for every
 * day from the day after the project's last snapshot (or its first transition) to `lastDay`.
 * Points are the estimates at the end of each day, from their history (decision 022), so a missed
 * day filled later counts that day's estimates, not the ones of the day it is filled.
 */
const { boardColumns, cardTransitions, projectDailySnapshots, projects } = schema;

export async function writeSnapshots(tx: Db, lastDay: string): Promise<number> {
  const list = await tx.select({ id: projects.id, workspaceId: projects.workspaceId }).from(projects);
  let written = 0;
  for (const p of list) written += await snapshotProject(tx, p, lastDay);
  return written;
}

export async function snapshotProject(tx: Db, project: { id: string; workspaceId: string }, lastDay: string): Promise<number> {
  const end = startOfDay(addDays(lastDay, 1));
  const [{ done }] = (await tx
    .select({ done: max(projectDailySnapshots.day) })
    .from(projectDailySnapshots)
    .where(and(eq(projectDailySnapshots.projectId, project.id), eq(projectDailySnapshots.workspaceId, project.workspaceId)))) as [
    { done: string | null },
  ];
  const [{ first }] = (await tx
    .select({ first: min(cardTransitions.at) })
    .from(cardTransitions)
    .where(and(eq(cardTransitions.projectId, project.id), eq(cardTransitions.workspaceId, project.workspaceId)))) as [
    { first: Date | string | null },
  ];
  if (!first) return 0;
  const fillFrom = done ? addDays(done, 1) : dayOf(new Date(first));
  const days = daysBetween(fillFrom, lastDay);
  if (days.length === 0) return 0;

  const scope = { workspaceId: project.workspaceId, projectId: project.id };
  const log = (await readLog(tx, scope, end)).map((t) => ({
    cardId: t.cardId,
    to: t.toColumnId,
    group: t.toStateGroup,
    at: t.at,
  }));
  const cols = await tx
    .select({ id: boardColumns.id, stateGroup: boardColumns.stateGroup })
    .from(boardColumns)
    .where(and(eq(boardColumns.projectId, project.id), eq(boardColumns.workspaceId, project.workspaceId)));
  const estimates = estimateReplay(await readEstimateChanges(tx, scope, end));

  const where = new Map<string, { columnId: string; group: StateGroup }>();
  let i = 0;
  const rows: (typeof projectDailySnapshots.$inferInsert)[] = [];
  for (const day of daysBetween(dayOf(new Date(first)), lastDay)) {
    const dayEnd = startOfDay(addDays(day, 1)).getTime();
    while (i < log.length && new Date(log[i]!.at).getTime() < dayEnd) {
      const t = log[i++]!;
      if (t.to && t.group) where.set(t.cardId, { columnId: t.to, group: t.group });
      else where.delete(t.cardId);
    }
    estimates.advance(dayEnd);
    if (day < fillFrom) continue;
    // Points in tenths (whole numbers) until written.
    const perColumn = new Map<string, { group: StateGroup; count: number; points: number }>();
    for (const c of cols) perColumn.set(c.id, { group: c.stateGroup, count: 0, points: 0 });
    for (const [cardId, w] of where) {
      const entry = perColumn.get(w.columnId) ?? { group: w.group, count: 0, points: 0 };
      entry.group = w.group;
      entry.count += 1;
      entry.points += estimates.tenthsOf(cardId);
      perColumn.set(w.columnId, entry);
    }
    for (const [columnId, e] of perColumn) {
      rows.push({
        workspaceId: project.workspaceId,
        projectId: project.id,
        day,
        columnId,
        stateGroup: e.group,
        cardCount: e.count,
        points: e.points / 10,
      });
    }
  }
  for (let k = 0; k < rows.length; k += 1000)
    await tx
      .insert(projectDailySnapshots)
      .values(rows.slice(k, k + 1000))
      .onConflictDoNothing();
  return rows.length;
}
