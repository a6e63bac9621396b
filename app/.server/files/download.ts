import { isUuid } from "~/lib/ids";
import type { MemberContext } from "../workspaces";
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

export type StoredFile = { fileName: string; contentType: string; bytes: Uint8Array<ArrayBuffer> };

/**
 * A card's file for a member of its workspace (any role), or null: the attachment is
 * looked up with the workspace and project ids in the query, so another workspace's id
 * is null like one that never existed, and so is a row whose bytes are missing.
 */
export async function readAttachment(member: MemberContext, projectId: string, attachmentId: string): Promise<StoredFile | null> {
  if (!isUuid(projectId) || !isUuid(attachmentId)) return null;
  const file = await findAttachment(member, projectId, attachmentId);
  if (!file) return null;
  const bytes = await fileStore().get(file.storageKey);
  if (!bytes) {
    console.error(`[files] attachment ${file.id} has no stored bytes (key ${file.storageKey})`);
    return null;
  }
  // Drivers answer Uint8Array<ArrayBufferLike> (node-postgres: a Buffer); the bytes are never shared memory.
  return { fileName: file.fileName, contentType: file.contentType, bytes: bytes as Uint8Array<ArrayBuffer> };
}

/** How a file is served: safe images inline, everything else as a download; never sniffed, never cached for others, never run. */
export function downloadHeaders(file: StoredFile): Record<string, string> {
  const inline = INLINE_TYPES.has(file.contentType);
  return {
    "Content-Type": inline ? file.contentType : "application/octet-stream",
    "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", file.fileName),
    "Content-Length": String(file.bytes.byteLength),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private",
    // Should a browser render it anyway, it runs nothing and reaches nothing.
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
}
