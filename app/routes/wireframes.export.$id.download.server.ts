import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { readExportRequest } from "~/lib/wireframes/export";
import { isUserError } from "~/.server/errors";
import { contentDisposition } from "~/.server/files/download";
import { exportWireframe } from "~/.server/wireframes/export";
import { requireMember } from "~/.server/workspaces";

/**
 * GET /wireframes/export/{id}/download: one export as a download, for any member who may
 * view wireframes (viewers included). A plain GET (a link, or the export page's form), so
 * it works without JavaScript. The export page's form sends `pick=1`: with no screen ticked
 * it goes back to the page, which says so. Another workspace's wireframe or a missing one:
 * 404; a screen the wireframe does not have: 400; each with its message as plain text.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const url = new URL(request.url);
  const id = params.id ?? "";
  const req = readExportRequest(url.searchParams);
  if (url.searchParams.get("pick") === "1" && req.screenIds.length === 0) {
    const back = new URLSearchParams(url.searchParams);
    back.delete("pick");
    back.set("problem", "no-screens");
    return redirect(`/wireframes/export/${encodeURIComponent(id)}?${back.toString()}`, 303);
  }
  try {
    const file = await exportWireframe(member, id, req);
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": contentDisposition("attachment", file.fileName),
        "Content-Length": String(file.bytes.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        // An SVG opened from here runs nothing and reaches nothing.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox",
      },
    });
  } catch (error) {
    if (!isUserError(error)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
