/**
 * Builds app/styles/dark.css: the dark theme as Tailwind theme variables, one per utility
 * kind and palette colour, each `light-dark(<the light colour>, <its dark stand-in>)`.
 *
 * Why this shape: the app's screens are written with Tailwind palette classes (bg-white,
 * text-slate-600, border-slate-200, bg-red-50 text-red-800 …), and other work adds more every
 * day. Tailwind 4 lets each utility kind read its own theme namespace before the shared
 * `--color-*` one (`bg-*` reads `--background-color-*`, `text-*` reads `--text-color-*`, then
 * `--border-color-*`, `--ring-color-*`, `--outline-color-*`, `--fill-*`, `--stroke-*` …), so a
 * colour can darken as a background and lighten as text, while `text-white` on a brand button
 * stays white. Hover, focus and opacity variants (`hover:bg-slate-100`, `bg-slate-900/40`) read
 * the same variables, so they follow too, and nothing in a component changes.
 *
 * `light-dark()` picks by the element's `color-scheme`, which the root sets on <html> from the
 * user's choice: `light`, `dark`, or `light dark` for System (the device decides, as
 * prefers-color-scheme would). An element that must stay light (a user's own colours) only
 * needs `color-scheme: light`. Tailwind only emits the variables a class uses.
 *
 * The rules, in lightness (OKLCH L) on dark surfaces:
 * - neutrals (slate, gray …): the page (`bg-slate-50`) is the darkest, cards (`bg-white`) a step
 *   up, tints (`bg-slate-100/200/300`) further up; text is mirrored (slate-900 → almost white,
 *   slate-500 → a mid grey that keeps 4.5:1 on every surface); borders a little lighter than
 *   the surfaces they separate; dark solids (`bg-slate-800` buttons with white text) stay dark.
 * - colours (red, amber, brand …): tints 50–400 become dark tints of the same hue; solids
 *   500–950 stay (white text on `bg-brand-600` or `bg-red-600` keeps its contrast); text 500–950
 *   takes the light end of its own scale (`text-red-800` → red-200), so a badge or alert reads
 *   light on its dark tint; rings and outlines 500–800 lighten so focus rings show on dark.
 */
import { clampChroma, formatHex, oklch } from "culori";

export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type Shade = (typeof SHADES)[number];
export type Scale = Record<Shade, string>;

export const NEUTRALS = ["slate", "gray", "zinc", "neutral", "stone", "mauve", "olive", "mist", "taupe"] as const;

/** The namespaces written, by utility kind. `divide-*` reads `--border-color-*` when it has no own. */
const KINDS = {
  bg: "--background-color",
  text: "--text-color",
  border: "--border-color",
  ring: "--ring-color",
  ringOffset: "--ring-offset-color",
  outline: "--outline-color",
  fill: "--fill",
  stroke: "--stroke",
  placeholder: "--placeholder-color",
  decoration: "--text-decoration-color",
} as const;
type Kind = keyof typeof KINDS;

// Neutral surfaces and lines on dark, by shade (white is the card).
const NEUTRAL_BG: Partial<Record<Shade | "white", number>> = {
  white: 0.215,
  50: 0.17,
  100: 0.255,
  200: 0.305,
  300: 0.37,
  400: 0.45,
  800: 0.36,
  900: 0.13,
  950: 0.1,
};
const NEUTRAL_TEXT: Partial<Record<Shade, number>> = { 400: 0.63, 500: 0.74, 600: 0.8, 700: 0.86, 800: 0.91, 900: 0.95, 950: 0.97 };
const NEUTRAL_LINE: Partial<Record<Shade, number>> = { 50: 0.23, 100: 0.265, 200: 0.315, 300: 0.41, 400: 0.5, 500: 0.58 };
// Tints of a hue on dark, by shade: [lightness, chroma at most].
const HUE_BG: Partial<Record<Shade, [number, number]>> = {
  50: [0.27, 0.05],
  100: [0.31, 0.07],
  200: [0.37, 0.09],
  300: [0.45, 0.11],
  400: [0.55, 0.13],
};
const HUE_LINE: Partial<Record<Shade, [number, number]>> = {
  50: [0.31, 0.05],
  100: [0.35, 0.07],
  200: [0.41, 0.09],
  300: [0.49, 0.11],
  400: [0.59, 0.13],
};
// Text (and focus rings) take the light end of their own scale.
const HUE_TEXT: Partial<Record<Shade, Shade>> = { 500: 400, 600: 300, 700: 300, 800: 200, 900: 100, 950: 50 };
const HUE_RING: Partial<Record<Shade, Shade>> = { 500: 400, 600: 400, 700: 400, 800: 300 };

function hex(l: number, c: number, h: number | undefined): string {
  return formatHex(clampChroma({ mode: "oklch", l, c, h: h ?? 0 }, "oklch"));
}

function parts(color: string): { l: number; c: number; h: number | undefined } {
  const o = oklch(color);
  if (!o) throw new Error(`Not a colour: ${color}`);
  return { l: o.l, c: o.c, h: o.h };
}

/** The dark stand-in of each (kind, shade) of one palette family; absent means "the same as light". */
export function darkScale(family: string, scale: Scale): Partial<Record<Kind, Partial<Record<Shade | "white", string>>>> {
  const out: Partial<Record<Kind, Partial<Record<Shade | "white", string>>>> = {};
  const set = (kind: Kind, shade: Shade | "white", value: string) => ((out[kind] ??= {})[shade] = value);
  if ((NEUTRALS as readonly string[]).includes(family)) {
    // The family's own tint, a little calmer: slate stays bluish, neutral stays grey.
    const { h, c } = parts(scale[800]);
    const tint = (l: number) => hex(l, Math.min(c, 0.035), h);
    // Text a little greyer still: light text with the surfaces' blue reads as tinted.
    const ink = (l: number) => hex(l, Math.min(c, 0.018), h);
    for (const shade of SHADES) {
      const bg = NEUTRAL_BG[shade];
      const text = NEUTRAL_TEXT[shade];
      const line = NEUTRAL_LINE[shade];
      if (bg !== undefined) set("bg", shade, tint(bg));
      if (text !== undefined) for (const k of ["text", "placeholder", "decoration"] as const) set(k, shade, ink(text));
      if (line !== undefined) for (const k of ["border", "ring", "outline", "stroke"] as const) set(k, shade, tint(line));
      // Fills are chart areas (matching their legend's bg-*) up to 400 and chart text from 500.
      if (shade <= 400 && bg !== undefined) set("fill", shade, tint(bg));
      if (shade >= 500 && text !== undefined) set("fill", shade, ink(text));
    }
    return out;
  }
  const { h, c: c500 } = parts(scale[500]);
  for (const shade of SHADES) {
    const bg = HUE_BG[shade];
    const line = HUE_LINE[shade];
    const text = HUE_TEXT[shade];
    const ring = HUE_RING[shade];
    if (bg) for (const k of ["bg", "fill"] as const) set(k, shade, hex(bg[0], Math.min(bg[1], c500), h));
    if (line) for (const k of ["border", "ring", "outline", "stroke"] as const) set(k, shade, hex(line[0], Math.min(line[1], c500), h));
    if (text) for (const k of ["text", "placeholder", "decoration"] as const) set(k, shade, scale[text]);
    if (ring) for (const k of ["ring", "outline"] as const) set(k, shade, scale[ring]);
  }
  return out;
}

/** The card surface: what `bg-white` (and a ring offset of white) becomes. */
export function darkCard(palette: Record<string, Scale>): string {
  const { h, c } = parts(palette.slate![800]);
  return hex(NEUTRAL_BG.white!, Math.min(c, 0.035), h);
}

/** The CSS text of app/styles/dark.css for a palette (Tailwind's, plus the app's brand scale). */
export function darkThemeCss(palette: Record<string, Scale>): string {
  const lines: string[] = [];
  const card = darkCard(palette);
  lines.push(`  ${KINDS.bg}-white: light-dark(var(--color-white), ${card});`);
  lines.push(`  ${KINDS.ringOffset}-white: light-dark(var(--color-white), ${card});`);
  for (const [family, scale] of Object.entries(palette)) {
    const dark = darkScale(family, scale);
    for (const kind of Object.keys(KINDS) as Kind[]) {
      const byShade = dark[kind];
      if (!byShade) continue;
      for (const shade of SHADES) {
        const value = byShade[shade];
        if (value) lines.push(`  ${KINDS[kind]}-${family}-${shade}: light-dark(var(--color-${family}-${shade}), ${value});`);
      }
    }
  }
  return [
    "/*",
    " * The dark theme: GENERATED by app/styles/dark-theme.ts (npx tsx app/styles/write-dark-css.ts);",
    " * edit the rules there, not this list. How it works: the comment at the top of that file, and",
    " * app/styles/README.md. The rest of the theme (color-scheme, focus ring, non-colour details) is",
    " * in app/styles/theme.css.",
    " */",
    "@theme {",
    ...lines,
    "}",
    "",
  ].join("\n");
}

/** Tailwind's palette (v4, OKLCH) plus the brand scale defined in app/tailwind.css. */
export async function appPalette(tailwindCss: string): Promise<Record<string, Scale>> {
  const colors = (await import("tailwindcss/colors")).default as unknown as Record<string, unknown>;
  const palette: Record<string, Scale> = {};
  for (const [name, value] of Object.entries(colors)) {
    if (value && typeof value === "object" && "500" in value) palette[name] = value as Scale;
  }
  const brand = {} as Scale;
  for (const m of tailwindCss.matchAll(/--color-brand-(\d+):\s*([^;]+);/g)) brand[Number(m[1]) as Shade] = m[2]!.trim();
  if (!brand[500]) throw new Error("app/tailwind.css defines no --color-brand-500");
  // The brand scale stops at 900; its 950 is the 900.
  brand[950] ??= brand[900];
  palette.brand = brand;
  return palette;
}
