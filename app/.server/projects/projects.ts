import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { keysBetween } from "~/lib/fractional-index";
import { escapeLike } from "../db/like";
import { db, schema } from "../db";
import { UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import { attachmentKeys, discardFiles } from "../files/attachments";
import type { MemberContext } from "../workspaces";
import { assertCanAdd, planOf, usageOf } from "../workspaces/limits";
import { requireAccess, requireRead, requireRole } from "../access";
import { oncePerRead } from "../http/request-scope";

/**
 * Projects: list, read, create (with the default board), rename, archive and restore,
 * delete. Each service takes the member and checks the role and, for a change, that the
 * workspace is writable (and that the plan has room, for one more active project).
 */

const { projects, boardColumns, cards } = schema;

export const DEFAULT_COLUMNS = [
  { name: "Backlog", stateGroup: "backlog" },
  { name: "To do", stateGroup: "unstarted" },
  { name: "In progress", stateGroup: "started" },
  { name: "Review", stateGroup: "started" },
  { name: "Done", stateGroup: "completed" },
] as const;

export type ProjectSort = "updated" | "name" | "created";

export type ProjectListItem = {
  id: string;
  name: string;
  description: string;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  openCards: number;
  doneCards: number;
};

export async function listProjects(
  member: MemberContext,
  opts: { q?: string; sort?: ProjectSort; archived?: boolean } = {},
): Promise<ProjectListItem[]> {
  requireRead(member, "project");
  const workspaceId = member.workspace.id;
  const q = opts.q?.trim();
  const order =
    opts.sort === "name"
      ? [asc(projects.name), asc(projects.id)]
      : opts.sort === "created"
        ? [desc(projects.createdAt), asc(projects.id)]
        : [desc(projects.updatedAt), asc(projects.id)];
  const rows = await db()
    .select({
      id: projects.id,
      name: projects.name,
      description: projects.description,
      archivedAt: projects.archivedAt,
      createdAt: projects.createdAt,
      updatedAt: projects.updatedAt,
      openCards: sql<number>`count(${cards.id}) filter (where ${boardColumns.stateGroup} not in ('completed', 'cancelled'))`.mapWith(
        Number,
      ),
      doneCards: sql<number>`count(${cards.id}) filter (where ${boardColumns.stateGroup} = 'completed')`.mapWith(Number),
    })
    .from(projects)
    .leftJoin(cards, and(eq(cards.projectId, projects.id), eq(cards.workspaceId, workspaceId)))
    .leftJoin(boardColumns, eq(boardColumns.id, cards.columnId))
    .where(
      and(
        eq(projects.workspaceId, workspaceId),
        opts.archived ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt),
        q ? or(ilike(projects.name, `%${escapeLike(q)}%`), ilike(projects.description, `%${escapeLike(q)}%`)) : undefined,
      ),
    )
    .groupBy(projects.id)
    .orderBy(...order);
  return rows;
}

/** Active projects against the plan's allowance (the list page's "3 of 5 active projects"). */
export async function projectAllowance(member: MemberContext): Promise<{ projects: number; limit: number | null; plan: string }> {
  requireRead(member, "project");
  const [usage, plan] = await Promise.all([usageOf(db(), member.workspace.id), planOf(db(), member.workspace.id)]);
  return { projects: usage.projects, limit: plan.limits.projects, plan: plan.name };
}

/** A project of the member's workspace, or null (another workspace's id, or no uuid at all). */
export async function getProject(member: MemberContext, projectId: string) {
  requireRead(member, "project");
  const workspaceId = member.workspace.id;
  if (!isUuid(projectId)) return null;
  // The board's loader and its insights both ask: one read per request that writes nothing.
  return oncePerRead(`project:${workspaceId}:${projectId}`, async () => {
    const [row] = await db()
      .select()
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)))
      .limit(1);
    return row ?? null;
  });
}

/** A new project with the five default columns, if the plan has room for one more active project. */
export async function createProject(member: MemberContext, input: { name: string; description?: string }) {
  const workspaceId = member.workspace.id;
  const actorId = member.user.id;
  return mutate(async (tx) => {
    await requireAccess(tx, member, "project", "create");
    await assertCanAdd(tx, workspaceId, "projects");
    const [project] = await tx
      .insert(projects)
      .values({ workspaceId, name: input.name.trim(), description: input.description?.trim() ?? "", createdBy: actorId })
      .returning();
    const keys = keysBetween(null, null, DEFAULT_COLUMNS.length);
    await tx.insert(boardColumns).values(
      DEFAULT_COLUMNS.map((c, i) => ({
        workspaceId,
        projectId: project!.id,
        name: c.name,
        stateGroup: c.stateGroup,
        position: keys[i]!,
      })),
    );
    await emit(tx, {
      kind: "project.created",
      ...envelope(member, project!.id),
      subject: { id: project!.id, name: project!.name },
      change: { name: project!.name },
    });
    return project!;
  });
}

/** Renames a project or changes its description; null when it is not in the member's workspace. */
export async function updateProject(member: MemberContext, projectId: string, input: { name?: string; description?: string }) {
  const workspaceId = member.workspace.id;
  return mutate(async (tx) => {
    await requireAccess(tx, member, "project", "change");
    const [before] = await tx
      .select({ name: projects.name, description: projects.description })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)))
      .for("update");
    if (!before) return null;
    const patch: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined && input.name.trim() !== before.name) patch.name = input.name.trim();
    if (input.description !== undefined && input.description.trim() !== before.description) patch.description = input.description.trim();
    const [after] = await tx
      .update(projects)
      .set(patch)
      .where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)))
      .returning();
    const fields = (["name", "description"] as const).filter((f) => patch[f] !== undefined);
    if (after)
      await emit(tx, {
        kind: "project.updated",
        ...envelope(member, projectId),
        subject: { id: after.id, name: after.name },
        change: { fields: fields.map((field) => ({ field, from: before[field], to: patch[field] })) },
      });
    return after ?? null;
  });
}

/** Archives a project (kept, read-only in lists) or restores it (if the plan has room); null when it is not there. */
export async function setProjectArchived(member: MemberContext, projectId: string, archived: boolean) {
  const workspaceId = member.workspace.id;
  return mutate(async (tx) => {
    await requireAccess(tx, member, "project", "archive");
    if (!archived) await assertCanAdd(tx, workspaceId, "projects");
    const [row] = await tx
      .update(projects)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)))
      .returning({ id: projects.id, name: projects.name });
    if (row) {
      await emit(tx, {
        kind: archived ? "project.archived" : "project.restored",
        ...envelope(member, projectId),
        subject: row,
        change: {},
      });
    }
    return row ?? null;
  });
}

/**
 * Deletes a project with its cards and files. With `confirmName` (the name the user
 * typed), a name that is not the project's is a 400 on the confirm field.
 */
export async function deleteProject(member: MemberContext, projectId: string, confirmName?: string) {
  requireRole(member, "project", "delete");
  const workspaceId = member.workspace.id;
  if (confirmName !== undefined) {
    const project = await getProject(member, projectId);
    if (!project) throw new UserError(404, "That project was not found.");
    if (confirmName.trim() !== project.name) throw new UserError(400, `Type the project's name, ${project.name}, to confirm.`, "confirm");
  }
  const deleted = await mutate(async (tx) => {
    await requireAccess(tx, member, "project", "delete");
    // Cards reference columns with RESTRICT; remove cards first, then the project (cascades the rest).
    const [p] = await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)))
      .for("update");
    if (!p) return null;
    const fileKeys = await attachmentKeys(tx, { workspaceId, projectId });
    await tx.delete(cards).where(and(eq(cards.projectId, projectId), eq(cards.workspaceId, workspaceId)));
    await tx.delete(projects).where(and(eq(projects.id, projectId), eq(projects.workspaceId, workspaceId)));
    await emit(tx, {
      kind: "project.deleted",
      ...envelope(member, projectId),
      subject: { id: p.id, name: p.name },
      change: {},
    });
    return { ...p, fileKeys };
  });
  if (!deleted) return null;
  const { fileKeys, ...p } = deleted;
  await discardFiles(fileKeys);
  return p;
}
