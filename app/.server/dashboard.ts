import { data as dataResponse } from "@remix-run/node";
import { z } from "zod";
import { can } from "~/lib/permissions";
import { redirectWithToast } from "./http/flash";
import { firstIssue } from "./http/forms";
import { createCard } from "./projects/board";
import { UserError } from "./errors";
import { getProject } from "./projects/projects";
import { requireMember } from "./workspaces";
import { assertWritable } from "./workspaces/limits";
import { and, asc, eq, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { db, schema } from "./db";
import { listActivity } from "./projects/activity";
import { listProjects } from "./projects/projects";

const { cards, cardAssignees, boardColumns, projects } = schema;

/** Open cards assigned to a user in one workspace: overdue first, then by due date and priority. */
export async function assignedWork(workspaceId: string, userId: string, limit = 50) {
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
    })
    .from(cardAssignees)
    .innerJoin(cards, and(eq(cards.id, cardAssignees.cardId), eq(cards.workspaceId, workspaceId)))
    .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
    .innerJoin(projects, and(eq(projects.id, cards.projectId), isNull(projects.archivedAt)))
    .where(
      and(
        eq(cardAssignees.workspaceId, workspaceId),
        eq(cardAssignees.userId, userId),
        notInArray(boardColumns.stateGroup, ["completed", "cancelled"]),
      ),
    )
    .orderBy(
      sql`case when ${cards.dueDate} < current_date then 0 else 1 end`,
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

export async function dashboardData(workspaceId: string, userId: string) {
  const [work, activity, projectList] = await Promise.all([
    assignedWork(workspaceId, userId),
    listActivity(workspaceId, { limit: 15 }),
    listProjects(workspaceId, { sort: "updated" }),
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

/** The quick-create target: the project's first "not started" column, else its first column. */
export async function quickCreateColumn(workspaceId: string, projectId: string): Promise<string | null> {
  const cols = await db()
    .select({ id: boardColumns.id, stateGroup: boardColumns.stateGroup })
    .from(boardColumns)
    .where(and(eq(boardColumns.projectId, projectId), eq(boardColumns.workspaceId, workspaceId)))
    .orderBy(asc(boardColumns.position), asc(boardColumns.id));
  return (cols.find((c) => c.stateGroup === "unstarted") ?? cols[0])?.id ?? null;
}

// The dashboard's quick create: a card in one of the workspace's projects.

const quickCreateSchema = z.object({
  projectId: z.string().uuid({ message: "Choose a project." }),
  title: z.string().trim().min(1, { message: "Give the card a title." }).max(200, { message: "Keep the title under 200 characters." }),
});

export async function dashboardAction(request: Request) {
  const member = await requireMember(request, "workspace.view");
  const form = await request.formData();
  const values = { projectId: String(form.get("projectId") ?? ""), title: String(form.get("title") ?? "") };
  if (!can(member.role, "card.create")) {
    return dataResponse({ ok: false as const, message: "Viewers cannot create cards.", values }, { status: 403 });
  }
  const parsed = quickCreateSchema.safeParse(values);
  if (!parsed.success) {
    return dataResponse({ ok: false as const, ...firstIssue(parsed.error), values }, { status: 400 });
  }
  try {
    await assertWritable(db(), member.workspace.id);
    const project = await getProject(member.workspace.id, parsed.data.projectId);
    const columnId = project ? await quickCreateColumn(member.workspace.id, project.id) : null;
    if (!project || !columnId) {
      return dataResponse({ ok: false as const, field: "projectId", message: "That project was not found.", values }, { status: 404 });
    }
    const card = await createCard(
      { workspaceId: member.workspace.id, projectId: project.id, actorId: member.user.id },
      { columnId, title: parsed.data.title },
    );
    return redirectWithToast(
      "/dashboard",
      {
        variant: "success",
        title: `Card #${card.number} created in ${project.name}`,
        action: { label: "Open", href: `/projects/${project.id}?task=${card.id}` },
      },
      { status: 303 },
    );
  } catch (error) {
    if (error instanceof UserError) return dataResponse({ ok: false as const, message: error.message, values }, { status: error.status });
    throw error;
  }
}
