import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { assignableRoles, can } from "~/lib/permissions";
import { db } from "~/.server/db";
import { requireMember } from "~/.server/workspaces";
import { listInvitations } from "~/.server/workspaces/invitations";
import { planOf, usageOf } from "~/.server/workspaces/limits";
import { listMembers } from "~/.server/workspaces/members";
import { teamAction } from "~/.server/workspaces/team-route";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "members.view");
  const [members, invitations, usage, plan] = await Promise.all([
    listMembers(member.workspace.id),
    can(member.role, "members.invite") ? listInvitations(member.workspace.id) : Promise.resolve([]),
    usageOf(db(), member.workspace.id),
    planOf(db(), member.workspace.id),
  ]);
  return {
    me: member.user.id,
    role: member.role,
    workspaceName: member.workspace.name,
    members,
    invitations,
    seats: { used: usage.members, limit: plan.limits.users, plan: plan.name },
    assignable: assignableRoles(member.role),
    can: {
      invite: can(member.role, "members.invite"),
      changeRoles: can(member.role, "members.update_role"),
      remove: can(member.role, "members.remove"),
    },
  };
}

export const action = ({ request }: ActionFunctionArgs) => teamAction(request);
