import { describe, expect, it } from "vitest";
import { parseImport, toDtcgJson, toTokensStudioJson } from "./interchange";
import { resolveTheme } from "./resolve";
import { sampleSystem } from "./sample";
import { getToken } from "./tree";
import type { DesignSystemDoc } from "./types";

const withExtensions = (): DesignSystemDoc => {
  const doc = sampleSystem();
  const core = doc.sets[0].tokens as Record<string, Record<string, unknown>>;
  core.color.$extensions = { "org.penpot": { id: "abc", order: [3, 1, 2] } };
  (core.color.white as Record<string, unknown>).$extensions = { "com.figma": { variableId: "VariableID:1:2", scopes: ["ALL_FILLS"] } };
  (core.color.black as Record<string, unknown>).$deprecated = "Use color.gray.900";
  return doc;
};

describe("DTCG export", () => {
  it("writes one theme's tokens merged, 2-space indented, in a fixed key order", () => {
    const text = toDtcgJson(sampleSystem(), { theme: "dark" });
    const file = JSON.parse(text);
    expect(text.startsWith('{\n  "$extensions": {\n    "app.atelier": {\n      "theme": "dark"')).toBe(true);
    expect(file.color.text.primary).toEqual({ $value: "{color.gray.50}", $description: "Body text and headings." });
    expect(Object.keys(file.color.gray)).toEqual(["50", "100", "200", "300", "400", "500", "600", "700", "800", "900"]);
    expect(Object.keys(file.color.white.$value)).toEqual(["colorSpace", "components", "hex"]);
    expect(toDtcgJson(sampleSystem())).toBe(toDtcgJson(sampleSystem(), { theme: "light" }));
  });

  it("does not depend on the order the stored keys come in (jsonb reorders them)", () => {
    const shuffled = JSON.parse(JSON.stringify(sampleSystem()), function (_k, v) {
      return v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v;
    });
    expect(toDtcgJson(shuffled, { theme: "light" })).toBe(toDtcgJson(sampleSystem(), { theme: "light" }));
  });
});

describe("the round trip", () => {
  it("DTCG: export, import into an empty system, export again gives identical bytes, $extensions kept", () => {
    for (const theme of ["light", "dark"]) {
      const first = toDtcgJson(withExtensions(), { theme });
      const imported = parseImport(first);
      expect(imported.ok).toBe(true);
      if (!imported.ok) return;
      expect(imported.format).toBe("dtcg");
      expect(imported.doc.themes).toEqual([{ name: theme, sets: [theme] }]);
      expect(toDtcgJson(imported.doc)).toBe(first);
      const tokens = imported.doc.sets[0].tokens;
      expect(getToken(tokens, "color.white")?.$extensions).toEqual({
        "com.figma": { variableId: "VariableID:1:2", scopes: ["ALL_FILLS"] },
      });
      expect(getToken(tokens, "color.black")?.$deprecated).toBe("Use color.gray.900");
      expect((tokens.color as Record<string, unknown>).$extensions).toEqual({ "org.penpot": { id: "abc", order: [3, 1, 2] } });
      const original = resolveTheme(withExtensions(), theme);
      const back = resolveTheme(imported.doc, theme);
      for (const [path, t] of original) expect(back.get(path)?.resolved).toEqual(t.resolved);
    }
  });

  it("Tokens Studio: export, import, export again gives identical bytes and the same sets and themes", () => {
    const first = toTokensStudioJson(withExtensions());
    const imported = parseImport(first);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.format).toBe("tokens-studio");
    expect(toTokensStudioJson(imported.doc)).toBe(first);
    expect(imported.doc.themes).toEqual(sampleSystem().themes);
    expect(imported.doc.sets.map((s) => s.name)).toEqual(["core", "light", "dark"]);
    expect(JSON.parse(first).$metadata).toEqual({ tokenSetOrder: ["core", "light", "dark"] });
    expect(JSON.parse(first).$themes[1]).toEqual({
      id: "dark",
      name: "dark",
      selectedTokenSets: { core: "enabled", dark: "enabled", light: "disabled" },
    });
  });
});

describe("import of both formats", () => {
  it("reads a plain DTCG file with legacy string values as one set", () => {
    const r = parseImport(
      JSON.stringify({
        color: { $type: "color", brand: { $value: "#0f62fe" }, link: { $value: "{color.brand}" } },
        space: { $type: "dimension", md: { $value: "16px" } },
      }),
    );
    expect(r).toMatchObject({ ok: true, format: "dtcg", doc: { themes: [] } });
    if (!r.ok) return;
    expect(r.doc.sets[0].name).toBe("tokens");
    expect(getToken(r.doc.sets[0].tokens, "color.brand")?.$value).toMatchObject({ colorSpace: "srgb", hex: "#0f62fe" });
    expect(getToken(r.doc.sets[0].tokens, "space.md")?.$value).toEqual({ value: 16, unit: "px" });
  });

  it("reads Tokens Studio with legacy value/type keys, studio type names, sets, themes and set order", () => {
    const studio = {
      global: {
        blue: { value: "#0f62fe", type: "color", description: "Brand" },
        space: { sm: { value: "8", type: "spacing" } },
        radius: { value: "4px", type: "borderRadius" },
        weight: { value: "Semi Bold", type: "fontWeights" },
        lh: { value: "150%", type: "lineHeights" },
        shadow: { value: { x: "0", y: "2", blur: "4", spread: "0", color: "#00000040", type: "dropShadow" }, type: "boxShadow" },
        body: {
          value: { fontFamily: "Inter", fontSize: "16", fontWeight: "{weight}", lineHeight: "{lh}", textCase: "none" },
          type: "typography",
        },
      },
      light: { bg: { value: "#ffffff", type: "color" }, fg: { value: "{blue}", type: "color" } },
      dark: { bg: { value: "#000000", type: "color" } },
      $themes: [
        { id: "t1", name: "Light", selectedTokenSets: { global: "source", light: "enabled", dark: "disabled" } },
        { id: "t2", name: "Dark", selectedTokenSets: { dark: "enabled", global: "enabled" } },
      ],
      $metadata: { tokenSetOrder: ["global", "light", "dark"] },
    };
    const r = parseImport(JSON.stringify(studio));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.format).toBe("tokens-studio");
    expect(r.doc.themes).toEqual([
      { name: "Light", sets: ["global", "light"] },
      { name: "Dark", sets: ["global", "dark"] },
    ]);
    const g = r.doc.sets[0].tokens;
    expect(getToken(g, "blue")).toEqual({ $type: "color", $value: expect.objectContaining({ hex: "#0f62fe" }), $description: "Brand" });
    expect(getToken(g, "space.sm")).toEqual({ $type: "dimension", $value: { value: 8, unit: "px" } });
    expect(getToken(g, "weight")?.$value).toBe("semi-bold");
    expect(getToken(g, "lh")?.$value).toBe(1.5);
    expect(getToken(g, "shadow")?.$value).toEqual({
      color: { colorSpace: "srgb", components: [0, 0, 0], alpha: 0.251, hex: "#000000" },
      offsetX: { value: 0, unit: "px" },
      offsetY: { value: 2, unit: "px" },
      blur: { value: 4, unit: "px" },
      spread: { value: 0, unit: "px" },
    });
    expect(getToken(g, "body")?.$extensions).toEqual({ "studio.tokens": { typography: { textCase: "none" } } });
    expect(resolveTheme(r.doc, "Light").get("fg")?.resolved).toMatchObject({ hex: "#0f62fe" });
  });

  it("reads a Tokens Studio file of one set without $themes", () => {
    const r = parseImport(JSON.stringify({ brand: { primary: { value: "#ff0000", type: "color" } } }));
    expect(r).toMatchObject({ ok: true, format: "tokens-studio", doc: { sets: [{ name: "tokens" }], themes: [] } });
  });

  it("says what is wrong and where", () => {
    expect(parseImport('{\n  "a": { "$value": 1,, }\n}')).toEqual({
      ok: false,
      issues: [{ path: "", message: expect.stringMatching(/^Not valid JSON at line 2, column \d+/) }],
    });
    expect(parseImport("[]")).toEqual({ ok: false, issues: [{ path: "", message: "Expected a JSON object of tokens." }] });
    const bad = parseImport(
      JSON.stringify({
        global: { a: { value: "x", type: "composition" }, b: { value: "#12", type: "color" } },
        $metadata: { tokenSetOrder: ["global"] },
      }),
    );
    expect(bad).toEqual({
      ok: false,
      issues: [
        { path: "a", set: "global", message: 'Tokens of type "composition" cannot be imported.' },
        { path: "b", set: "global", message: expect.stringContaining("Expected a colour") },
      ],
    });
    expect(parseImport(JSON.stringify({ a: { $type: "number", $value: "{b}" }, b: { $type: "number", $value: "{a}" } }))).toEqual({
      ok: false,
      issues: [
        { path: "a", set: "tokens", message: "Alias cycle: a → b → a" },
        { path: "b", set: "tokens", message: "Alias cycle: b → a → b" },
      ],
    });
  });
});
