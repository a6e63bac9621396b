import { isUuid } from "~/lib/ids";
import { meterApiClient } from "../projects/board-route";
import { requireMember } from "../workspaces";
import { findAttachment } from "./attachments";
import { fileStore } from "./store";

/** Types a browser may show in the page; everything else (SVG and HTML included) is only ever downloaded. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** RFC 6266: a plain-ASCII fallback name and the exact name in RFC 5987 encoding. */
export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

const notFound = () =>
  Response.json({ message: "This file does not exist, or it was deleted." }, { status: 404, headers: { "Cache-Control": "private" } });

/**
 * GET /projects/:id/attachments/:attachmentId. Members of the workspace (any role)
 * download; the attachment is looked up with the workspace and project ids in the
 * query, so another workspace's id is a 404 like one that never existed.
 */
export async function attachmentDownload(
  request: Request,
  projectId: string | undefined,
  attachmentId: string | undefined,
): Promise<Response> {
  const member = await requireMember(request, "project.view");
  const quota = await meterApiClient(request, member.workspace.id);
  if (quota) return quota;
  if (!isUuid(projectId) || !isUuid(attachmentId)) return notFound();
  const file = await findAttachment(member.workspace.id, projectId, attachmentId);
  if (!file) return notFound();
  const bytes = await fileStore().get(file.storageKey);
  if (!bytes) {
    console.error(`[files] attachment ${file.id} has no stored bytes (key ${file.storageKey})`);
    return notFound();
  }
  const inline = INLINE_TYPES.has(file.contentType);
  // Drivers answer Uint8Array<ArrayBufferLike> (node-postgres: a Buffer); the bytes are never shared memory.
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": inline ? file.contentType : "application/octet-stream",
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", file.fileName),
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private",
      // Should a browser render it anyway, it runs nothing and reaches nothing.
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
