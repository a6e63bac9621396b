import { loadBoard } from "~/.server/projects/board-reads";
import { createProject } from "~/.server/projects/projects";
import { makeOwner, memberOf } from "./factories";

/** A new owner with a workspace and one project ("Website" unless named), and its default columns (vitest). */
export async function ownerWithProject(name = "Website") {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name });
  const { columns } = await loadBoard(member, project.id);
  return { user, workspace, member, project, columns };
}
