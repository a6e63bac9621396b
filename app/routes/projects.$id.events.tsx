import type { LoaderFunctionArgs } from "@remix-run/node";
import { getProject } from "~/.server/projects/projects";
import { boardTopic, ready } from "~/.server/realtime";
import { eventStream } from "~/.server/realtime/sse";
import { isMemberOf, requireMember } from "~/.server/workspaces";

/** Server-sent events for one board: "something changed", so the page revalidates. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "project.view");
  const project = params.id ? await getProject(member.workspace.id, params.id) : null;
  if (!project) return new Response("Not found", { status: 404 });
  await ready();
  const workspaceId = member.workspace.id;
  const userId = member.user.id;
  return eventStream(request, boardTopic(project.id), {
    stillAllowed: async () => (await isMemberOf(userId, workspaceId)) && !!(await getProject(workspaceId, project.id)),
  });
}
