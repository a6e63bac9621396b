import { and, eq, isNull } from "drizzle-orm";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { isUuid } from "~/lib/ids";
import { can } from "~/lib/permissions";
import { db, schema, type Db } from "../db";
import { notFound, UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { assertWritable } from "../workspaces/limits";

/**
 * The rules every design-system service applies itself, whoever calls it (a page's form, a
 * download, a test): viewers look and export, members edit, admins and owners publish
 * versions, delete sets and hand out download links; a change needs a writable workspace;
 * every row is found with the workspace's id in its where (another workspace's id is a 404).
 */
const MESSAGES = {
  "design.view": "Your role in this workspace does not allow viewing the design system.",
  "design.edit": "Your role in this workspace can view the design system but not change it.",
  "design.publish": "Only admins and owners can publish versions, delete sets and manage download links.",
} as const;
export type DesignAction = keyof typeof MESSAGES;

export function assertCan(member: MemberContext, action: DesignAction): void {
  if (!can(member.role, action)) throw new UserError(403, MESSAGES[action]);
}

export async function assertCanChange(member: MemberContext, action: DesignAction, tx: Db = db()): Promise<void> {
  assertCan(member, action);
  await assertWritable(tx, member.workspace.id);
}

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
