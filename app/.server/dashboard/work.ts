import { and, asc, eq, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { CLOSED_STATE_GROUPS } from "~/lib/board";
import { calendarDay } from "~/lib/dates";
import { db, schema } from "../db";
import { listActivity } from "../projects/activity";
import { listProjects } from "../projects/projects";
import type { MemberContext } from "../workspaces";

/** What the dashboard and a member's page show: open work assigned to someone, and recent progress. */
const { cards, cardAssignees, boardColumns, projects } = schema;

/**
 * Open cards assigned to a user in one workspace: overdue first (by the viewer's `zone`: today is
 * their calendar day), then by due date and priority.
 */
export async function assignedWork(workspaceId: string, userId: string, limit = 50, zone: string | null = null) {
  return db()
    .select({
      id: cards.id,
      number: cards.number,
      title: cards.title,
      priority: cards.priority,
      dueDate: cards.dueDate,
      projectId: projects.id,
      projectName: projects.name,
      columnName: boardColumns.name,
      stateGroup: boardColumns.stateGroup,
    })
    .from(cardAssignees)
    .innerJoin(cards, and(eq(cards.id, cardAssignees.cardId), eq(cards.workspaceId, workspaceId)))
    .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
    .innerJoin(projects, and(eq(projects.id, cards.projectId), isNull(projects.archivedAt)))
    .where(
      and(
        eq(cardAssignees.workspaceId, workspaceId),
        eq(cardAssignees.userId, userId),
        notInArray(boardColumns.stateGroup, [...CLOSED_STATE_GROUPS]),
      ),
    )
    .orderBy(
      sql`case when ${cards.dueDate} < ${calendarDay(new Date(), zone)} then 0 else 1 end`,
      sql`${cards.dueDate} asc nulls last`,
      sql`case ${cards.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end`,
      asc(cards.number),
    )
    .limit(limit);
}

export async function doneThisWeek(workspaceId: string, projectIds: string[]) {
  if (projectIds.length === 0) return new Map<string, number>();
  const rows = await db()
    .select({ projectId: cards.projectId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(cards)
    .where(
      and(
        eq(cards.workspaceId, workspaceId),
        inArray(cards.projectId, projectIds),
        gte(cards.completedAt, new Date(Date.now() - 7 * 86_400_000)),
      ),
    )
    .groupBy(cards.projectId);
  return new Map(rows.map((r) => [r.projectId, r.n]));
}

/** The dashboard: the member's open work, the workspace's recent activity, and its projects' progress this week. */
export async function dashboardData(member: MemberContext) {
  const workspaceId = member.workspace.id;
  const [work, activity, projectList] = await Promise.all([
    assignedWork(workspaceId, member.user.id, 50, member.user.timeZone),
    listActivity(workspaceId, { limit: 15 }),
    listProjects(member, { sort: "updated" }),
  ]);
  const done = await doneThisWeek(
    workspaceId,
    projectList.map((p) => p.id),
  );
  return {
    work,
    activity,
    projects: projectList.slice(0, 8).map((p) => ({ ...p, doneThisWeek: done.get(p.id) ?? 0 })),
    projectCount: projectList.length,
  };
}
