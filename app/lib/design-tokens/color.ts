/**
 * Colours in the DTCG 2025.10 shape (`{ colorSpace, components, alpha?, hex? }`), parsed from and
 * written to CSS text. Browser-safe (culori is pure JavaScript).
 */
import { converter, formatHex, formatHex8, parse, toGamut, type Color } from "culori";

export const COLOR_SPACES = [
  "srgb",
  "srgb-linear",
  "hsl",
  "hwb",
  "lab",
  "lch",
  "oklab",
  "oklch",
  "display-p3",
  "a98-rgb",
  "prophoto-rgb",
  "rec2020",
  "xyz-d65",
  "xyz-d50",
] as const;
export type ColorSpace = (typeof COLOR_SPACES)[number];
export type ColorComponent = number | "none";
export type DtcgColor = { colorSpace: ColorSpace; components: ColorComponent[]; alpha?: number; hex?: string };

/** DTCG colour space -> culori mode. hsl/hwb: DTCG writes saturation etc. 0–100, culori 0–1. */
const MODE: Record<ColorSpace, string> = {
  srgb: "rgb",
  "srgb-linear": "lrgb",
  hsl: "hsl",
  hwb: "hwb",
  lab: "lab",
  lch: "lch",
  oklab: "oklab",
  oklch: "oklch",
  "display-p3": "p3",
  "a98-rgb": "a98",
  "prophoto-rgb": "prophoto",
  rec2020: "rec2020",
  "xyz-d65": "xyz65",
  "xyz-d50": "xyz50",
};
const CHANNELS: Record<string, [string, string, string]> = {
  rgb: ["r", "g", "b"],
  lrgb: ["r", "g", "b"],
  p3: ["r", "g", "b"],
  a98: ["r", "g", "b"],
  prophoto: ["r", "g", "b"],
  rec2020: ["r", "g", "b"],
  hsl: ["h", "s", "l"],
  hwb: ["h", "w", "b"],
  lab: ["l", "a", "b"],
  lch: ["l", "c", "h"],
  oklab: ["l", "a", "b"],
  oklch: ["l", "c", "h"],
  xyz65: ["x", "y", "z"],
  xyz50: ["x", "y", "z"],
};
/** Components DTCG writes in percent (0–100) where culori uses 0–1. */
const PERCENT_CHANNELS: Record<string, number[]> = { hsl: [1, 2], hwb: [1, 2] };

const round = (n: number, digits = 4) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function isDtcgColor(value: unknown): value is DtcgColor {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.colorSpace === "string" &&
    (COLOR_SPACES as readonly string[]).includes(v.colorSpace) &&
    Array.isArray(v.components) &&
    v.components.length === 3 &&
    v.components.every((c) => c === "none" || (typeof c === "number" && Number.isFinite(c))) &&
    (v.alpha === undefined || (typeof v.alpha === "number" && v.alpha >= 0 && v.alpha <= 1)) &&
    (v.hex === undefined || (typeof v.hex === "string" && /^#[0-9a-fA-F]{6}$/.test(v.hex)))
  );
}

function fromCulori(c: Color): DtcgColor | null {
  const entry = Object.entries(MODE).find(([, mode]) => mode === c.mode);
  if (!entry) {
    const rgb = converter("rgb")(c);
    return rgb ? fromCulori(rgb) : null;
  }
  const space = entry[0] as ColorSpace;
  const channels = CHANNELS[c.mode];
  const pct = PERCENT_CHANNELS[c.mode] ?? [];
  const record = c as unknown as Record<string, number | undefined>;
  const components: ColorComponent[] = channels.map((ch, i) => {
    const n = record[ch];
    if (n === undefined || Number.isNaN(n)) return ch === "h" ? "none" : 0;
    return round(pct.includes(i) ? n * 100 : n);
  });
  const out: DtcgColor = { colorSpace: space, components };
  if (c.alpha !== undefined && c.alpha < 1) out.alpha = round(c.alpha);
  out.hex = formatHex(toGamut("rgb", "oklch")(c));
  return out;
}

function toCulori(color: DtcgColor): Color {
  const mode = MODE[color.colorSpace];
  const channels = CHANNELS[mode];
  const pct = PERCENT_CHANNELS[mode] ?? [];
  const c: Record<string, unknown> = { mode };
  color.components.forEach((n, i) => {
    if (n === "none") return;
    c[channels[i]] = pct.includes(i) ? n / 100 : n;
  });
  if (color.alpha !== undefined && color.alpha < 1) c.alpha = color.alpha;
  return c as unknown as Color;
}

/** A colour from CSS text (hex, rgb(), hsl(), oklch(), named…) or a DTCG colour object; null if unreadable. */
export function parseColor(input: unknown): DtcgColor | null {
  if (isDtcgColor(input)) return input;
  if (typeof input !== "string") return null;
  const text = input.trim();
  const c = parse(text);
  if (!c) return null;
  // Hex and rgb() stay sRGB; functional notations keep their own space.
  return fromCulori(c);
}

/** `#rrggbb` (or `#rrggbbaa` with alpha below 1), mapped into the sRGB gamut. */
export function toHex(input: DtcgColor | string): string {
  const color = typeof input === "string" ? parseColor(input) : input;
  if (!color) throw new Error(`Not a colour: ${String(input)}`);
  const fast = srgbHex(color);
  if (fast) return fast;
  const c = toGamut("rgb", "oklch")(toCulori(color));
  return color.alpha !== undefined && color.alpha < 1 ? formatHex8(c) : formatHex(c);
}

const byte = (n: number) =>
  Math.round(n * 255)
    .toString(16)
    .padStart(2, "0");

/** Hex of an sRGB colour inside the gamut without culori (the common case, and the fast one). */
function srgbHex(color: DtcgColor): string | null {
  if (color.colorSpace !== "srgb") return null;
  const [r, g, b] = color.components;
  if (![r, g, b].every((c) => typeof c === "number" && c >= 0 && c <= 1)) return null;
  const alpha = color.alpha !== undefined && color.alpha < 1 ? byte(color.alpha) : "";
  return `#${byte(r as number)}${byte(g as number)}${byte(b as number)}${alpha}`;
}

/** The colour as oklch, `{ l (0–1), c, h (degrees), alpha }`. */
export function toOklch(input: DtcgColor | string): { l: number; c: number; h: number; alpha: number } {
  const color = typeof input === "string" ? parseColor(input) : input;
  if (!color) throw new Error(`Not a colour: ${String(input)}`);
  const o = converter("oklch")(toCulori(color));
  return { l: round(o.l), c: round(o.c), h: round(o.h ?? 0, 2), alpha: color.alpha ?? 1 };
}

/** CSS `oklch(…)` text of a colour, for the editor's oklch field. */
export function formatOklch(input: DtcgColor | string): string {
  const o = toOklch(input);
  const alpha = o.alpha < 1 ? ` / ${round(o.alpha, 3)}` : "";
  return `oklch(${round(o.l * 100, 2)}% ${round(o.c, 4)} ${round(o.h, 2)}${alpha})`;
}

/** An sRGB colour in the DTCG shape from `#rrggbb`/`#rrggbbaa`. */
export function colorFromHex(hex: string): DtcgColor {
  const c = parseColor(hex);
  if (!c || c.colorSpace !== "srgb") throw new Error(`Not a hex colour: ${hex}`);
  return c;
}

const fmt = (n: ColorComponent, digits = 4) => (n === "none" ? "none" : String(round(n, digits)));

/** CSS text of a DTCG colour: hex for sRGB, the space's own function otherwise. */
export function colorToCss(color: DtcgColor): string {
  const a = color.alpha !== undefined && color.alpha < 1 ? ` / ${round(color.alpha, 4)}` : "";
  const [x, y, z] = color.components;
  switch (color.colorSpace) {
    case "srgb":
      return toHex(color);
    case "hsl":
      return `hsl(${fmt(x)} ${fmt(y)}% ${fmt(z)}%${a})`;
    case "hwb":
      return `hwb(${fmt(x)} ${fmt(y)}% ${fmt(z)}%${a})`;
    case "lab":
    case "lch":
    case "oklab":
    case "oklch":
      return `${color.colorSpace}(${fmt(x)} ${fmt(y)} ${fmt(z)}${a})`;
    default:
      return `color(${color.colorSpace} ${fmt(x)} ${fmt(y)} ${fmt(z)}${a})`;
  }
}

/** Linear sRGB channels (0–1) and alpha, gamut-mapped, for contrast maths. */
export function toSrgb(color: DtcgColor): { r: number; g: number; b: number; alpha: number } {
  const c = toGamut("rgb", "oklch")(toCulori(color));
  return { r: c.r, g: c.g, b: c.b, alpha: color.alpha ?? 1 };
}
