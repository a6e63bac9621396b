import type { LoaderFunctionArgs } from "@remix-run/node";
import { readExportRequest } from "~/lib/wireframes/export";
import { orErrorPage } from "~/.server/http/submission";
import { getComponents, getWireframe } from "~/.server/wireframes";
import { orderedScreens } from "~/.server/wireframes/export";
import { requireMember } from "~/.server/workspaces";
import { componentIdsOf } from "./_app.wireframes._index.server";

/**
 * /wireframes/export/{id}: what the export page offers (every member who may view
 * wireframes, viewers included): the wireframe's screens to choose from, drawn as
 * thumbnails, and the choices a download's query carried back (`problem` when the form
 * came back with nothing chosen). Another workspace's wireframe or a missing one: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe.view");
  const wireframe = await orErrorPage(() => getWireframe(member, params.id ?? ""));
  const query = new URL(request.url).searchParams;
  const components = await getComponents(member, componentIdsOf([wireframe.document]));
  return {
    wireframe: {
      id: wireframe.id,
      name: wireframe.name,
      projectId: wireframe.projectId,
      projectName: wireframe.projectName,
      document: wireframe.document,
    },
    screens: orderedScreens(wireframe.document).map((s) => ({
      id: s.id,
      name: s.name,
      device: s.device,
      width: s.width,
      height: s.height,
    })),
    components,
    choice: readExportRequest(query),
    problem: query.get("problem") === "no-screens" ? ("no-screens" as const) : null,
  };
}
