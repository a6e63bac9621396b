import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { assignableRoles } from "~/lib/permissions";
import { requireMember } from "~/.server/workspaces";
import { listInvitations } from "~/.server/workspaces/invitations";
import { listMembers } from "~/.server/workspaces/members";
import { planUsage } from "~/.server/workspaces/standing";
import { teamAction } from "~/.server/routes/team";
import { allows } from "~/.server/access";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "team");
  const [members, invitations, { usage, plan }] = await Promise.all([
    listMembers(member.workspace.id),
    allows(member.role, "team", "invite") ? listInvitations(member.workspace.id) : Promise.resolve([]),
    planUsage(member.workspace.id),
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
      invite: allows(member.role, "team", "invite"),
      changeRoles: allows(member.role, "team", "change_role"),
      remove: allows(member.role, "team", "remove"),
    },
  };
}

export const action = ({ request }: ActionFunctionArgs) => teamAction(request);
