import type { MemberContext } from "../workspaces";

/** Where a board write happens and who makes it: the tenancy every query carries in its where. */
export type BoardScope = { workspaceId: string; projectId: string; actorId: string };

export function scopeOf(member: MemberContext, projectId: string): BoardScope {
  return { workspaceId: member.workspace.id, projectId, actorId: member.user.id };
}
