import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { assignableRoles, can } from "~/lib/permissions";
import { assignedWork } from "~/.server/dashboard/work";
import { listActivity } from "~/.server/projects/activity";
import { requireMember } from "~/.server/workspaces";
import { getMember } from "~/.server/workspaces/members";
import { teamAction } from "~/.server/workspaces/team-route";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "members.view");
  const person = params.id ? await getMember(member.workspace.id, params.id) : null;
  if (!person) throw data({ message: "This person is not a member of this workspace." }, { status: 404 });
  const [work, activity] = await Promise.all([
    assignedWork(member.workspace.id, person.id, 50, member.user.timeZone),
    listActivity(member.workspace.id, { actorId: person.id, limit: 25 }),
  ]);
  return {
    person,
    work,
    activity,
    me: member.user.id,
    assignable: assignableRoles(member.role),
    can: { changeRoles: can(member.role, "members.update_role"), remove: can(member.role, "members.remove") },
  };
}

/** The member page's role change posts the team's action; success comes back here. */
export const action = ({ request, params }: ActionFunctionArgs) => teamAction(request, `/team/${params.id}`);
