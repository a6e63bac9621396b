import { readFileSync } from "node:fs";
import { wcagContrast } from "culori";
import { beforeAll, describe, expect, it } from "vitest";
import { NEUTRALS, type Scale, type Shade, appPalette, darkCard, darkScale, darkThemeCss } from "./dark-theme";

let palette: Record<string, Scale>;
beforeAll(async () => {
  palette = await appPalette(readFileSync("app/tailwind.css", "utf8"));
});

/** The dark value of a class, e.g. dark("text", "red", 700); the light one where the theme keeps it. */
function dark(kind: "bg" | "text" | "border" | "ring" | "outline" | "fill", family: string, shade: Shade): string {
  return darkScale(family, palette[family]!)[kind]?.[shade] ?? palette[family]![shade];
}

const HUES = () => Object.keys(palette).filter((f) => !(NEUTRALS as readonly string[]).includes(f));

describe("app/styles/dark.css", () => {
  it("is what dark-theme.ts generates (run npx tsx app/styles/write-dark-css.ts after changing the rules)", () => {
    expect(readFileSync("app/styles/dark.css", "utf8")).toBe(darkThemeCss(palette));
  });

  it("keeps white text white and dark solids dark: only backgrounds and text move", () => {
    const css = darkThemeCss(palette);
    expect(css).not.toMatch(/--text-color-white/);
    expect(css).not.toMatch(/--background-color-(brand|red)-(600|700)/);
    expect(css).toMatch(/--background-color-white: light-dark\(var\(--color-white\), #[0-9a-f]{6}\);/);
  });
});

describe("contrast in the dark theme (WCAG AA: 4.5:1 for text, 3:1 for focus rings)", () => {
  it("neutral text on the page, cards and tints", () => {
    const surfaces = [dark("bg", "slate", 50), darkCard(palette), dark("bg", "slate", 100)];
    for (const shade of [500, 600, 700, 800, 900] as const)
      for (const bg of surfaces)
        expect(wcagContrast(dark("text", "slate", shade), bg), `text-slate-${shade} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    // Secondary text on the deepest tint a chip or a table header uses.
    expect(wcagContrast(dark("text", "slate", 600), dark("bg", "slate", 200))).toBeGreaterThanOrEqual(4.5);
  });

  it("a coloured badge or alert: its text on its own tint, and its text on a card", () => {
    for (const hue of HUES()) {
      for (const text of [600, 700, 800, 900] as const) {
        for (const bg of [50, 100] as const) {
          const ratio = wcagContrast(dark("text", hue, text), dark("bg", hue, bg));
          expect(ratio, `text-${hue}-${text} on bg-${hue}-${bg}`).toBeGreaterThanOrEqual(4.5);
        }
        expect(wcagContrast(dark("text", hue, text), darkCard(palette)), `text-${hue}-${text} on a card`).toBeGreaterThanOrEqual(4.5);
      }
      // A board label: bg-*-200 with text-*-900.
      expect(wcagContrast(dark("text", hue, 900), dark("bg", hue, 200)), `text-${hue}-900 on bg-${hue}-200`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("focus rings and outlines show on every surface", () => {
    for (const hue of ["brand", "red"]) {
      for (const kind of ["ring", "outline"] as const) {
        for (const bg of [dark("bg", "slate", 50), darkCard(palette), dark("bg", "slate", 100)])
          expect(wcagContrast(dark(kind, hue, 600), bg), `${kind}-${hue}-600 on ${bg}`).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("white text keeps its contrast on the solid buttons", () => {
    for (const bg of [dark("bg", "brand", 600), dark("bg", "red", 600), dark("bg", "slate", 800)])
      expect(wcagContrast("#ffffff", bg), `white on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });
});
