import type { LoaderFunctionArgs } from "@remix-run/node";
import { screenNotFound as notFound, svgFileResponse } from "~/.server/wireframes/screen-response";
import { screenSvgFile } from "~/.server/wireframes/screen-svg";
import { requireMember } from "~/.server/workspaces";

/**
 * GET /wireframes/:id/screens/:screenId.svg[?theme=]: one screen as an SVG file, for members of
 * the wireframe's workspace (any role); the editor page's read-only view shows it as an <img>
 * (`?v=<seq>` in its address). Revalidated by its ETag (seq, components, theme): a 304 when
 * unchanged. Another workspace's wireframe, a missing one or screen, or no `.svg`: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const name = params.screen ?? "";
  if (!name.endsWith(".svg")) return notFound();
  const url = new URL(request.url);
  const file = await screenSvgFile(member, params.id ?? "", name.slice(0, -4), { theme: url.searchParams.get("theme") });
  return file ? svgFileResponse(request, file) : notFound();
}
