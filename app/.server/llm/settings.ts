import { eq } from "drizzle-orm";
import { can } from "~/lib/permissions";
import { db, schema, transaction, type Db } from "../db";
import { UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { assertWritable } from "../workspaces/limits";

/** The workspace's language-model setting: whether card titles may be sent (default no). */
const { workspaceLlmSettings } = schema;

export async function shareCardTitles(workspaceId: string, d: Db = db()): Promise<boolean> {
  const [row] = await d
    .select({ share: workspaceLlmSettings.shareCardTitles })
    .from(workspaceLlmSettings)
    .where(eq(workspaceLlmSettings.workspaceId, workspaceId));
  return row?.share ?? false;
}

/** Admins and owners, not while the workspace is read-only. */
export async function setShareCardTitles(ctx: MemberContext, share: boolean): Promise<void> {
  if (!can(ctx.role, "workspace.update")) throw new UserError(403, "Only admins and owners can change workspace settings.");
  await transaction(async (tx) => {
    await assertWritable(tx, ctx.workspace.id);
    await tx
      .insert(workspaceLlmSettings)
      .values({ workspaceId: ctx.workspace.id, shareCardTitles: share, updatedBy: ctx.user.id, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: workspaceLlmSettings.workspaceId,
        set: { shareCardTitles: share, updatedBy: ctx.user.id, updatedAt: new Date() },
      });
  });
}
