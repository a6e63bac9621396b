import { and, eq, ne } from "drizzle-orm";
import { schema, transaction } from "../db";
import { emit, envelope, mutate } from "../events";
import { UserError } from "../errors";
import { attachmentKeys, discardFiles } from "../files/attachments";
import { slugify, type MemberContext } from "./index";
import { requireAccess, requireRole } from "../access";

/** The workspace's own settings: its name and address, and deleting it. */
const { workspaces } = schema;

/** Renames the workspace and sets its address; admins and owners, not while read-only. Returns the address used. */
export async function updateWorkspace(ctx: MemberContext, input: { name: string; slug: string }): Promise<{ slug: string }> {
  const wanted = slugify(input.slug || input.name);
  return mutate(async (tx) => {
    await requireAccess(tx, ctx, "workspace", "change");
    const [taken] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.slug, wanted), ne(workspaces.id, ctx.workspace.id)))
      .limit(1);
    if (taken) throw new UserError(400, "That address is taken. Try another.", "slug");
    const [before] = await tx
      .select({ name: workspaces.name, slug: workspaces.slug })
      .from(workspaces)
      .where(eq(workspaces.id, ctx.workspace.id))
      .for("update");
    const name = input.name.trim();
    await tx.update(workspaces).set({ name, slug: wanted, updatedAt: new Date() }).where(eq(workspaces.id, ctx.workspace.id));
    const fields = [
      { field: "name", from: before!.name, to: name },
      { field: "slug", from: before!.slug, to: wanted },
    ].filter((f) => f.from !== f.to);
    await emit(tx, {
      kind: "workspace.updated",
      ...envelope(ctx),
      subject: { id: ctx.workspace.id, name, slug: wanted },
      change: { fields },
    });
    return { slug: wanted };
  });
}

/**
 * Deletes the workspace for everyone (owners only), once `confirm` is its name. Its rows
 * go by cascade; its files' bytes are discarded after the commit.
 */
export async function deleteWorkspace(ctx: MemberContext, confirm: string): Promise<void> {
  requireRole(ctx, "workspace", "delete");
  if (confirm.trim() !== ctx.workspace.name) {
    throw new UserError(400, `Type the workspace's name, ${ctx.workspace.name}, to confirm.`, "confirm");
  }
  const fileKeys = await transaction(async (tx) => {
    const keys = await attachmentKeys(tx, { workspaceId: ctx.workspace.id });
    await tx.delete(workspaces).where(eq(workspaces.id, ctx.workspace.id));
    return keys;
  });
  await discardFiles(fileKeys);
}
