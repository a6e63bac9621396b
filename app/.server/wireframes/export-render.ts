import { zipSync, type Zippable } from "fflate";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { onFirstUse } from "../on-first-use";
import { ScreenSvg, type RenderComponents, type TokenValues } from "~/lib/wireframes/render";
import {
  EXPORT_FONT_FAMILY,
  EXPORT_FONT_STACK,
  FONT_WEIGHTS,
  embeddedFontCss,
  interTtf,
  nearestWeight,
  resvgFontFiles,
} from "./export-fonts";

/**
 * Drawing a wireframe's screens into files, from the one shared renderer (ScreenSvg in
 * app/lib/wireframes/render.tsx, the same markup the editor shows), with no database:
 * the export service (export.ts) gathers what a screen needs, the benchmark and the tests
 * call these directly.
 *
 * - SVG: the renderer's markup with a size, Inter as the font (embedded as base64
 *   @font-face, or every letter turned into a path by resvg), images inlined as data URIs.
 * - PNG: that SVG rasterised by resvg at 1× or 2× with Inter loaded from the app's files.
 * - PDF: one vector page per screen at the screen's size (1 px = 1 pt) by pdfkit and
 *   svg-to-pdfkit, with Inter embedded so the text stays selectable.
 *
 * resvg, pdfkit and svg-to-pdfkit are loaded on the first export that needs them, not when
 * the server starts (issue 12: together about 40 MB the server held for nothing until then).
 */

const loadResvg = onFirstUse(() => import("@resvg/resvg-js").then((m) => m.Resvg));
const loadPdf = onFirstUse(async () => {
  const [pdfkit, svgToPdf] = await Promise.all([import("pdfkit"), import("svg-to-pdfkit")]);
  return { PDFDocument: pdfkit.default, SVGtoPDF: svgToPdf.default };
});

export type ScreenArt = {
  components?: RenderComponents;
  tokens?: TokenValues;
  /** Data URIs of the images the screens show, by file id; an image missing here draws as an empty image. */
  images?: Map<string, string>;
};

export type SvgOptions = ScreenArt & { background?: boolean };

/** The document with images whose bytes are missing turned into empty images, and the background dropped if asked. */
function prepared(doc: WireframeDocument, screenId: string, opts: SvgOptions): WireframeDocument {
  const images = opts.images;
  let elements = doc.elements;
  const missing = Object.values(doc.elements).filter(
    (el): el is Extract<WireframeElement, { type: "image" }> => el.type === "image" && el.fileId !== null && !images?.has(el.fileId),
  );
  if (missing.length > 0) {
    elements = { ...elements };
    for (const el of missing) elements[el.id] = { ...el, fileId: null };
  }
  const screen = doc.screens[screenId];
  const screens =
    screen && opts.background === false ? { ...doc.screens, [screenId]: { ...screen, background: "transparent" } } : doc.screens;
  return elements === doc.elements && screens === doc.screens ? doc : { ...doc, screens, elements };
}

/**
 * The renderer's markup for one screen as a standalone SVG element: its size in px, Inter
 * first in the font stack, image links in both `href` and `xlink:href` (older tools read
 * only the latter). `extra` is put first inside the root (the embedded fonts).
 */
export function screenSvgMarkup(doc: WireframeDocument, screenId: string, opts: SvgOptions = {}, extra = ""): string {
  const screen = doc.screens[screenId];
  if (!screen) throw new Error(`No screen ${screenId}.`);
  const images = opts.images;
  const markup = renderToStaticMarkup(
    createElement(ScreenSvg, {
      doc: prepared(doc, screenId, opts),
      screenId,
      title: screen.name,
      components: opts.components,
      tokens: opts.tokens,
      imageUrl: (fileId: string) => images?.get(fileId) ?? "",
    }),
  );
  const open = markup.indexOf(">");
  const root = markup
    .slice(0, open)
    .replace(/ font-family="[^"]*"/, ` font-family="${EXPORT_FONT_STACK.replace(/'/g, "&#x27;")}"`)
    .replace(/ (width|height)="[^"]*"/g, "")
    .replace("<svg", `<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="${screen.width}" height="${screen.height}"`);
  const body = markup.slice(open + 1).replace(/<image href="([^"]*)"/g, '<image href="$1" xlink:href="$1"');
  return `${root}>${extra}${body}`;
}

/** The font weights a screen's markup uses (only those are embedded). */
function weightsIn(markup: string): Set<(typeof FONT_WEIGHTS)[number]> {
  const weights = new Set<(typeof FONT_WEIGHTS)[number]>();
  for (const m of markup.matchAll(/ font-weight="([^"]*)"/g)) weights.add(nearestWeight(m[1]));
  return weights;
}

const resvgOptions = () => ({ font: { fontFiles: resvgFontFiles(), loadSystemFonts: false, defaultFontFamily: EXPORT_FONT_FAMILY } });

/** A self-contained SVG file of one screen: Inter embedded (editable text) or the text as outlines. */
export async function screenSvgFile(
  doc: WireframeDocument,
  screenId: string,
  opts: SvgOptions & { text?: "fonts" | "outlines" } = {},
): Promise<string> {
  const plain = screenSvgMarkup(doc, screenId, opts);
  if (opts.text === "outlines") {
    // resvg lays the text out with Inter and writes each glyph as a path; images stay inlined.
    const Resvg = await loadResvg();
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new Resvg(plain, resvgOptions()).toString()}`;
  }
  const weights = weightsIn(plain);
  if (weights.size === 0) return `<?xml version="1.0" encoding="UTF-8"?>\n${plain}`;
  const style = `<defs><style>${embeddedFontCss(weights)}</style></defs>`;
  const open = plain.indexOf(">");
  return `<?xml version="1.0" encoding="UTF-8"?>\n${plain.slice(0, open + 1)}${style}${plain.slice(open + 1)}`;
}

/** One screen as a PNG at `scale` (its size in px × scale), transparent where it has no background. */
export async function screenPng(doc: WireframeDocument, screenId: string, scale: number, opts: SvgOptions = {}): Promise<Buffer> {
  const svg = screenSvgMarkup(doc, screenId, opts);
  const Resvg = await loadResvg();
  return new Resvg(svg, { ...resvgOptions(), fitTo: { mode: "zoom", value: scale } }).render().asPng();
}

// svg-to-pdfkit knows two weights (normal and bold): each text names its own weight of Inter
// in its font-family, which fontCallback turns into the face registered for it.
const PDF_FONT = (weight: number) => `Inter-${weight}`;
function withPdfWeights(svg: string): string {
  return svg.replace(/<text\b[^>]*>/g, (tag) => {
    const weight = nearestWeight(/ font-weight="([^"]*)"/.exec(tag)?.[1]);
    return `${tag.slice(0, -1)} font-family="${PDF_FONT(weight)}">`;
  });
}

/** Screens as one PDF: a vector page per screen, each the screen's size, in the order given. */
export async function screensPdf(doc: WireframeDocument, screenIds: string[], opts: SvgOptions & { title?: string } = {}): Promise<Buffer> {
  const { PDFDocument, SVGtoPDF } = await loadPdf();
  const pdf = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: opts.title ?? "Wireframe", Creator: "Atelier" } });
  for (const weight of FONT_WEIGHTS) pdf.registerFont(PDF_FONT(weight), interTtf(weight));
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on("end", resolve);
    pdf.on("error", reject);
  });
  for (const screenId of screenIds) {
    const screen = doc.screens[screenId]!;
    pdf.addPage({ size: [screen.width, screen.height], margin: 0 });
    SVGtoPDF(pdf, withPdfWeights(screenSvgMarkup(doc, screenId, opts)), 0, 0, {
      width: screen.width,
      height: screen.height,
      assumePt: true,
      fontCallback: (family) => (/^Inter-\d00$/.test(family) ? family : PDF_FONT(400)),
      warningCallback: () => {},
    });
  }
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}

/** Files in one ZIP (PNGs are stored as they are: they are compressed already). */
export function zipFiles(files: { name: string; bytes: Uint8Array }[]): Uint8Array {
  const entries: Zippable = {};
  for (const file of files) entries[file.name] = [file.bytes, { level: file.name.endsWith(".png") ? 0 : 6 }];
  return zipSync(entries);
}
