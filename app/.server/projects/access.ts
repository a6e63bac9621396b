import { can, type Action } from "~/lib/permissions";
import { db, type Db } from "../db";
import { UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { assertWritable } from "../workspaces/limits";

/**
 * The rules every project and board service applies itself, whoever calls it (a page's
 * action, the JSON API, the dashboard's quick create, a test): the member's role must
 * allow the action, and a change needs a writable workspace (not read-only after a trial
 * or a subscription ended).
 */
export const VIEW_ONLY_MESSAGE = "Your role in this workspace can view this board but not change it.";

/** A 403 unless the member's role allows `action`. */
export function assertCan(member: MemberContext, action: Action): void {
  if (!can(member.role, action)) throw new UserError(403, VIEW_ONLY_MESSAGE);
}

/** A 403 unless the role allows `action` and the workspace may be changed. */
export async function assertCanChange(member: MemberContext, action: Action, tx: Db = db()): Promise<void> {
  assertCan(member, action);
  await assertWritable(tx, member.workspace.id);
}

/** Where a board write happens and who makes it: the tenancy every query carries in its where. */
export type BoardScope = { workspaceId: string; projectId: string; actorId: string };

export function scopeOf(member: MemberContext, projectId: string): BoardScope {
  return { workspaceId: member.workspace.id, projectId, actorId: member.user.id };
}
