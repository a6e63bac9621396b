import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readWireframeFilters } from "~/lib/forms/wireframes";
import { notFound } from "~/.server/errors";
import { getProject } from "~/.server/projects/projects";
import { requireMember } from "~/.server/workspaces";
import { wireframeList, wireframeListAction } from "~/.server/routes/wireframe-list";
import { data } from "@remix-run/node";

/** One project's wireframes, as /wireframes lists them; another workspace's project is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const project = await getProject(member, params.id ?? "");
  if (!project) {
    const error = notFound("That project");
    throw data({ message: error.message }, { status: error.status });
  }
  const filters = readWireframeFilters(new URL(request.url).searchParams);
  return wireframeList(member, filters, { id: project.id, name: project.name });
}

export const action = ({ request }: ActionFunctionArgs) => wireframeListAction(request);
