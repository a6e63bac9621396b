import { and, asc, eq } from "drizzle-orm";
import { db, schema } from "../db";
import { UserError } from "../errors";
import { createCard } from "../projects/cards";
import { getProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";

/** The dashboard's quick create: a card in one of the workspace's projects, in its first "not started" column. */
const { boardColumns } = schema;

/** The quick-create target: the project's first "not started" column, else its first column. */
export async function quickCreateColumn(workspaceId: string, projectId: string): Promise<string | null> {
  const cols = await db()
    .select({ id: boardColumns.id, stateGroup: boardColumns.stateGroup })
    .from(boardColumns)
    .where(and(eq(boardColumns.projectId, projectId), eq(boardColumns.workspaceId, workspaceId)))
    .orderBy(asc(boardColumns.position), asc(boardColumns.id));
  return (cols.find((c) => c.stateGroup === "unstarted") ?? cols[0])?.id ?? null;
}

export async function quickCreateCard(ctx: MemberContext, input: { projectId: string; title: string }) {
  // A first answer before the project is looked for; createCard's transaction asks again.
  await requireAccess(db(), ctx, "card", "create");
  const project = await getProject(ctx, input.projectId);
  const columnId = project ? await quickCreateColumn(ctx.workspace.id, project.id) : null;
  if (!project || !columnId) throw new UserError(404, "That project was not found.", "projectId");
  const card = await createCard(ctx, project.id, { columnId, title: input.title });
  return { card, project };
}
