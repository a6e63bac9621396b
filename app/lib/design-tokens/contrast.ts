/**
 * WCAG 2.x contrast: relative luminance, the ratio of two colours, AA/AAA verdicts for normal and
 * large text, and the text/surface pairs a system's semantic colours define.
 */
import { parseColor, toSrgb, type DtcgColor } from "./color";
import { APP_EXTENSION } from "./rename";
import { isObject } from "./tree";
import type { ResolvedToken } from "./types";

const channel = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function srgbOf(input: DtcgColor | string) {
  const color = typeof input === "string" ? parseColor(input) : input;
  if (!color) throw new Error(`Not a colour: ${String(input)}`);
  return toSrgb(color);
}

/**
 * The contrast ratio (1–21) of text colour `a` on background `b`. A translucent text colour is
 * blended over the background first, a translucent background over white.
 */
export function contrastRatio(a: DtcgColor | string, b: DtcgColor | string): number {
  const bg0 = srgbOf(b);
  const bg = blend(bg0, { r: 1, g: 1, b: 1 });
  const fg = blend(srgbOf(a), bg);
  const l1 = lum(fg);
  const l2 = lum(bg);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

type Rgb = { r: number; g: number; b: number };
const blend = (c: Rgb & { alpha?: number }, under: Rgb): Rgb => {
  const a = c.alpha ?? 1;
  return { r: c.r * a + under.r * (1 - a), g: c.g * a + under.g * (1 - a), b: c.b * a + under.b * (1 - a) };
};
const lum = ({ r, g, b }: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** The ratio as people write it, never rounded up across a threshold: 4.54 (for "4.54:1"). */
export const formatRatio = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

export type Verdicts = { aaNormal: boolean; aaLarge: boolean; aaaNormal: boolean; aaaLarge: boolean };

/** WCAG 2.2 (1.4.3 and 1.4.6): AA 4.5 normal / 3 large, AAA 7 normal / 4.5 large. */
export function verdicts(ratio: number): Verdicts {
  return { aaNormal: ratio >= 4.5, aaLarge: ratio >= 3, aaaNormal: ratio >= 7, aaaLarge: ratio >= 4.5 };
}

const TEXT_GROUPS = new Set(["text", "foreground", "fg", "content"]);
const SURFACE_GROUPS = new Set(["surface", "background", "bg"]);

function roleOf(path: string): "text" | "surface" | null {
  const groups = path.split(".").slice(0, -1);
  if (groups.some((g) => TEXT_GROUPS.has(g))) return "text";
  if (groups.some((g) => SURFACE_GROUPS.has(g))) return "surface";
  return null;
}

function pairsWith(t: ResolvedToken): string[] {
  const app = t.extensions?.[APP_EXTENSION];
  if (!isObject(app)) return [];
  const p = app.pairsWith;
  return typeof p === "string" ? [p] : Array.isArray(p) ? p.filter((x): x is string => typeof x === "string") : [];
}

/**
 * The text-on-surface pairs a theme's semantic colours define: every colour under a `text` (or
 * `foreground`) group on every colour under a `surface` (or `background`) group, except that a
 * token naming its partners in `$extensions["app.atelier"].pairsWith` is paired with those only.
 */
export function semanticPairs(resolved: Map<string, ResolvedToken> | Iterable<ResolvedToken>): { text: string; surface: string }[] {
  const tokens = [...(resolved instanceof Map ? resolved.values() : resolved)].filter(
    (t) => t.type === "color" && t.resolved !== undefined,
  );
  const byPath = new Map(tokens.map((t) => [t.path, t]));
  const texts = tokens.filter((t) => roleOf(t.path) === "text");
  const surfaces = tokens.filter((t) => roleOf(t.path) === "surface");
  const out: { text: string; surface: string }[] = [];
  const seen = new Set<string>();
  const add = (text: string, surface: string) => {
    const key = `${text}\u0000${surface}`;
    if (text !== surface && byPath.has(text) && byPath.has(surface) && !seen.has(key)) {
      seen.add(key);
      out.push({ text, surface });
    }
  };
  for (const t of texts) {
    const explicit = pairsWith(t);
    if (explicit.length) explicit.forEach((s) => add(t.path, s));
    else surfaces.forEach((s) => add(t.path, s.path));
  }
  for (const s of surfaces) for (const t of pairsWith(s)) add(t, s.path);
  for (const t of tokens) if (!roleOf(t.path)) for (const s of pairsWith(t)) add(t.path, s);
  return out;
}
