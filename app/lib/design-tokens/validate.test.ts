import { describe, expect, it } from "vitest";
import { sampleSystem } from "./sample";
import type { DesignSystemDoc } from "./types";
import { checkSystem, validateSet, validateTokenValue } from "./validate";

const c = (hex: string) => ({ $value: hex });
const doc = (tokens: Record<string, unknown>, more: Partial<DesignSystemDoc> = {}): DesignSystemDoc => ({
  sets: [{ name: "core", tokens }],
  themes: [],
  ...more,
});

describe("validateSet", () => {
  it("converts legacy values to the 2025.10 objects and keeps $extensions verbatim", () => {
    const ext = { "org.penpot": { id: 7 }, "com.figma": [1, 2] };
    const r = validateSet({
      color: { $type: "color", blue: { $value: "#0f62fe", $extensions: ext } },
      space: { $type: "dimension", sm: { $value: "4px" }, lg: { $value: "1.5rem" } },
      motion: { fast: { $type: "duration", $value: "120ms" } },
      $extensions: { "app.atelier": { note: "kept" } },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const set = r.set as Record<string, Record<string, Record<string, unknown>>>;
    expect(set.color.blue).toEqual({
      $value: { colorSpace: "srgb", components: [0.0588, 0.3843, 0.9961], hex: "#0f62fe" },
      $extensions: ext,
    });
    expect(set.space.sm.$value).toEqual({ value: 4, unit: "px" });
    expect(set.space.lg.$value).toEqual({ value: 1.5, unit: "rem" });
    expect(set.motion.fast.$value).toEqual({ value: 120, unit: "ms" });
    expect(set.$extensions).toEqual({ "app.atelier": { note: "kept" } });
  });

  it("places each format error at its path", () => {
    const r = validateSet({
      color: { $type: "color", bad: c("not a colour"), nested: { x: { $value: "#fff", child: { $value: 1 } } } },
      size: { $type: "dimension", em: { $value: "2em" } },
      weird: { $type: "colour", a: { $value: 1 } },
      untyped: { $value: "hello" },
      "a.b": { $type: "number", $value: 1 },
      loose: 5,
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      { path: "color.bad", message: expect.stringContaining("Expected a colour") },
      { path: "color.nested.x.child", message: "A token cannot contain a group or token (child)." },
      { path: "size.em", message: 'Expected a dimension { "value": number, "unit": "px" | "rem" }.' },
      { path: "weird", message: expect.stringContaining('Unknown $type "colour"') },
      { path: "untyped", message: "The token has no $type (set it on the token or a group)." },
      { path: "a.b", message: expect.stringContaining('contain "."') },
      { path: "loose", message: "Expected a token (an object with $value) or a group, found 5." },
    ]);
    expect(validateSet([1, 2])).toEqual({ ok: false, issues: [{ path: "", message: "Expected a JSON object of tokens and groups." }] });
  });

  it("accepts the sample system's sets as they are", () => {
    for (const s of sampleSystem().sets) {
      const r = validateSet(s.tokens);
      expect(r).toEqual({ ok: true, set: s.tokens });
    }
  });
});

describe("validateTokenValue: type checks", () => {
  it.each([
    ["color", { colorSpace: "oklch", components: [0.6, 0.2, 250] }, null],
    ["color", "#ff0000", expect.stringContaining("Expected a colour")],
    ["dimension", { value: 4, unit: "px" }, null],
    ["dimension", { value: 4, unit: "em" }, expect.stringContaining("Expected a dimension")],
    ["fontWeight", 650, null],
    ["fontWeight", "semi-bold", null],
    ["fontWeight", 1200, expect.stringContaining("font weight")],
    ["cubicBezier", [0.2, 0, 0, 1], null],
    ["cubicBezier", [1.2, 0, 0, 1], expect.stringContaining("x1 and x2 from 0 to 1")],
    ["strokeStyle", { dashArray: [{ value: 2, unit: "px" }], lineCap: "round" }, null],
    ["border", { color: "{color.a}", width: { value: 1, unit: "px" }, style: "solid" }, null],
    ["border", { color: "{color.a}", width: "1px", style: "solid" }, expect.stringContaining("width: Expected a dimension")],
    ["typography", { fontFamily: "Inter", fontSize: { value: 16, unit: "px" }, fontWeight: 400 }, null],
    ["typography", { fontFamily: "Inter" }, "Missing fontSize."],
    [
      "shadow",
      [{ color: "{c}", offsetX: "{d}", offsetY: "{d}", blur: "{d}", spread: "{d}", inset: "yes" }],
      "inset: expected true or false.",
    ],
    [
      "gradient",
      [
        { color: "{c}", position: 0 },
        { color: "{c}", position: 2 },
      ],
      "Stop 2: expected a position from 0 to 1.",
    ],
    ["number", "{any.alias}", null],
    ["shade", 1, "Unknown type shade."],
  ] as const)("%s %j", (type, value, expected) => {
    expect(validateTokenValue(type as never, value)).toEqual(expected);
  });
});

describe("checkSystem", () => {
  it("finds nothing wrong in the sample system", () => {
    expect(checkSystem(sampleSystem())).toEqual([]);
  });

  it("refuses an alias cycle and writes it out", () => {
    const issues = checkSystem(doc({ a: { $type: "number", $value: "{b}" }, b: { $type: "number", $value: "{a}" } }));
    expect(issues).toContainEqual({ path: "a", set: "core", message: "Alias cycle: a → b → a" });
    expect(issues).toContainEqual({ path: "b", set: "core", message: "Alias cycle: b → a → b" });
  });

  it("finds a cycle through a composite's parts and a token aliasing itself", () => {
    const issues = checkSystem(
      doc({
        w: { $type: "dimension", $value: "{b.width}" },
        b: { width: { $type: "border", $value: { color: "#000", width: "{w}", style: "solid" } } },
        self: { $type: "number", $value: "{self}" },
      }),
    );
    expect(issues.map((i) => i.message)).toContain("Alias cycle: w → b.width → w");
    expect(issues.map((i) => i.message)).toContain("Alias cycle: self → self");
  });

  it("checks that an alias's target exists and its type fits, parts included", () => {
    const issues = checkSystem(
      doc({
        color: { $type: "color", a: { $value: { colorSpace: "srgb", components: [0, 0, 0] } } },
        size: { $type: "dimension", sm: { $value: { value: 1, unit: "px" } } },
        x: { $type: "color", $value: "{color.missing}" },
        y: { $type: "dimension", $value: "{color.a}" },
        z: { $type: "border", $value: { color: "{size.sm}", width: "{size.sm}", style: "solid" } },
      }),
    );
    expect(issues).toEqual([
      { path: "x", set: "core", message: "Alias {color.missing} points to no token." },
      { path: "y", set: "core", message: "Alias {color.a} is a color token; expected dimension." },
      { path: "z", set: "core", message: "Alias {size.sm} in color is a dimension token; expected color." },
    ]);
  });

  it("checks aliases in each theme that enables a set", () => {
    const d = sampleSystem();
    d.sets.push({ name: "brand", tokens: { color: { $type: "color", accent: { $value: "{color.brand.primary}" } } } });
    d.themes.push({ name: "brand", sets: ["core", "brand"] });
    expect(checkSystem(d)).toEqual([
      { path: "color.accent", set: "brand", message: "Alias {color.brand.primary} points to no token (theme brand)." },
    ]);
    d.themes.push({ name: "broken", sets: ["core", "nope"] });
    expect(checkSystem(d)).toContainEqual({ path: "", message: "Theme broken enables a set that does not exist: nope." });
  });
});
