import { and, eq, isNull } from "drizzle-orm";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { isUuid } from "~/lib/ids";
import { schema, type Db } from "../db";
import { notFound } from "../errors";

/**
 * Finding a design system's rows: every row is found with the workspace's id in its where
 * (another workspace's id is a 404).
 */
export const EMPTY_DOC: DesignSystemDoc = { sets: [], themes: [] };

/** Whose rows a lookup reads: the workspace alone (a member, or a share link's wireframe's workspace). */
export type Tenant = { workspace: { id: string } };

/** The project (in the member's workspace) or a 404; null stands for the workspace's base system. */
export async function findProject(tx: Db, member: Tenant, projectId: string | null): Promise<{ id: string; name: string } | null> {
  if (projectId === null) return null;
  if (!isUuid(projectId)) throw notFound("That project");
  const { projects } = schema;
  const [row] = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.workspaceId, member.workspace.id)))
    .limit(1);
  if (!row) throw notFound("That project");
  return row;
}

/** The stored system of a scope (base or project), locked for the transaction when `lock`; null when none was saved yet. */
export async function systemRow(tx: Db, member: Tenant, projectId: string | null, opts: { lock?: boolean } = {}) {
  const { designSystems } = schema;
  const query = tx
    .select()
    .from(designSystems)
    .where(
      and(
        eq(designSystems.workspaceId, member.workspace.id),
        projectId === null ? isNull(designSystems.projectId) : eq(designSystems.projectId, projectId),
      ),
    )
    .limit(1);
  const [row] = opts.lock ? await query.for("update") : await query;
  return row ?? null;
}
