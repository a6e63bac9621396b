/**
 * The design system of issue 9's performance targets: 2,000 tokens, 500 of them aliases, over
 * three themes. Shared by bench/design.ts (in-process) and bench/design-page-seed.ts (the page).
 */
import { colorFromHex } from "~/lib/design-tokens/color";
import type { DesignSystemDoc, TokenTree } from "~/lib/design-tokens/types";

const px = (value: number) => ({ value, unit: "px" });
const hex = (i: number) => `#${((i * 2654435761) >>> 8).toString(16).padStart(6, "0").slice(-6)}`;

/**
 * 2,000 tokens, 500 of them aliases: a core set of 1,550 (1,500 values of every type, 50
 * typography composites whose parts are aliases) and three theme sets of 150 aliases each
 * (light, dark, contrast), some through other aliases of the same theme (chains of 2–3).
 */
export function benchSystem(): DesignSystemDoc {
  const color: TokenTree = { $type: "color" };
  for (let h = 0; h < 60; h++) {
    const hue: TokenTree = {};
    for (let s = 1; s <= 10; s++) hue[String(s * 100)] = { $value: colorFromHex(hex(h * 10 + s)) };
    color[`hue${h}`] = hue;
  }
  const core: TokenTree = {
    color, // 600
    space: Object.fromEntries([["$type", "dimension"], ...Array.from({ length: 300 }, (_, i) => [`s${i}`, { $value: px(i) }])]),
    radius: Object.fromEntries([["$type", "dimension"], ...Array.from({ length: 100 }, (_, i) => [`r${i}`, { $value: px(i) }])]),
    size: Object.fromEntries([["$type", "dimension"], ...Array.from({ length: 100 }, (_, i) => [`f${i}`, { $value: px(8 + i) }])]),
    weight: Object.fromEntries([
      ["$type", "fontWeight"],
      ...Array.from({ length: 50 }, (_, i) => [`w${i}`, { $value: 100 + (i % 9) * 100 }]),
    ]),
    family: Object.fromEntries([
      ["$type", "fontFamily"],
      ...Array.from({ length: 50 }, (_, i) => [`ff${i}`, { $value: [`Family ${i}`, "sans-serif"] }]),
    ]),
    leading: Object.fromEntries([["$type", "number"], ...Array.from({ length: 50 }, (_, i) => [`l${i}`, { $value: 1 + i / 100 }])]),
    duration: Object.fromEntries([
      ["$type", "duration"],
      ...Array.from({ length: 50 }, (_, i) => [`d${i}`, { $value: { value: i * 10, unit: "ms" } }]),
    ]),
    ease: Object.fromEntries([
      ["$type", "cubicBezier"],
      ...Array.from({ length: 50 }, (_, i) => [`e${i}`, { $value: [i / 50, 0, 1 - i / 50, 1] }]),
    ]),
    shadow: Object.fromEntries([
      ["$type", "shadow"],
      ...Array.from({ length: 100 }, (_, i) => [
        `sh${i}`,
        { $value: { color: colorFromHex(hex(i)), offsetX: px(0), offsetY: px(i % 8), blur: px(i % 16), spread: px(0) } },
      ]),
    ]),
    border: Object.fromEntries([
      ["$type", "border"],
      ...Array.from({ length: 50 }, (_, i) => [
        `b${i}`,
        { $value: { color: colorFromHex(hex(i + 7)), width: px(1 + (i % 3)), style: "solid" } },
      ]),
    ]),
    // 50 composites whose parts are aliases (aliases 1–50).
    typography: Object.fromEntries([
      ["$type", "typography"],
      ...Array.from({ length: 50 }, (_, i) => [
        `t${i}`,
        {
          $value: {
            fontFamily: `{family.ff${i}}`,
            fontSize: `{size.f${i}}`,
            fontWeight: `{weight.w${i}}`,
            letterSpacing: px(0),
            lineHeight: `{leading.l${i}}`,
          },
        },
      ]),
    ]),
  };
  const theme = (shift: number): TokenTree => {
    const sem: TokenTree = { $type: "color" };
    // 150 aliases: 100 onto the palette, 50 onto the theme's own aliases (chains).
    for (let i = 0; i < 100; i++) sem[`c${i}`] = { $value: `{color.hue${(i + shift) % 60}.${((i % 10) + 1) * 100}}` };
    for (let i = 0; i < 50; i++) sem[`a${i}`] = { $value: `{semantic.c${(i * 2 + shift) % 100}}` };
    return { semantic: sem };
  };
  return {
    sets: [
      { name: "core", tokens: core },
      { name: "light", tokens: theme(0) },
      { name: "dark", tokens: theme(17) },
      { name: "contrast", tokens: theme(33) },
    ],
    themes: [
      { name: "light", sets: ["core", "light"] },
      { name: "dark", sets: ["core", "dark"] },
      { name: "contrast", sets: ["core", "contrast"] },
    ],
  };
}
