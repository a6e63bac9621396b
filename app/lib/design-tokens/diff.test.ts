import { describe, expect, it } from "vitest";
import { colorFromHex } from "./color";
import { diffSystems } from "./diff";
import { renameToken } from "./rename";
import { sampleSystem } from "./sample";
import { deleteToken, setToken } from "./tree";
import type { DesignSystemDoc } from "./types";

function edit(doc: DesignSystemDoc, set: string, fn: (t: DesignSystemDoc["sets"][0]["tokens"]) => DesignSystemDoc["sets"][0]["tokens"]) {
  return { ...doc, sets: doc.sets.map((s) => (s.name === set ? { ...s, tokens: fn(s.tokens) } : s)) };
}

describe("diffSystems: the diff between versions", () => {
  it("finds nothing between equal systems", () => {
    expect(diffSystems(sampleSystem(), sampleSystem())).toEqual({ added: [], removed: [], renamed: [], changed: [], breaking: [] });
  });

  it("lists added, removed and changed tokens with old and new values, and calls out breaking changes", () => {
    const v1 = sampleSystem();
    let v2 = edit(v1, "core", (t) => setToken(t, "color.blue.600", { $value: colorFromHex("#1d4ed8") }));
    v2 = edit(v2, "core", (t) => setToken(t, "color.teal.500", { $value: colorFromHex("#14b8a6") }));
    v2 = edit(v2, "core", (t) => deleteToken(t, "duration.slow"));
    v2 = edit(v2, "core", (t) => setToken(t, "radius.md", { $type: "number", $value: 8 }));
    const d = diffSystems(v1, v2);
    expect(d.added.map((t) => [t.set, t.path])).toEqual([["core", "color.teal.500"]]);
    expect(d.removed.map((t) => [t.set, t.path, t.value])).toEqual([["core", "duration.slow", { value: 320, unit: "ms" }]]);
    expect(d.changed).toEqual([
      {
        path: "color.blue.600",
        set: "core",
        type: "color",
        beforeType: "color",
        before: colorFromHex("#2563eb"),
        after: colorFromHex("#1d4ed8"),
        fields: ["value"],
      },
      {
        path: "radius.md",
        set: "core",
        type: "number",
        beforeType: "dimension",
        before: { value: 8, unit: "px" },
        after: 8,
        fields: ["value", "type"],
      },
    ]);
    expect(d.breaking).toEqual([
      { path: "duration.slow", set: "core", reason: "Removed" },
      { path: "radius.md", set: "core", reason: "Type changed from dimension to number" },
    ]);
  });

  it("recognises a rename as breaking, and a removed theme", () => {
    const v1 = sampleSystem();
    const v2 = renameToken(v1, "color.text.secondary", "color.text.muted").doc;
    v2.themes = v2.themes.slice(0, 1);
    const d = diffSystems(v1, v2);
    expect(d.renamed).toEqual([
      { from: "color.text.secondary", to: "color.text.muted", set: "light" },
      { from: "color.text.secondary", to: "color.text.muted", set: "dark" },
    ]);
    expect(d.added).toEqual([]);
    expect(d.removed).toEqual([]);
    expect(d.breaking).toEqual([
      { path: "color.text.secondary", set: "light", reason: "Renamed to color.text.muted" },
      { path: "color.text.secondary", set: "dark", reason: "Renamed to color.text.muted" },
      { path: "", reason: "Theme dark removed" },
    ]);
  });
});
