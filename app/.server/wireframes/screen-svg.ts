import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { isUuid } from "~/lib/ids";
import type { ComponentDefinition, WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { ScreenSvg, type TokenValues } from "~/lib/wireframes/render";
import { db, schema } from "../db";
import type { StoredFile } from "../files/download";
import type { MemberContext } from "../workspaces";
import { requireRead } from "../access";
import { getComponents } from "./components";
import { documentAt } from "./documents";
import { imageDataUris, imageIdsShown, imageUrl, readImage } from "./images";
import { wireframeDesign } from "./tokens";

/**
 * One screen of a wireframe as a standalone SVG file (GET /wireframes/:id/screens/:screenId.svg),
 * drawn by the one renderer: the editor page's read-only view (without JavaScript, and before
 * the editor runs) shows its screens as <img> of this, so the page's HTML stays small. The
 * drawing depends on the document's seq, the main components' versions and the theme's
 * token values: that is its cache key (an ETag, and a small in-process cache of recent
 * drawings). Uploaded images are inlined as data: URIs, because an SVG shown as an <img>
 * loads nothing from outside.
 */

/** Images larger than this (or past the total) stay placeholders in the file. */
const INLINE_LIMITS = { fileBytes: 2 * 1024 * 1024, totalBytes: 8 * 1024 * 1024 };
const CACHE_ENTRIES = 100;
const cache = new Map<string, string>();

export type ScreenSvgFile = { etag: string; render: () => Promise<string> };

/**
 * One screen's drawing as a cacheable file, whoever asks (a member, a share link): its ETag
 * from what the drawing depends on (`scope` names who draws it and how: the same wireframe
 * drawn for a link has other image sources), and the drawing itself, from a small in-process
 * cache of recent ones. `read` gives an image's bytes to inline (null: left as `imageUrl`'s
 * address, or a placeholder).
 */
export function screenDrawing(input: {
  scope: string;
  wireframeId: string;
  seq: number;
  doc: WireframeDocument;
  screenId: string;
  components: Record<string, { definition: ComponentDefinition; version?: number }>;
  theme?: string;
  tokens?: TokenValues;
  read: (fileId: string) => Promise<StoredFile | null>;
  imageUrl?: (fileId: string) => string;
}): ScreenSvgFile | null {
  const { doc, screenId, components, tokens } = input;
  const screen = doc.screens[screenId];
  if (!screen) return null;
  const versions = Object.entries(components)
    .map(([id, c]) => `${id}@${c.version ?? JSON.stringify(c.definition)}`)
    .sort()
    .join(",");
  const key = [input.scope, input.wireframeId, screenId, input.seq, input.theme ?? "", versions, JSON.stringify(tokens ?? {})].join(
    "\u0000",
  );
  const etag = `"${createHash("sha256").update(key).digest("base64url").slice(0, 32)}"`;
  return {
    etag,
    async render() {
      const cached = cache.get(key);
      if (cached !== undefined) {
        // Recently used entries stay: move to the end.
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const elements = onScreen(doc, screenId);
      const images = await imageDataUris(imageIdsShown(elements, components), input.read, INLINE_LIMITS);
      const svg = renderToStaticMarkup(
        createElement(ScreenSvg, {
          doc: { ...doc, elements: Object.fromEntries(elements.map((el) => [el.id, el])) },
          screenId,
          components,
          tokens,
          // Its natural size is the screen's (an <img> of it scales it down with CSS).
          width: screen.width,
          title: screen.name,
          imageUrl: (fileId) => images.get(fileId) ?? input.imageUrl?.(fileId) ?? "",
        }),
      );
      cache.set(key, svg);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return svg;
    },
  };
}

/** Null for another workspace's wireframe, a missing one or a screen it does not have. */
export async function screenSvgFile(
  member: MemberContext,
  wireframeId: string,
  screenId: string,
  opts: { theme?: string | null } = {},
): Promise<ScreenSvgFile | null> {
  requireRead(member, "wireframe");
  if (!isUuid(wireframeId)) return null;
  // The row without its document, whose version comes from the readers' cache of documents.
  const { wireframes: w } = schema;
  const [row] = await db()
    .select({ id: w.id, projectId: w.projectId, seq: w.seq })
    .from(w)
    .where(and(eq(w.id, wireframeId), eq(w.workspaceId, member.workspace.id)));
  const current = row ? await documentAt(row.id, Number(row.seq)) : null;
  if (!row || !current) return null;
  const wireframe = { ...row, ...current };
  const doc = wireframe.document;
  if (!doc.screens[screenId]) return null;
  const componentIds = [...new Set(onScreen(doc, screenId).flatMap((el) => (el.type === "instance" ? [el.componentId] : [])))];
  const [components, design] = await Promise.all([
    getComponents(member, componentIds),
    wireframeDesign(member, wireframe.projectId, opts.theme ?? null),
  ]);
  return screenDrawing({
    scope: "member",
    wireframeId: wireframe.id,
    seq: wireframe.seq,
    doc,
    screenId,
    components,
    theme: design.theme,
    tokens: design.tokensByTheme[design.theme],
    read: (fileId) => readImage(member, wireframe.id, fileId),
    imageUrl: (fileId) => imageUrl(wireframe.id, fileId),
  });
}

function onScreen(doc: WireframeDocument, screenId: string): WireframeElement[] {
  return Object.values(doc.elements).filter((el) => el.screenId === screenId);
}
