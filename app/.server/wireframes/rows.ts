import { and, eq } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { schema, type Db } from "../db";
import { notFound, UserError } from "../errors";
import type { MemberContext } from "../workspaces";

/**
 * Finding a wireframe's row and checking its name: every row is found with the workspace's id
 * in its where, so another workspace's id is a 404 like a missing one.
 */
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
