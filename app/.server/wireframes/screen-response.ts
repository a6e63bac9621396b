import type { ScreenSvgFile } from "./screen-svg";

/** A screen file that is not there (or not this caller's): a plain 404, as an <img> or a download asks. */
export const screenNotFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** A screen's drawing as a response: 304 when the browser's copy has its ETag (/wireframes/{id}/screens/… and /p/{token}/screens/…). */
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
