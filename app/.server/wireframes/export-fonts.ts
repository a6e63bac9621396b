import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";

/**
 * The font every export draws its text with: Inter, shipped with the app
 * (@fontsource/inter), so a PNG, SVG or PDF made on any machine shows the same letters.
 * resvg and pdfkit want TrueType, and fontsource ships WOFF: `woffToSfnt` unpacks WOFF 1.0
 * (a header, a table directory and zlib-compressed tables) into the TrueType it wraps.
 * Each face is read and unpacked once per process.
 */

export const EXPORT_FONT_FAMILY = "Inter";
/** Inter first, then what the renderer falls back to (a browser without the embedded font). */
export const EXPORT_FONT_STACK = "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const FONT_WEIGHTS = [400, 500, 600, 700] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];
/** fontsource's unicode-range subsets; Latin first (it covers English and Western Europe). */
const SUBSETS = ["latin", "latin-ext"] as const;

export class FontFormatError extends Error {}

/** WOFF 1.0 → the sfnt (TrueType/OpenType) it compresses. */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.length < 44 || src.toString("latin1", 0, 4) !== "wOFF") throw new FontFormatError("Not a WOFF 1.0 font.");
  const flavor = src.readUInt32BE(4);
  const numTables = src.readUInt16BE(12);
  if (44 + numTables * 20 > src.length) throw new FontFormatError("The WOFF table directory is cut short.");
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = src.readUInt32BE(at);
    const offset = src.readUInt32BE(at + 4);
    const compLength = src.readUInt32BE(at + 8);
    const origLength = src.readUInt32BE(at + 12);
    const checksum = src.readUInt32BE(at + 16);
    if (offset + compLength > src.length) throw new FontFormatError("A WOFF table runs past the end of the file.");
    const raw = src.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : Buffer.from(raw);
    if (data.length !== origLength) throw new FontFormatError("A WOFF table does not unpack to its stated length.");
    tables.push({ tag, checksum, data });
  }
  // The sfnt: its offset table, one 16-byte record per table, then the tables, each padded to 4 bytes.
  let power = 1;
  while (power * 2 <= numTables) power *= 2;
  const headerLength = 12 + numTables * 16;
  const total = tables.reduce((sum, t) => sum + ((t.data.length + 3) & ~3), headerLength);
  const out = Buffer.alloc(total);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const rec = 12 + i * 16;
    out.writeUInt32BE(t.tag, rec);
    out.writeUInt32BE(t.checksum, rec + 4);
    out.writeUInt32BE(offset, rec + 8);
    out.writeUInt32BE(t.data.length, rec + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

// The font files: resolved from this module, or from the working directory (a build copied elsewhere).
function resolveFontFile(file: string): string {
  const spec = `@fontsource/inter/files/${file}`;
  for (const base of [import.meta.url, path.join(process.cwd(), "package.json")]) {
    try {
      return createRequire(base).resolve(spec);
    } catch {
      // try the next base
    }
  }
  throw new Error(`The export font ${spec} is not installed (npm install).`);
}

const woffCache = new Map<string, Buffer>();
function woffOf(subset: string, weight: FontWeight): Buffer {
  const file = `inter-${subset}-${weight}-normal.woff`;
  let bytes = woffCache.get(file);
  if (!bytes) {
    bytes = readFileSync(resolveFontFile(file));
    woffCache.set(file, bytes);
  }
  return bytes;
}

const ttfCache = new Map<string, Buffer>();
/** Inter at `weight` as TrueType (pdfkit registers it; its text stays selectable). */
export function interTtf(weight: FontWeight, subset: (typeof SUBSETS)[number] = "latin"): Buffer {
  const key = `${subset}-${weight}`;
  let ttf = ttfCache.get(key);
  if (!ttf) {
    ttf = woffToSfnt(woffOf(subset, weight));
    ttfCache.set(key, ttf);
  }
  return ttf;
}

let fontFiles: string[] | null = null;
/**
 * resvg reads fonts from files only (its options cross to Rust as JSON): the TrueType faces
 * are written once per process to a temporary folder and passed as `fontFiles`.
 */
export function resvgFontFiles(): string[] {
  if (fontFiles) return fontFiles;
  const dir = path.join(tmpdir(), `atelier-export-fonts-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (const subset of SUBSETS) {
    for (const weight of FONT_WEIGHTS) {
      const file = path.join(dir, `inter-${subset}-${weight}.ttf`);
      writeFileSync(file, interTtf(weight, subset));
      files.push(file);
    }
  }
  fontFiles = files;
  return files;
}

let fontFaceCss: string | null = null;
/**
 * The @font-face rules an exported SVG carries: each weight of Inter as a base64 WOFF
 * (browsers and Figma read it; the Latin subset keeps the file small).
 */
export function embeddedFontCss(weights: Iterable<FontWeight> = FONT_WEIGHTS): string {
  const wanted = [...new Set(weights)].sort();
  if (wanted.length === FONT_WEIGHTS.length && fontFaceCss) return fontFaceCss;
  const css = wanted
    .map(
      (weight) =>
        `@font-face{font-family:"${EXPORT_FONT_FAMILY}";font-style:normal;font-weight:${weight};` +
        `src:url(data:font/woff;base64,${woffOf("latin", weight).toString("base64")}) format("woff");}`,
    )
    .join("");
  if (wanted.length === FONT_WEIGHTS.length) fontFaceCss = css;
  return css;
}

/** The nearest of Inter's weights to a requested one. */
export function nearestWeight(weight: number | string | undefined): FontWeight {
  const n = typeof weight === "number" ? weight : weight === "bold" ? 700 : Number(weight) || 400;
  return FONT_WEIGHTS.reduce((best, w) => (Math.abs(w - n) < Math.abs(best - n) ? w : best), 400 as FontWeight);
}
