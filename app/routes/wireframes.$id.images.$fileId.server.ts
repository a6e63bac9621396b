import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadHeaders } from "~/.server/files/download";
import { readImage } from "~/.server/wireframes";
import { requireMember } from "~/.server/workspaces";

/**
 * GET /wireframes/:id/images/:fileId: an image placed in a wireframe, for members of its
 * workspace (any role). Another workspace's id, a missing one or a malformed one: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const file = await readImage(member, params.id ?? "", params.fileId ?? "");
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(file.bytes, { headers: downloadHeaders(file) });
}
