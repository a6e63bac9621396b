import { z } from "zod";
import { formatBytes, MAX_ATTACHMENT_BYTES } from "~/lib/file-size";
import { firstIssueMessage, wireframeDocumentSchema } from "~/lib/wireframes/schema";
import { requireAccess } from "../access";
import { db } from "../db";
import { UserError } from "../errors";
import { sniffImageType } from "../wireframes/images";
import { storeImportedWireframe, type ImportResult } from "../wireframes/import";
import { cleanName } from "../wireframes/rows";
import type { MemberContext } from "../workspaces";
import { figmaFileSchema, FigmaMapError, figmaToDocument } from "./figma-map";
import { apiBase, figmaAccessToken } from "./figma-oauth";

/**
 * "Import from Figma" (issue 22): a Figma file URL becomes a new wireframe, its top-level
 * frames the screens (figma-map.ts), its image layers rendered by `GET /v1/images/:key` and
 * stored like uploads. An expired token is refreshed once and the request repeated; a file
 * the member's Figma account cannot open is a 403 that says so.
 */
const TIMEOUT_MS = 20_000;
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** The file key of a Figma file URL (`figma.com/file/KEY/…`, `/design/KEY/…`, `/proto/KEY/…`). */
export function figmaFileKey(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UserError(400, "Paste the Figma file's address, like https://www.figma.com/design/AbC123…/My-file.", "url");
  }
  const key = /^\/(?:file|design|proto|board)\/([A-Za-z0-9]{10,128})(?:\/|$)/.exec(url.pathname)?.[1];
  if (!/(^|\.)figma\.com$/.test(url.hostname) || !key)
    throw new UserError(400, "That is not a Figma file's address: it looks like https://www.figma.com/design/AbC123…/My-file.", "url");
  return key;
}

/** GET on Figma's API as the member, refreshing an expired token once. */
async function figmaGet(member: MemberContext, path: string): Promise<Response> {
  let token = await figmaAccessToken(member);
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${apiBase()}${path}`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new UserError(502, "Figma did not answer in time. Nothing was imported; try again in a moment.");
    }
    if (res.ok) return res;
    const body = (await res.text()).slice(0, 500);
    const tokenRefused = res.status === 401 || (res.status === 403 && /token/i.test(body));
    if (tokenRefused && attempt === 0) {
      token = await figmaAccessToken(member, true);
      continue;
    }
    if (tokenRefused) throw new UserError(401, "Figma no longer accepts this connection. Reconnect Figma in Settings → Integrations.");
    if (res.status === 403)
      throw new UserError(
        403,
        "Your Figma account cannot open this file. Ask its owner to share it with you (view access is enough), then import again.",
        "url",
      );
    if (res.status === 404)
      throw new UserError(404, "Figma has no file at that address. Check the link (copy it from Figma's Share menu).", "url");
    if (res.status === 429) throw new UserError(429, "Figma asks us to slow down. Try the import again in a minute.");
    throw new UserError(502, `Figma answered with an error (HTTP ${res.status}). Nothing was imported.`);
  }
}

async function readCapped(res: Response, cap: number, what: string): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > cap) throw new UserError(413, `${what} is larger than ${formatBytes(cap)}. Nothing was imported.`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > cap) throw new UserError(413, `${what} is larger than ${formatBytes(cap)}. Nothing was imported.`);
  return bytes;
}

/** The images of the file's image layers, rendered by Figma, as the import stores them. */
async function renderImages(member: MemberContext, key: string, wanted: { elementId: string; nodeId: string }[]) {
  if (wanted.length === 0) return [];
  const ids = [...new Set(wanted.map((w) => w.nodeId))];
  const res = await figmaGet(member, `/v1/images/${key}?${new URLSearchParams({ ids: ids.join(","), format: "png", scale: "1" })}`);
  const answer = z.object({ images: z.record(z.string(), z.string().nullable()) }).safeParse(await res.json().catch(() => null));
  if (!answer.success)
    throw new UserError(502, "Figma's answer for the file's images was not what its API describes. Nothing was imported.");
  const out: { elementId: string; bytes: Uint8Array; contentType: string }[] = [];
  const fetched = new Map<string, { bytes: Uint8Array; contentType: string } | null>();
  for (const id of ids) {
    const url = answer.data.images[id];
    if (!url) {
      fetched.set(id, null);
      continue;
    }
    const image = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => null);
    if (!image?.ok) {
      fetched.set(id, null);
      continue;
    }
    const bytes = await readCapped(image, MAX_ATTACHMENT_BYTES, "An image of the file");
    const contentType = sniffImageType(bytes);
    fetched.set(id, contentType ? { bytes, contentType } : null);
  }
  for (const w of wanted) {
    const got = fetched.get(w.nodeId);
    if (got) out.push({ elementId: w.elementId, ...got });
  }
  return out;
}

/** A new wireframe in one of the workspace's projects from a Figma file. */
export async function importFromFigma(
  member: MemberContext,
  input: { projectId: string; url: string; name?: string },
): Promise<ImportResult> {
  await requireAccess(db(), member, "wireframe", "change");
  const key = figmaFileKey(input.url);
  const res = await figmaGet(member, `/v1/files/${key}?geometry=paths`);
  const raw: unknown = JSON.parse(new TextDecoder().decode(await readCapped(res, MAX_FILE_BYTES, "The Figma file")));
  const parsed = figmaFileSchema.safeParse(raw);
  if (!parsed.success) throw new UserError(502, "Figma's answer was not a file as its API describes one. Nothing was imported.");
  let mapped;
  try {
    mapped = figmaToDocument(parsed.data);
  } catch (error) {
    if (error instanceof FigmaMapError) throw new UserError(400, error.message, "url");
    throw error;
  }
  // What figma-map.ts made is checked like any document entering the server.
  const valid = wireframeDocumentSchema.safeParse(mapped.document);
  if (!valid.success) throw new UserError(502, `This Figma file could not be turned into a wireframe: ${firstIssueMessage(valid.error)}`);
  const images = await renderImages(member, key, mapped.images);
  const notes = [...mapped.notes];
  const missing = mapped.images.length - images.length;
  if (missing > 0)
    notes.push({
      what: missing === 1 ? "image Figma could not render (shown empty)" : "images Figma could not render (shown empty)",
      count: missing,
    });
  const name = cleanName(input.name?.trim() || parsed.data.name || "Figma import");
  const id = await storeImportedWireframe(member, { projectId: input.projectId, name, baseName: name, document: mapped.document, images });
  return {
    id,
    name,
    kind: "figma",
    screenCount: Object.keys(mapped.document.screens).length,
    elementCount: Object.keys(mapped.document.elements).length,
    notes,
  };
}
