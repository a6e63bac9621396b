import { describe, expect, it } from "vitest";
import { contrastRows, designIssues, pickedPair, themeEntries } from "./issues";
import { resolveAll, resolveTheme } from "./resolve";
import { sampleSystem } from "./sample";
import type { DesignSystemDoc } from "./types";

/** The sample system with the light theme's secondary text made too pale (#94a3b8 on white: 2.56:1). */
function paleSecondary(): DesignSystemDoc {
  const doc = sampleSystem();
  const light = doc.sets.find((s) => s.name === "light")!;
  const text = (light.tokens.color as Record<string, Record<string, Record<string, unknown>>>).text!;
  text.secondary = { ...text.secondary, $value: "{color.gray.400}" };
  return doc;
}

describe("contrastRows", () => {
  it("lists every semantic pair of a theme with its ratio and verdicts", () => {
    const rows = contrastRows([...resolveTheme(sampleSystem(), "light").values()]);
    const primary = rows.find((r) => r.text === "color.text.primary" && r.surface === "color.surface.default")!;
    expect(primary).toMatchObject({ textHex: "#0f172a", surfaceHex: "#ffffff", verdicts: { aaNormal: true, aaaNormal: true } });
    expect(Number(primary.ratioText)).toBeGreaterThan(17);
    // A token with pairsWith is paired with those only.
    expect(rows.filter((r) => r.text === "color.text.onBrand").map((r) => r.surface)).toEqual(["color.brand.primary"]);
    expect(rows.length).toBeGreaterThan(8);
  });
});

describe("designIssues", () => {
  it("finds none in the starting system (every semantic pair passes AA in both themes)", () => {
    expect(designIssues(resolveAll(sampleSystem()))).toEqual([]);
  });

  it("lists each semantic pair below AA, per theme, at the text token's path", () => {
    const issues = designIssues(resolveAll(paleSecondary()));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.path === "color.text.secondary" && i.set === "light")).toBe(true);
    expect(issues.map((i) => i.message)).toContain(
      "In the light theme, color.text.secondary on color.surface.default has a contrast of 2.56:1, below AA for normal text (4.5:1) and for large text (3:1).",
    );
    // The dark theme keeps its own secondary text, which passes.
    expect(issues.some((i) => i.message.includes("dark theme"))).toBe(false);
  });

  it("takes plain records of arrays too (what a loader sends)", () => {
    const byTheme = Object.fromEntries(themeEntries(resolveAll(paleSecondary())));
    expect(designIssues(byTheme)).toEqual(designIssues(resolveAll(paleSecondary())));
  });
});

describe("pickedPair", () => {
  const tokens = [...resolveTheme(sampleSystem(), "light").values()];

  it("rates two CSS colours: #767676 on white is 4.54:1, AA for normal text, not AAA", () => {
    const r = pickedPair("#767676", "#ffffff", tokens);
    expect(r.ok && r.row).toMatchObject({
      ratioText: "4.54",
      verdicts: { aaNormal: true, aaLarge: true, aaaNormal: false, aaaLarge: true },
    });
  });

  it("reads token paths (with or without braces) in the theme", () => {
    const r = pickedPair("{color.text.secondary}", "color.surface.default", tokens);
    expect(r.ok && r.row.textHex).toBe("#475569");
    expect(r.ok && r.row.surfaceHex).toBe("#ffffff");
  });

  it("names the field it cannot read", () => {
    expect(pickedPair("nope", "#fff", tokens)).toMatchObject({ ok: false, field: "fg" });
    expect(pickedPair("#000", "color.nope", tokens)).toMatchObject({ ok: false, field: "bg" });
  });

  it("skips pairs whose colour does not resolve", () => {
    const broken = tokens.map((t) => (t.path === "color.surface.default" ? { ...t, resolved: undefined } : t));
    expect(contrastRows(broken).some((r) => r.surface === "color.surface.default")).toBe(false);
  });
});
