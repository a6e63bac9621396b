import { describe, expect, it } from "vitest";
import { colorFromHex, colorToCss, formatOklch, parseColor, toHex, toOklch } from "./color";
import { contrastRatio, formatRatio, semanticPairs, verdicts } from "./contrast";
import { resolveAll } from "./resolve";
import { sampleSystem } from "./sample";

describe("colours", () => {
  it("reads hex, rgb(), hsl(), oklch() and names into the DTCG shape", () => {
    expect(parseColor("#0f62fe")).toEqual({ colorSpace: "srgb", components: [0.0588, 0.3843, 0.9961], hex: "#0f62fe" });
    expect(parseColor("rgb(255 0 0 / 50%)")).toEqual({ colorSpace: "srgb", components: [1, 0, 0], alpha: 0.5, hex: "#ff0000" });
    expect(parseColor("hsl(200 50% 40%)")).toMatchObject({ colorSpace: "hsl", components: [200, 50, 40] });
    expect(parseColor("oklch(62% 0.2 259)")).toMatchObject({ colorSpace: "oklch", components: [0.62, 0.2, 259] });
    expect(parseColor("rebeccapurple")?.hex).toBe("#663399");
    expect(parseColor("nonsense")).toBeNull();
  });

  it("writes hex and oklch, and CSS in the colour's own space", () => {
    expect(toHex(colorFromHex("#0f62fe"))).toBe("#0f62fe");
    expect(toHex({ colorSpace: "srgb", components: [0, 0, 0], alpha: 0.5 })).toBe("#00000080");
    expect(toHex("oklch(62.8% 0.2577 29.23)")).toBe("#ff0000");
    expect(toOklch("#ffffff")).toEqual({ l: 1, c: 0, h: 0, alpha: 1 });
    expect(formatOklch("#ff0000")).toMatch(/^oklch\(62\.8\d*% 0\.25\d* 29\.2\d*\)$/);
    expect(colorToCss({ colorSpace: "oklch", components: [0.5, 0.1, "none"] })).toBe("oklch(0.5 0.1 none)");
  });
});

describe("contrast ratios for known pairs", () => {
  it.each([
    ["#767676", "#ffffff", "4.54"],
    ["#000000", "#ffffff", "21.00"],
    ["#ffffff", "#ffffff", "1.00"],
    ["#777777", "#ffffff", "4.47"],
    ["#595959", "#ffffff", "7.00"],
  ])("%s on %s is %s:1", (fg, bg, ratio) => {
    expect(formatRatio(contrastRatio(fg, bg))).toBe(ratio);
    expect(formatRatio(contrastRatio(bg, fg))).toBe(ratio);
  });

  it("blends translucent text over its background", () => {
    expect(formatRatio(contrastRatio({ colorSpace: "srgb", components: [0, 0, 0], alpha: 0.5 }, "#ffffff"))).toBe(
      formatRatio(contrastRatio({ colorSpace: "srgb", components: [0.5, 0.5, 0.5] }, "#ffffff")),
    );
  });

  it("gives AA and AAA verdicts for normal and large text", () => {
    expect(verdicts(contrastRatio("#767676", "#ffffff"))).toEqual({
      aaNormal: true,
      aaLarge: true,
      aaaNormal: false,
      aaaLarge: true,
    });
    expect(verdicts(contrastRatio("#777777", "#ffffff"))).toEqual({
      aaNormal: false,
      aaLarge: true,
      aaaNormal: false,
      aaaLarge: false,
    });
    expect(verdicts(21)).toEqual({ aaNormal: true, aaLarge: true, aaaNormal: true, aaaLarge: true });
    expect(verdicts(2.9).aaLarge).toBe(false);
  });
});

describe("semanticPairs", () => {
  it("pairs text colours with surfaces, or with the partners pairsWith names, and all pass AA in the sample", () => {
    for (const [theme, resolved] of resolveAll(sampleSystem())) {
      const pairs = semanticPairs(resolved);
      expect(pairs).toContainEqual({ text: "color.text.primary", surface: "color.surface.default" });
      expect(pairs).toContainEqual({ text: "color.text.onBrand", surface: "color.brand.primary" });
      expect(pairs).not.toContainEqual({ text: "color.text.onBrand", surface: "color.surface.default" });
      for (const p of pairs) {
        const ratio = contrastRatio(resolved.get(p.text)!.resolved as never, resolved.get(p.surface)!.resolved as never);
        expect({ theme, ...p, aa: ratio >= 4.5 }).toEqual({ theme, ...p, aa: true });
      }
    }
  });
});
