import { and, eq } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { can, type Action } from "~/lib/permissions";
import { db, schema, type Db } from "../db";
import { notFound, UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { readOnlyMessage, readOnlyReason } from "../workspaces/limits";

/**
 * The rules every wireframe service applies itself, whoever calls it (a page's form, the
 * JSON API, a test): the role must allow the action (viewers look, members edit, admins
 * and owners also delete), a change needs a writable workspace, and every row is found
 * with the workspace's id in its where, so another workspace's id is a 404 like a missing one.
 */
const MESSAGES: Record<"wireframe.view" | "wireframe.edit" | "wireframe.delete", string> = {
  "wireframe.view": "Your role in this workspace does not allow viewing wireframes.",
  "wireframe.edit": "Your role in this workspace can view wireframes but not change them.",
  "wireframe.delete": "Only admins and owners can delete wireframes and components.",
};

export function assertCan(member: MemberContext, action: keyof typeof MESSAGES | Extract<Action, "card.update">): void {
  if (!can(member.role, action))
    throw new UserError(403, action === "card.update" ? "Your role in this workspace cannot change cards." : MESSAGES[action]);
}

/**
 * A change to a read-only workspace (trial ended, subscription canceled) is a 409: the
 * request is fine, the workspace's state refuses it for now (the editor keeps the work
 * and says why).
 */
export async function assertCanChange(member: MemberContext, action: "wireframe.edit" | "wireframe.delete" | "card.update", tx: Db = db()) {
  assertCan(member, action);
  const reason = await readOnlyReason(tx, member.workspace.id);
  if (reason) throw new UserError(409, readOnlyMessage(reason));
}

export const wireframeNotFound = () => notFound("That wireframe");

/** The wireframe's row in the member's workspace (locked for the transaction when `lock`), or a 404. */
export async function findWireframeRow(tx: Db, member: MemberContext, id: string, opts: { lock?: boolean } = {}) {
  if (!isUuid(id)) throw wireframeNotFound();
  const { wireframes } = schema;
  const query = tx
    .select()
    .from(wireframes)
    .where(and(eq(wireframes.id, id), eq(wireframes.workspaceId, member.workspace.id)))
    .limit(1);
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw wireframeNotFound();
  return row;
}

/** A wireframe's name: trimmed, 1 to 120 characters. */
export function cleanName(name: string, what = "wireframe"): string {
  const clean = name.replace(/\s+/g, " ").trim();
  if (!clean) throw new UserError(400, `Give the ${what} a name.`, "name");
  if (Array.from(clean).length > 120) throw new UserError(400, `Keep the ${what}'s name to 120 characters or fewer.`, "name");
  return clean;
}
