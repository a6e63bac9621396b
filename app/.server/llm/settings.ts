import { eq } from "drizzle-orm";
import { db, schema, transaction, type Db } from "../db";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";

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
  await transaction(async (tx) => {
    await requireAccess(tx, ctx, "workspace", "change");
    await tx
      .insert(workspaceLlmSettings)
      .values({ workspaceId: ctx.workspace.id, shareCardTitles: share, updatedBy: ctx.user.id, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: workspaceLlmSettings.workspaceId,
        set: { shareCardTitles: share, updatedBy: ctx.user.id, updatedAt: new Date() },
      });
  });
}
