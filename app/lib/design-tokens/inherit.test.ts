import { describe, expect, it } from "vitest";
import { mergeSystems } from "./inherit";
import { resolveTheme } from "./resolve";
import { sampleSystem } from "./sample";
import { getToken } from "./tree";
import type { DesignSystemDoc } from "./types";

const red = { colorSpace: "srgb", components: [1, 0, 0], hex: "#ff0000" };

describe("mergeSystems: inheritance and overrides", () => {
  const base = sampleSystem();
  const overlay: DesignSystemDoc = {
    sets: [
      {
        name: "core",
        tokens: { color: { blue: { "600": { $value: red, $extensions: { "com.brand": { note: "ours" } } } } } },
      },
      { name: "light", tokens: { color: { brand: { accent: { $value: "{color.blue.600}" } } } } },
      { name: "campaign", tokens: { color: { $type: "color", promo: { $value: red } } } },
    ],
    themes: [
      { name: "dark", sets: ["core", "dark", "campaign"] },
      { name: "campaign", sets: ["core", "light", "campaign"] },
    ],
  };
  const { doc, status } = mergeSystems(base, overlay);

  it("overrides a base token by path, keeping its siblings and the group's $type", () => {
    const core = doc.sets.find((s) => s.name === "core")!.tokens;
    expect(getToken(core, "color.blue.600")).toEqual({ $value: red, $extensions: { "com.brand": { note: "ours" } } });
    expect(getToken(core, "color.blue.500")).toEqual(getToken(base.sets[0].tokens, "color.blue.500"));
    expect(resolveTheme(doc, "light").get("color.brand.primary")?.resolved).toEqual(red);
    expect(resolveTheme(doc, "light").get("color.blue.600")?.type).toBe("color");
  });

  it("adds new sets and themes, and an overlay theme replaces the base theme of that name", () => {
    expect(doc.sets.map((s) => s.name)).toEqual(["core", "light", "dark", "campaign"]);
    expect(doc.themes).toEqual([
      { name: "light", sets: ["core", "light"] },
      { name: "dark", sets: ["core", "dark", "campaign"] },
      { name: "campaign", sets: ["core", "light", "campaign"] },
    ]);
  });

  it("marks each token inherited, overridden or own", () => {
    expect(status.get("color.blue.500")).toBe("inherited");
    expect(status.get("color.blue.600")).toBe("overridden");
    expect(status.get("color.brand.accent")).toBe("own");
    expect(status.get("color.promo")).toBe("own");
  });

  it("leaves both inputs unchanged", () => {
    expect(base).toEqual(sampleSystem());
    expect(getToken(base.sets[0].tokens, "color.blue.600")?.$value).not.toEqual(red);
  });
});
