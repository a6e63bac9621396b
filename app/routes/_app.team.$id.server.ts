import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { assignableRoles } from "~/lib/permissions";
import { assignedWork } from "~/.server/dashboard/work";
import { listActivity } from "~/.server/projects/activity";
import { requireMember } from "~/.server/workspaces";
import { getMember } from "~/.server/workspaces/members";
import { teamAction } from "~/.server/routes/team";
import { allows } from "~/.server/access";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "team");
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
    can: { changeRoles: allows(member.role, "team", "change_role"), remove: allows(member.role, "team", "remove") },
  };
}

/** The member page's role change posts the team's action; success comes back here. */
export const action = ({ request, params }: ActionFunctionArgs) => teamAction(request, `/team/${params.id}`);
