import type { ComponentDefinition, Op, Screen, WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import {
  exportFileName,
  exportZipName,
  uniqueNames,
  type ExportFormat,
  type ExportRequest,
  type ExportScale,
} from "~/lib/wireframes/export";
import { applyOps } from "~/lib/wireframes/ops";
import { compareOrder } from "~/lib/wireframes/order";
import type { RenderComponents, TokenValues } from "~/lib/wireframes/render";
import { UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { requireRead } from "../access";
import { getComponents } from "./components";
import { screenPng, screensPdf, screenSvgFile, zipFiles, type ScreenArt } from "./export-render";
import { imageDataUris, imageIdsShown, readImage } from "./images";
import { wireframeDesign } from "./tokens";
import { getWireframe } from "./wireframes";

/**
 * Exports (issue 15): a wireframe's screens as PNG (1× or 2×), SVG, PDF or its JSON
 * document, for any member who may view it (viewers included); another workspace's
 * wireframe is a 404 like a missing one. Several screens in PNG or SVG come as one ZIP;
 * a PDF has a page per screen. Every file is drawn by the one shared renderer
 * (export-render.ts), with the workspace's main components and the images the screens
 * show read here.
 */

export type ExportFile = { fileName: string; contentType: string; bytes: Uint8Array };

export const CONTENT_TYPES: Record<ExportFormat | "zip", string> = {
  png: "image/png",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  json: "application/json; charset=utf-8",
  zip: "application/zip",
};

/** The wireframe's screens in their order (what the export page offers). */
export function orderedScreens(doc: WireframeDocument): Screen[] {
  return Object.values(doc.screens).sort(compareOrder);
}

/** The chosen screens (all when none is named) in the wireframe's order; a 400 for one it does not have. */
export function chosenScreens(doc: WireframeDocument, screenIds: string[]): Screen[] {
  const screens = orderedScreens(doc);
  if (screens.length === 0) throw new UserError(400, "This wireframe has no screens to export yet.", "screen");
  if (screenIds.length === 0) return screens;
  const unknown = screenIds.find((id) => !doc.screens[id]);
  if (unknown)
    throw new UserError(400, `This wireframe has no screen with the id “${unknown}”. Reload the export page and choose again.`, "screen");
  const wanted = new Set(screenIds);
  return screens.filter((s) => wanted.has(s.id));
}

/** The document with only these screens (their elements, interactions and flows), for the JSON of a part of a wireframe. */
export function documentOf(doc: WireframeDocument, screens: Screen[]): WireframeDocument {
  const keep = new Set(screens.map((s) => s.id));
  const drop = Object.keys(doc.screens).filter((id) => !keep.has(id));
  return drop.length === 0
    ? doc
    : applyOps(
        doc,
        drop.map((id) => ({ op: "remove-screen", id }) as Op),
      );
}

/** The main components the elements draw, with the ones their definitions draw in turn (four levels, as the renderer). */
async function componentsFor(member: MemberContext, elements: WireframeElement[]): Promise<RenderComponents> {
  const found: Record<string, { definition: ComponentDefinition }> = {};
  let wanted = new Set(elements.flatMap((el) => (el.type === "instance" ? [el.componentId] : [])));
  for (let depth = 0; depth < 5 && wanted.size > 0; depth++) {
    const got = await getComponents(member, [...wanted]);
    const next = new Set<string>();
    for (const [id, record] of Object.entries(got)) {
      found[id] = { definition: record.definition };
      for (const el of Object.values(record.definition.elements))
        if (el.type === "instance" && !found[el.componentId] && !got[el.componentId]) next.add(el.componentId);
    }
    wanted = next;
  }
  return found;
}

/**
 * The design-token values the screens draw with: the project's design system (issue 9), in
 * the chosen theme or its first, exactly as the editor draws them.
 */
async function tokensFor(member: MemberContext, projectId: string, theme: string | null): Promise<TokenValues | undefined> {
  const design = await wireframeDesign(member, projectId, theme);
  return design.tokensByTheme[design.theme];
}

/** Everything a screen's drawing needs besides the document: components, images, token values. */
export async function screenArt(
  member: MemberContext,
  wireframe: { id: string; projectId: string; document: WireframeDocument },
  screens: Screen[],
  theme: string | null = null,
): Promise<ScreenArt> {
  const ids = new Set(screens.map((s) => s.id));
  const elements = Object.values(wireframe.document.elements).filter((el) => ids.has(el.screenId));
  const components = await componentsFor(member, elements);
  const [images, tokens] = await Promise.all([
    imageDataUris(imageIdsShown(elements, components), (id) => readImage(member, wireframe.id, id)),
    tokensFor(member, wireframe.projectId, theme),
  ]);
  return { components, images, tokens };
}

const encoder = new TextEncoder();

/** One export, as a file to download. */
export async function exportWireframe(member: MemberContext, wireframeId: string, req: ExportRequest): Promise<ExportFile> {
  requireRead(member, "wireframe");
  const wireframe = await getWireframe(member, wireframeId);
  const doc = wireframe.document;
  const screens = chosenScreens(doc, req.screenIds);
  // A JSON or PDF of one screen is named after it too; of several, after the wireframe.
  const wholeName = (format: "json" | "pdf") =>
    exportFileName(wireframe.name, format, 1, screens.length === 1 ? { ...screens[0]!, index: indexOf(doc, screens[0]!) } : undefined);
  if (req.format === "json") {
    return {
      fileName: wholeName("json"),
      contentType: CONTENT_TYPES.json,
      bytes: encoder.encode(`${JSON.stringify(documentOf(doc, screens), null, 2)}\n`),
    };
  }
  const art = await screenArt(member, wireframe, screens, req.theme);
  const options = { ...art, background: req.background };
  if (req.format === "pdf") {
    return {
      fileName: wholeName("pdf"),
      contentType: CONTENT_TYPES.pdf,
      bytes: await screensPdf(
        doc,
        screens.map((s) => s.id),
        { ...options, title: wireframe.name },
      ),
    };
  }
  const scale: ExportScale = req.format === "png" ? req.scale : 1;
  const draw = async (screen: Screen): Promise<Uint8Array> =>
    req.format === "png"
      ? screenPng(doc, screen.id, scale, options)
      : encoder.encode(await screenSvgFile(doc, screen.id, { ...options, text: req.text }));
  const names = uniqueNames(
    screens.map((s) => exportFileName(wireframe.name, req.format, scale, { name: s.name, index: indexOf(doc, s) })),
  );
  if (screens.length === 1) return { fileName: names[0]!, contentType: CONTENT_TYPES[req.format], bytes: await draw(screens[0]!) };
  const files: { name: string; bytes: Uint8Array }[] = [];
  // One screen at a time: each drawing holds its pixels or markup until it is zipped.
  for (const [i, screen] of screens.entries()) files.push({ name: names[i]!, bytes: await draw(screen) });
  return { fileName: exportZipName(wireframe.name, req.format, scale), contentType: CONTENT_TYPES.zip, bytes: zipFiles(files) };
}

function indexOf(doc: WireframeDocument, screen: Screen): number {
  return orderedScreens(doc).findIndex((s) => s.id === screen.id);
}
