import type { LoaderFunctionArgs } from "@remix-run/node";
import { getProject } from "~/.server/projects/projects";
import { boardTopic, ready } from "~/.server/realtime";
import { eventStream } from "~/.server/realtime/sse";
import { isMemberOf, requireMember } from "~/.server/workspaces";

/** Server-sent events for one board: "something changed", so the page revalidates. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "project");
  const project = params.id ? await getProject(member, params.id) : null;
  if (!project) return new Response("Not found", { status: 404 });
  await ready();
  return eventStream(request, boardTopic(project.id), {
    // A member removed from the workspace, or a project deleted, ends the stream.
    stillAllowed: async () => (await isMemberOf(member.user.id, member.workspace.id)) && !!(await getProject(member, project.id)),
  });
}
