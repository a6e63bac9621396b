import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { boardApiAction, meterApiClient } from "~/.server/projects/board-route";
import { loadBoard } from "~/.server/projects/board";
import { getProject } from "~/.server/projects/projects";
import { requireMember } from "~/.server/workspaces";

/** GET: the board as JSON. POST: one board intent (the same ones the page's forms send). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "project.view").catch((thrown) => {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return null;
    throw thrown;
  });
  if (!member) return Response.json({ error: "Authentication required" }, { status: 401 });
  const quota = await meterApiClient(request, member.workspace.id);
  if (quota) return quota;
  const project = params.id ? await getProject(member.workspace.id, params.id) : null;
  if (!project) return Response.json({ error: "Project not found" }, { status: 404 });
  const board = await loadBoard(member.workspace.id, project.id);
  return Response.json({ data: { project: { id: project.id, name: project.name }, columns: board.columns } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return boardApiAction(request, params.id);
}
