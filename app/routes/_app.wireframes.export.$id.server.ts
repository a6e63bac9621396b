import type { LoaderFunctionArgs } from "@remix-run/node";
import { readExportRequest } from "~/lib/wireframes/export";
import { orErrorPage } from "~/.server/http/submission";
import { getComponents, getWireframe } from "~/.server/wireframes";
import { orderedScreens } from "~/.server/wireframes/export";
import { wireframeDesign } from "~/.server/wireframes/tokens";
import { requireMember } from "~/.server/workspaces";
import { componentIdsOf } from "~/.server/wireframes/thumbnails";

/**
 * /wireframes/export/{id}: what the export page offers (every member who may view
 * wireframes, viewers included): the wireframe's screens to choose from, drawn as
 * thumbnails in the design system's chosen theme (`?theme=`, the first by default, as the
 * editor), and the choices a download's query carried back (`problem` when the form came
 * back with nothing chosen). Another workspace's wireframe or a missing one: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const wireframe = await orErrorPage(() => getWireframe(member, params.id ?? ""));
  const query = new URL(request.url).searchParams;
  const choice = readExportRequest(query);
  const [components, design] = await Promise.all([
    getComponents(member, componentIdsOf([wireframe.document])),
    wireframeDesign(member, wireframe.projectId, choice.theme),
  ]);
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
    choice: { ...choice, theme: design.theme || null },
    /** The design system's themes (a choice when there are several) and the chosen one's values, for the thumbnails. */
    themes: design.themes,
    tokens: design.tokensByTheme[design.theme] ?? {},
    problem: query.get("problem") === "no-screens" ? ("no-screens" as const) : null,
  };
}
