import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { formatBytes, MAX_ATTACHMENT_BYTES } from "~/lib/file-size";
import type { ToastInput } from "~/lib/toast";
import { isUuid } from "~/lib/ids";
import { SCHEMA_VERSION, type WireframeDocument } from "~/lib/wireframes/document";
import { ExcalidrawError, excalidrawToDocument, isExcalidrawScene, type ImportNote } from "~/lib/wireframes/excalidraw";
import { DocumentVersionError, liftTo, MIGRATIONS } from "~/lib/wireframes/migrate";
import { firstIssueMessage, wireframeDocumentSchema } from "~/lib/wireframes/schema";
import { db, schema } from "../db";
import { emit, envelope, mutate } from "../events";
import { UserError } from "../errors";
import { discardFiles } from "../files/attachments";
import { fileStore } from "../files/store";
import type { MemberContext } from "../workspaces";
import { assertCanStore, lockWorkspaceStorage } from "../workspaces/limits";
import { requireAccess } from "../access";
import { cleanName } from "./rows";
import { sniffImageType } from "./images";

/**
 * Imports (issue 15): a file becomes a new wireframe in one of the workspace's projects.
 *
 * - Our JSON export: the document as it was (ids, order, everything: importing an export
 *   gives the same elements); an older `schemaVersion` is lifted by migrate.ts. Images of
 *   another workspace and instances of components this workspace lacks are kept as
 *   references and listed (they draw empty or as "Missing component").
 * - An Excalidraw scene (`.excalidraw`): mapped by app/lib/wireframes/excalidraw.ts; its
 *   images are stored like uploaded ones and count toward the plan's storage.
 *
 * A file that is neither, or is broken, is a 400 saying what is wrong and where; nothing is
 * created then (the images are stored only after the whole file was read, and removed again
 * if the wireframe cannot be written).
 */

export const MAX_IMPORT_BYTES = MAX_ATTACHMENT_BYTES;
/** A saved document's size limit (patches.ts refuses to grow a document past it). */
const MAX_DOCUMENT_CHARS = 8 * 1024 * 1024;

export type ImportInput = { projectId: string; name?: string; fileName: string; bytes: Uint8Array };
export type ImportResult = {
  id: string;
  name: string;
  kind: "atelier" | "excalidraw" | "figma";
  screenCount: number;
  elementCount: number;
  /** What could not be mapped (or was changed on the way), with how many. */
  notes: ImportNote[];
};

const bad = (message: string) => new UserError(400, message, "file");

/** The file's text as JSON, or a 400 naming the line and column of the first error. */
export function parseJsonFile(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) throw bad("The file is empty. Choose a wireframe's JSON export or an .excalidraw file.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw bad("The file is not text (UTF-8). Choose a wireframe's JSON export or an .excalidraw file.");
  }
  if (text.includes("\u0000")) throw bad("The file contains a NUL character, so it is not a JSON export or an .excalidraw file.");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    let where = "";
    if (at) {
      const before = text.slice(0, Number(at[1]));
      const line = before.split("\n").length;
      where = ` at line ${line}, column ${before.length - before.lastIndexOf("\n")}`;
    }
    throw bad(
      `The file is not valid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/s, "").replace(/\s*\(line \d+ column \d+\)$/, "")}.`,
    );
  }
}

/** A wireframe document of this or an earlier schemaVersion, lifted and validated; a 400 naming the first problem's path. */
export function readAtelierDocument(value: unknown): WireframeDocument {
  let lifted: Record<string, unknown>;
  try {
    lifted = liftTo(value, SCHEMA_VERSION, MIGRATIONS);
  } catch (error) {
    if (error instanceof DocumentVersionError) throw bad(`This wireframe file cannot be imported: ${error.message}`);
    throw error;
  }
  const parsed = wireframeDocumentSchema.safeParse(lifted);
  if (!parsed.success) throw bad(`This wireframe file cannot be imported: ${firstIssueMessage(parsed.error)}`);
  return parsed.data;
}

/** What the file holds: our document, or an Excalidraw scene mapped to one (with its images). */
export function readImportFile(bytes: Uint8Array, baseName: string) {
  const value = parseJsonFile(bytes);
  if (isExcalidrawScene(value)) {
    try {
      return { kind: "excalidraw" as const, ...excalidrawToDocument(value, { name: baseName }) };
    } catch (error) {
      if (error instanceof ExcalidrawError) throw bad(`This Excalidraw scene cannot be imported: ${error.message}`);
      throw error;
    }
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value) && "schemaVersion" in value) {
    return { kind: "atelier" as const, document: readAtelierDocument(value), images: [], notes: [] as ImportNote[] };
  }
  throw bad("This file is neither a wireframe exported from Atelier (JSON) nor an Excalidraw scene (.excalidraw).");
}

/** "Sign-in flow.excalidraw" → "Sign-in flow". */
export function baseNameOf(fileName: string): string {
  return fileName
    .replace(/^.*[\\/]/, "")
    .replace(/(\.excalidraw)?(\.json)?$/i, "")
    .trim();
}

/** The scene's images, decoded and checked (PNG, JPEG, GIF or WebP by their bytes, 25 MB each). */
function decodeImages(images: { elementId: string; dataURL: string }[]) {
  return images.map((image, i) => {
    const bytes = Uint8Array.from(Buffer.from(image.dataURL.slice(image.dataURL.indexOf(",") + 1), "base64"));
    const contentType = sniffImageType(bytes);
    if (!contentType)
      throw bad(`This Excalidraw scene cannot be imported: image ${i + 1} of its files is not a PNG, JPEG, GIF or WebP image.`);
    if (bytes.byteLength > MAX_ATTACHMENT_BYTES)
      throw bad(`This Excalidraw scene cannot be imported: image ${i + 1} is larger than ${formatBytes(MAX_ATTACHMENT_BYTES)}.`);
    return { elementId: image.elementId, bytes, contentType };
  });
}

/** Notes on an Atelier document's references that this workspace cannot draw. */
async function foreignReferences(member: MemberContext, doc: WireframeDocument): Promise<ImportNote[]> {
  const elements = Object.values(doc.elements);
  const fileIds = [...new Set(elements.flatMap((el) => (el.type === "image" && el.fileId ? [el.fileId] : [])))];
  const componentIds = [...new Set(elements.flatMap((el) => (el.type === "instance" ? [el.componentId] : [])))];
  const workspaceId = member.workspace.id;
  const known = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));
  const images = fileIds.length
    ? known(
        await db()
          .select({ id: schema.wireframeImages.id })
          .from(schema.wireframeImages)
          .where(and(eq(schema.wireframeImages.workspaceId, workspaceId), inArray(schema.wireframeImages.id, fileIds.filter(isUuid)))),
      )
    : new Set<string>();
  const components = componentIds.length
    ? known(
        await db()
          .select({ id: schema.wireframeComponents.id })
          .from(schema.wireframeComponents)
          .where(
            and(
              eq(schema.wireframeComponents.workspaceId, workspaceId),
              inArray(schema.wireframeComponents.id, componentIds.filter(isUuid)),
            ),
          ),
      )
    : new Set<string>();
  const notes: ImportNote[] = [];
  const strayImages = elements.filter((el) => el.type === "image" && el.fileId && !images.has(el.fileId)).length;
  const strayInstances = elements.filter((el) => el.type === "instance" && !components.has(el.componentId)).length;
  if (strayImages)
    notes.push({
      what:
        strayImages === 1
          ? "image whose file is in another workspace (shown empty)"
          : "images whose file is in another workspace (shown empty)",
      count: strayImages,
    });
  if (strayInstances)
    notes.push({
      what:
        strayInstances === 1
          ? "instance of a component this workspace does not have (shown as missing)"
          : "instances of components this workspace does not have (shown as missing)",
      count: strayInstances,
    });
  return notes;
}

/** A new wireframe from an imported file, in one of the workspace's projects. */
export async function importWireframe(member: MemberContext, input: ImportInput): Promise<ImportResult> {
  // A first answer before the file is read; the transaction that writes asks again.
  await requireAccess(db(), member, "wireframe", "change");
  if (input.bytes.byteLength > MAX_IMPORT_BYTES)
    throw new UserError(
      413,
      `The file is larger than ${formatBytes(MAX_IMPORT_BYTES)}, the most an import can be. Nothing was imported.`,
      "file",
    );
  const baseName = baseNameOf(input.fileName);
  const file = readImportFile(input.bytes, baseName);
  const name = cleanName(input.name?.trim() || baseName || "Imported wireframe");
  const document = file.document;
  const notes = file.kind === "atelier" ? await foreignReferences(member, document) : file.notes;
  if (JSON.stringify(document).length > MAX_DOCUMENT_CHARS)
    throw new UserError(413, "This wireframe is too large to import (more than about 8 MB as a document). Split it first.", "file");

  const id = await storeImportedWireframe(member, {
    projectId: input.projectId,
    name,
    baseName,
    document,
    images: decodeImages(file.images),
  });
  return {
    id,
    name,
    kind: file.kind,
    screenCount: Object.keys(document.screens).length,
    elementCount: Object.keys(document.elements).length,
    notes,
  };
}

export type ImportedImage = { elementId: string; bytes: Uint8Array; contentType: string };

/**
 * Writes an imported document as a new wireframe (this import's, or Figma's): its images are
 * stored like uploaded ones (counted toward the plan's storage, checked before and again under
 * the storage lock) and set on their elements; nothing is left behind if the write fails.
 */
export async function storeImportedWireframe(
  member: MemberContext,
  input: { projectId: string; name: string; baseName: string; document: WireframeDocument; images: ImportedImage[] },
): Promise<string> {
  let document = input.document;
  const { name, baseName } = input;
  const images = input.images.map((image) => ({ ...image, fileId: randomUUID(), storageKey: "" }));
  const imageBytes = images.reduce((sum, image) => sum + image.bytes.byteLength, 0);
  const workspaceId = member.workspace.id;
  if (images.length > 0) {
    // Checked before anything is stored, and again under the storage lock below.
    await assertCanStore(db(), workspaceId, imageBytes);
    document = { ...document, elements: { ...document.elements } };
    for (const image of images) {
      const el = document.elements[image.elementId];
      if (el?.type === "image") document.elements[image.elementId] = { ...el, fileId: image.fileId };
    }
  }
  const stored: string[] = [];
  try {
    for (const image of images) {
      image.storageKey = `${workspaceId}/wireframes/${randomUUID()}`;
      await fileStore().put(image.storageKey, image.bytes, image.contentType);
      stored.push(image.storageKey);
    }
    const id = await mutate(async (tx) => {
      await requireAccess(tx, member, "wireframe", "change");
      const project = isUuid(input.projectId)
        ? (
            await tx
              .select({ id: schema.projects.id })
              .from(schema.projects)
              .where(and(eq(schema.projects.id, input.projectId), eq(schema.projects.workspaceId, workspaceId)))
          )[0]
        : undefined;
      if (!project)
        throw new UserError(404, "That project was not found. It may have been deleted, or it belongs to another workspace.", "projectId");
      if (images.length > 0) {
        await lockWorkspaceStorage(tx, workspaceId);
        await assertCanStore(tx, workspaceId, imageBytes);
      }
      const [row] = await tx
        .insert(schema.wireframes)
        .values({ workspaceId, projectId: project.id, name, document, createdBy: member.user.id, updatedBy: member.user.id })
        .returning({ id: schema.wireframes.id });
      if (images.length > 0) {
        await tx.insert(schema.wireframeImages).values(
          images.map((image, i) => ({
            id: image.fileId,
            workspaceId,
            wireframeId: row!.id,
            uploadedBy: member.user.id,
            fileName: `${(baseName || "scene").slice(0, 80)} image ${i + 1}`,
            contentType: image.contentType,
            sizeBytes: image.bytes.byteLength,
            storageKey: image.storageKey,
          })),
        );
      }
      await emit(tx, {
        kind: "wireframe.created",
        ...envelope(member, project.id),
        subject: { id: row!.id, name },
        change: { source: "import", template: null, copyOf: null, screenCount: Object.keys(document.screens).length },
      });
      return row!.id;
    });
    return id;
  } catch (error) {
    await discardFiles(stored);
    throw error;
  }
}

/**
 * The toast the list shows after an import: what came in, and what could not be mapped
 * (kept until dismissed, so it can be read), with a link to open the new wireframe.
 */
export function importToast(result: ImportResult): ToastInput {
  const screens = `${result.screenCount} ${result.screenCount === 1 ? "screen" : "screens"}`;
  const elements = `${result.elementCount} ${result.elementCount === 1 ? "element" : "elements"}`;
  const notes = result.notes.map((n) => `${n.count} ${n.what}`).join("; ");
  return {
    variant: notes ? "warning" : "success",
    title: "Wireframe imported",
    description: `“${result.name}”: ${screens}, ${elements}.${notes ? ` Not mapped: ${notes}.` : ""}`,
    duration: notes ? 0 : undefined,
    action: { label: "Open it", href: `/wireframes/editor/${result.id}` },
  };
}
