import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { MAX_ATTACHMENT_BYTES, tooLargeMessage } from "~/lib/file-size";
import { isUuid } from "~/lib/ids";
import type { WireframeElement } from "~/lib/wireframes/document";
import { db, rowsOf, schema, type Db } from "../db";
import { emit, envelope, mutate } from "../events";
import { UserError } from "../errors";
import { cleanFileName } from "../files/attachment-actions";
import { discardFiles } from "../files/attachments";
import type { StoredFile } from "../files/download";
import { fileStore } from "../files/store";
import type { MemberContext } from "../workspaces";
import { assertCanStore, lockWorkspaceStorage } from "../workspaces/limits";
import { requireAccess, requireRead, requireRole } from "../access";
import { findWireframeRow } from "./rows";

/**
 * Images placed in wireframes: uploaded through the file store, counted in the workspace's
 * storage like card attachments, served only to members of the workspace. An image row
 * belongs to the wireframe it was uploaded to, but any wireframe of the workspace may show
 * it (a copy, a paste between wireframes), so reads check the workspace, not the wireframe.
 */
const { wireframeImages } = schema;

export const imageUrl = (wireframeId: string, fileId: string) => `/wireframes/${wireframeId}/images/${fileId}`;

/** The image types a wireframe shows, by their first bytes (the browser's word is not trusted). */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50)
    return "image/webp";
  return null;
}

/**
 * Stores an image for a wireframe (members): PNG, JPEG, GIF or WebP up to 25 MB, within the
 * plan's storage. The bytes go to the store first; the row is written under the workspace's
 * storage lock after the room is checked again, or the bytes are removed.
 */
export async function uploadImage(
  member: MemberContext,
  wireframeId: string,
  file: Blob & { name?: string },
): Promise<{ fileId: string; url: string }> {
  requireRole(member, "wireframe", "change");
  const row = await findWireframeRow(db(), member, wireframeId);
  if (file.size === 0) throw new UserError(400, "Choose an image to upload.", "file");
  if (file.size > MAX_ATTACHMENT_BYTES) throw new UserError(413, tooLargeMessage(), "file");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new UserError(415, "Wireframes show PNG, JPEG, GIF and WebP images. Choose one of those.", "file");
  const workspaceId = member.workspace.id;
  await assertCanStore(db(), workspaceId, bytes.byteLength);
  const storageKey = `${workspaceId}/wireframes/${randomUUID()}`;
  const fileName = cleanFileName(file.name ?? "") || "image";
  await fileStore().put(storageKey, bytes, contentType);
  try {
    const id = await mutate(async (tx) => {
      await lockWorkspaceStorage(tx, workspaceId);
      await requireAccess(tx, member, "wireframe", "change");
      await assertCanStore(tx, workspaceId, bytes.byteLength);
      const [inserted] = await tx
        .insert(wireframeImages)
        .values({
          workspaceId,
          wireframeId: row.id,
          uploadedBy: member.user.id,
          fileName,
          contentType,
          sizeBytes: bytes.byteLength,
          storageKey,
        })
        .returning({ id: wireframeImages.id });
      await emit(tx, {
        kind: "wireframe.image_added",
        ...envelope(member, row.projectId),
        subject: { id: row.id, name: row.name },
        change: { image: { id: inserted!.id, fileName, contentType, sizeBytes: bytes.byteLength } },
      });
      return inserted!.id;
    });
    return { fileId: id, url: imageUrl(row.id, id) };
  } catch (error) {
    await discardFiles([storageKey]);
    throw error;
  }
}

/** An image of the workspace for a member (any role) viewing one of its wireframes, or null. */
export async function readImage(member: MemberContext, wireframeId: string, fileId: string): Promise<StoredFile | null> {
  requireRead(member, "wireframe");
  if (!isUuid(wireframeId) || !isUuid(fileId)) return null;
  try {
    await findWireframeRow(db(), member, wireframeId);
  } catch {
    return null;
  }
  return readWorkspaceImage(member.workspace.id, fileId);
}

/**
 * An image row of one workspace with its bytes, or null (tenancy in the where). Callers have
 * checked who may see it: a member (readImage) or a share link whose document shows it.
 */
export async function readWorkspaceImage(workspaceId: string, fileId: string): Promise<StoredFile | null> {
  if (!isUuid(fileId)) return null;
  const [file] = await db()
    .select({
      id: wireframeImages.id,
      fileName: wireframeImages.fileName,
      contentType: wireframeImages.contentType,
      storageKey: wireframeImages.storageKey,
    })
    .from(wireframeImages)
    .where(and(eq(wireframeImages.id, fileId), eq(wireframeImages.workspaceId, workspaceId)));
  if (!file) return null;
  const bytes = await fileStore().get(file.storageKey);
  if (!bytes) {
    console.error(`[wireframes] image ${file.id} has no stored bytes (key ${file.storageKey})`);
    return null;
  }
  return { fileName: file.fileName, contentType: file.contentType, bytes: bytes as Uint8Array<ArrayBuffer> };
}

/** The uploaded images the elements show, and those of the components their instances draw. */
export function imageIdsShown(
  elements: Iterable<WireframeElement>,
  components: Record<string, { definition: { elements: Record<string, WireframeElement> } }> = {},
): string[] {
  const all = [...elements, ...Object.values(components).flatMap((c) => Object.values(c.definition.elements))];
  return [...new Set(all.flatMap((el) => (el.type === "image" && !el.hidden && el.fileId ? [el.fileId] : [])))];
}

/**
 * Images as data: URIs by file id (for files that load nothing from outside: an SVG shown as
 * an <img>, an export). A file that is gone is left out; with limits, so are files past them.
 */
export async function imageDataUris(
  ids: string[],
  read: (fileId: string) => Promise<StoredFile | null>,
  limits: { fileBytes: number; totalBytes: number } = { fileBytes: Infinity, totalBytes: Infinity },
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let total = 0;
  for (const id of ids) {
    const file = await read(id);
    if (!file || file.bytes.byteLength > limits.fileBytes || total + file.bytes.byteLength > limits.totalBytes) continue;
    total += file.bytes.byteLength;
    out.set(id, `data:${file.contentType};base64,${Buffer.from(file.bytes).toString("base64")}`);
  }
  return out;
}

/**
 * Before a wireframe is deleted: each of its images that another wireframe of the workspace
 * still shows is handed over to that wireframe; the keys of the others are returned, to
 * discard after the deletion commits (the rows go with the wireframe).
 */
export async function handOverImages(tx: Db, workspaceId: string, wireframeId: string): Promise<string[]> {
  const images = await tx
    .select({ id: wireframeImages.id, storageKey: wireframeImages.storageKey })
    .from(wireframeImages)
    .where(and(eq(wireframeImages.wireframeId, wireframeId), eq(wireframeImages.workspaceId, workspaceId)));
  const discard: string[] = [];
  for (const image of images) {
    const [user] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select w.id from wireframes w
        where w.workspace_id = ${workspaceId} and w.id <> ${wireframeId}
          and jsonb_path_exists(w.document, '$.elements.* ? (@.fileId == $f)', jsonb_build_object('f', ${image.id}::text))
        limit 1`),
    );
    if (user) {
      await tx
        .update(wireframeImages)
        .set({ wireframeId: user.id })
        .where(
          and(eq(wireframeImages.id, image.id), eq(wireframeImages.workspaceId, workspaceId), ne(wireframeImages.wireframeId, user.id)),
        );
    } else discard.push(image.storageKey);
  }
  return discard;
}
