import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { ScreenSvg } from "~/lib/wireframes/render";
import { isUserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { getComponents } from "./components";
import { imageDataUris, imageIdsShown, readImage } from "./images";
import { wireframeDesign } from "./tokens";
import { getWireframe } from "./wireframes";

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

export type ScreenSvgFile = { svg: string; etag: string };

/** Null for another workspace's wireframe, a missing one or a screen it does not have. */
export async function screenSvgFile(
  member: MemberContext,
  wireframeId: string,
  screenId: string,
  opts: { theme?: string | null } = {},
): Promise<{ etag: string; render: () => Promise<string> } | null> {
  let wireframe;
  try {
    wireframe = await getWireframe(member, wireframeId);
  } catch (error) {
    if (isUserError(error) && error.status === 404) return null;
    throw error;
  }
  const doc = wireframe.document;
  const screen = doc.screens[screenId];
  if (!screen) return null;
  const elements = onScreen(doc, screenId);
  const componentIds = [...new Set(elements.flatMap((el) => (el.type === "instance" ? [el.componentId] : [])))];
  const [components, design] = await Promise.all([
    getComponents(member, componentIds),
    wireframeDesign(member, wireframe.projectId, opts.theme ?? null),
  ]);
  const tokens = design.tokensByTheme[design.theme];
  const versions = Object.values(components)
    .map((c) => `${c.id}@${c.version}`)
    .sort()
    .join(",");
  const key = [wireframe.id, screenId, wireframe.seq, design.theme, versions, JSON.stringify(tokens ?? {})].join("\u0000");
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
      const images = await imageDataUris(imageIdsShown(elements, components), (id) => readImage(member, wireframe.id, id), INLINE_LIMITS);
      const svg = renderToStaticMarkup(
        createElement(ScreenSvg, {
          doc: { ...doc, elements: Object.fromEntries(elements.map((el) => [el.id, el])) },
          screenId,
          components,
          tokens,
          // Its natural size is the screen's (an <img> of it scales it down with CSS).
          width: screen.width,
          title: screen.name,
          imageUrl: (fileId) => images.get(fileId) ?? `/wireframes/${wireframe.id}/images/${fileId}`,
        }),
      );
      cache.set(key, svg);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      return svg;
    },
  };
}

function onScreen(doc: WireframeDocument, screenId: string): WireframeElement[] {
  return Object.values(doc.elements).filter((el) => el.screenId === screenId);
}
