import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUserError } from "~/.server/errors";
import { downloadHeaders } from "~/.server/files/download";
import { isUnlocked, readSharedImage } from "~/.server/prototypes";
import { open, unlockCookie } from "~/.server/prototypes/share-link-request";

/**
 * GET /p/{token}/images/{fileId}: an image the shared prototype shows, for anyone with the
 * link (and its password, when it has one). Under the link's authority only: an image of
 * another wireframe is 404, and a link that is revoked or expired refuses as its page does
 * (410; unknown 404; too many guesses 429).
 */
const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const shared = await open(request, params.token ?? "", false);
  if (isUserError(shared)) return text(shared.status, shared.message, shared.headers);
  const cookie = await unlockCookie(shared.linkId).parse(request.headers.get("Cookie"));
  if (!isUnlocked(shared, cookie)) return text(401, "This prototype is protected: open its link and enter the password first.");
  const file = await readSharedImage(shared, params.fileId ?? "");
  if (!file) return text(404, "Not found");
  // Revalidated on each view, so a revoked link stops showing its images at once.
  return new Response(file.bytes, { headers: { ...downloadHeaders(file), "Cache-Control": "private, no-cache" } });
}
