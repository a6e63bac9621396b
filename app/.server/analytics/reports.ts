import { and, asc, eq, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { CLOSED_STATE_GROUPS } from "~/lib/board";
import type { ProjectOverview } from "~/lib/analytics";
import { db, rowsOf, schema } from "../db";
import { notFound } from "../errors";
import { requireRead } from "../access";
import { getProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";
import { addDays, dayOf, startOfDay } from "./days";
import { agingWork } from "./aging";
import { readEstimateChanges, readLog } from "./log";
import { finishedCards, timeStats } from "./cycle-time";
import { columnFlow, cumulativeFlow, weeklyThroughput } from "./flow";
import { flowFromSnapshots, type SnapshotFlow } from "./flow-snapshots";

/** What /analytics shows; every read is scoped to the member's workspace (viewers may read). */
const { boardColumns, cardTransitions, cards, projects } = schema;

/** Per active project: cards completed in the last 28 days, cards in started columns, open cards past their due date. */
export async function workspaceOverview(member: MemberContext, now = new Date()): Promise<ProjectOverview[]> {
  requireRead(member, "analytics");
  const ws = member.workspace.id;
  const today = dayOf(now);
  const since = startOfDay(addDays(today, -27));
  const list = await db()
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.workspaceId, ws), isNull(projects.archivedAt)))
    .orderBy(asc(projects.name));
  const open = await db()
    .select({
      projectId: cards.projectId,
      wip: sql<number>`count(*) filter (where ${boardColumns.stateGroup} = 'started')`,
      // dueState's rule (lib/board.ts): a card in a finished column is never overdue.
      overdue: sql<number>`count(*) filter (where ${notInArray(boardColumns.stateGroup, [...CLOSED_STATE_GROUPS])} and ${cards.dueDate} < ${today})`,
    })
    .from(cards)
    .innerJoin(boardColumns, and(eq(boardColumns.id, cards.columnId), eq(boardColumns.workspaceId, ws)))
    .where(eq(cards.workspaceId, ws))
    .groupBy(cards.projectId);
  const done = await db()
    .select({ projectId: cardTransitions.projectId, n: sql<number>`count(distinct ${cardTransitions.cardId})` })
    .from(cardTransitions)
    .where(
      and(
        eq(cardTransitions.workspaceId, ws),
        eq(cardTransitions.toStateGroup, "completed"),
        sql`${cardTransitions.fromStateGroup} is distinct from 'completed'`,
        gte(cardTransitions.at, since),
      ),
    )
    .groupBy(cardTransitions.projectId);
  return list.map((p) => {
    const o = open.find((r) => r.projectId === p.id);
    return {
      ...p,
      throughput4w: Number(done.find((r) => r.projectId === p.id)?.n ?? 0),
      wip: Number(o?.wip ?? 0),
      overdue: Number(o?.overdue ?? 0),
    };
  });
}

/**
 * A project's cumulative flow (by state group), weekly throughput and finished cards (cycle
 * and lead times) over [from, to], from its transitions, and its aging work in progress now
 * (against the range's cycle time percentiles); 404 outside the workspace.
 */
export async function projectFlow(
  member: MemberContext,
  projectId: string,
  range: { from: string; to: string },
  options: { replay?: boolean; now?: Date } = {},
) {
  const project = await getProject(member, projectId);
  if (!project) throw notFound("That project");
  const columns = await db()
    .select({ id: boardColumns.id, name: boardColumns.name, stateGroup: boardColumns.stateGroup })
    .from(boardColumns)
    .where(and(eq(boardColumns.workspaceId, member.workspace.id), eq(boardColumns.projectId, project.id)))
    .orderBy(asc(boardColumns.position));
  const scope = { workspaceId: member.workspace.id, projectId: project.id };
  // From the daily snapshots when they cover the range (decision 021), else by replaying the log.
  const flow =
    (options.replay
      ? null
      : await flowFromSnapshots(
          db(),
          scope,
          columns.map((c) => c.id),
          range,
          options.now,
        )) ?? (await replayFlow(member, project.id, columns, range));
  const times = timeStats(flow.finished);
  const startedColumns = columns.filter((c) => c.stateGroup === "started");
  const startedCards = startedColumns.length
    ? await db()
        .select({
          id: cards.id,
          number: cards.number,
          title: cards.title,
          columnId: cards.columnId,
          startedAt: sql<Date>`coalesce(${cards.startedAt}, ${cards.createdAt})`.mapWith(cards.createdAt),
        })
        .from(cards)
        .where(
          and(
            eq(cards.workspaceId, member.workspace.id),
            eq(cards.projectId, project.id),
            inArray(
              cards.columnId,
              startedColumns.map((c) => c.id),
            ),
          ),
        )
    : [];
  return {
    project: { id: project.id, name: project.name },
    cfd: flow.cfd,
    cfdPoints: flow.cfdPoints,
    throughput: flow.throughput,
    finished: flow.finished,
    columns: columns.map((c) => ({ id: c.id, name: c.name })),
    columnCfd: flow.columnCfd,
    times,
    aging: agingWork(startedColumns, startedCards, times.cycle),
  };
}

/** projectFlow's numbers from the whole transition log up to the range's end (the reference; ./flow-snapshots.ts is the fast path). */
async function replayFlow(
  member: MemberContext,
  projectId: string,
  columns: { id: string }[],
  range: { from: string; to: string },
): Promise<SnapshotFlow> {
  const scope = { workspaceId: member.workspace.id, projectId };
  const before = startOfDay(addDays(range.to, 1));
  const log = await readLog(db(), scope, before);
  const done = finishedCards(log, range.from, range.to);
  // The finished cards' titles in one query: their ids go as one JSON parameter (a thousand bound
  // parameters per query cost more than the rows).
  const titles = new Map<string, string>();
  if (done.length > 0)
    for (const r of rowsOf<{ id: string; title: string }>(
      await db().execute(sql`
        select c.id, c.title from ${cards} c
        where c.workspace_id = ${member.workspace.id}
          and c.id in (select value::uuid from json_array_elements_text(${JSON.stringify(done.map((c) => c.cardId))}::json))`),
    ))
      titles.set(r.id, r.title);
  // The burn-up of the range counts points when cards are estimated: each day's, from the estimate history.
  const estimates = await readEstimateChanges(db(), scope, before);
  return {
    cfd: cumulativeFlow(log, range.from, range.to),
    cfdPoints: estimates.some((e) => e.points !== null) ? cumulativeFlow(log, range.from, range.to, estimates) : null,
    throughput: weeklyThroughput(log, range.from, range.to),
    finished: done.map((c) => ({ ...c, title: titles.get(c.cardId) ?? "Untitled card" })),
    columnCfd: columnFlow(
      log,
      columns.map((c) => c.id),
      range.from,
      range.to,
    ),
  };
}
