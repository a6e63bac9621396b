import type { LoaderFunctionArgs } from "@remix-run/node";
import { screenSvgFile, type ScreenSvgFile } from "~/.server/wireframes/screen-svg";
import { requireMember } from "~/.server/workspaces";

export const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * GET /wireframes/:id/screens/:screenId.svg[?theme=]: one screen as an SVG file, for members of
 * the wireframe's workspace (any role); the editor page's read-only view shows it as an <img>
 * (`?v=<seq>` in its address). Revalidated by its ETag (seq, components, theme): a 304 when
 * unchanged. Another workspace's wireframe, a missing one or screen, or no `.svg`: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe.view");
  const name = params.screen ?? "";
  if (!name.endsWith(".svg")) return notFound();
  const url = new URL(request.url);
  const file = await screenSvgFile(member, params.id ?? "", name.slice(0, -4), { theme: url.searchParams.get("theme") });
  return file ? svgFileResponse(request, file) : notFound();
}

/** A screen's drawing as a response: 304 when the browser's copy has its ETag (also for /p/{token}/screens/…). */
export async function svgFileResponse(request: Request, file: ScreenSvgFile): Promise<Response> {
  const headers = {
    ETag: file.etag,
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
    // Opened on its own, the file runs nothing and loads only its own inlined images.
    "Content-Security-Policy": "default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'",
  };
  if (request.headers.get("If-None-Match") === file.etag) return new Response(null, { status: 304, headers });
  return new Response(await file.render(), { headers: { ...headers, "Content-Type": "image/svg+xml; charset=utf-8" } });
}
