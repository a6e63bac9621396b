import { and, asc, eq, gte, isNull, lt, notInArray, sql } from "drizzle-orm";
import { CLOSED_STATE_GROUPS } from "~/lib/board";
import type { ProjectOverview } from "~/lib/analytics";
import { db, schema } from "../db";
import { notFound } from "../errors";
import { assertCan } from "../projects/access";
import { getProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";
import { addDays, dayOf, startOfDay } from "./days";
import { cumulativeFlow, weeklyThroughput } from "./flow";

/** What /analytics shows; every read is scoped to the member's workspace (viewers may read). */
const { boardColumns, cardTransitions, cards, projects } = schema;

/** Per active project: cards completed in the last 28 days, cards in started columns, open cards past their due date. */
export async function workspaceOverview(member: MemberContext, now = new Date()): Promise<ProjectOverview[]> {
  assertCan(member, "project.view");
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

/** A project's cumulative flow (by state group) and weekly throughput over [from, to], from its transitions; 404 outside the workspace. */
export async function projectFlow(member: MemberContext, projectId: string, range: { from: string; to: string }) {
  const project = await getProject(member, projectId);
  if (!project) throw notFound("That project");
  const log = await db()
    .select({
      cardId: cardTransitions.cardId,
      fromStateGroup: cardTransitions.fromStateGroup,
      toStateGroup: cardTransitions.toStateGroup,
      at: cardTransitions.at,
    })
    .from(cardTransitions)
    .where(
      and(
        eq(cardTransitions.workspaceId, member.workspace.id),
        eq(cardTransitions.projectId, project.id),
        lt(cardTransitions.at, startOfDay(addDays(range.to, 1))),
      ),
    )
    .orderBy(asc(cardTransitions.at), asc(cardTransitions.id));
  return {
    project: { id: project.id, name: project.name },
    cfd: cumulativeFlow(log, range.from, range.to),
    throughput: weeklyThroughput(log, range.from, range.to),
  };
}
