import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUserError } from "~/.server/errors";
import { isUnlocked, sharedScreenSvg } from "~/.server/prototypes";
import { open, unlockCookie } from "~/.server/prototypes/share-link-request";
import { screenNotFound as notFound, svgFileResponse } from "~/.server/wireframes/screen-response";

/**
 * GET /p/{token}/screens/{screenId}.svg: one screen of the shared prototype as an SVG file,
 * for anyone with the link (and its password), revalidated by its ETag like a member's
 * /wireframes/{id}/screens/{screenId}.svg. A revoked or expired link: 410; unknown: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const shared = await open(request, token, false);
  if (isUserError(shared))
    return new Response(shared.message, {
      status: shared.status,
      headers: { ...shared.headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const cookie = await unlockCookie(shared.linkId).parse(request.headers.get("Cookie"));
  if (!isUnlocked(shared, cookie)) return notFound();
  const name = params.screen ?? "";
  const file = name.endsWith(".svg") ? await sharedScreenSvg(shared, token, name.slice(0, -4)) : null;
  return file ? svgFileResponse(request, file) : notFound();
}
