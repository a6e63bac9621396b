import { describe, expect, it } from "vitest";
import { renameToken } from "./rename";
import { resolveTheme } from "./resolve";
import { sampleSystem } from "./sample";
import { getToken } from "./tree";
import { checkSystem } from "./validate";

describe("renameToken: renames through aliases", () => {
  it("renames a token and rewrites every alias in every set, parts and pairsWith included", () => {
    const before = sampleSystem();
    const { doc, renamed } = renameToken(before, "color.brand.primary", "color.action.primary");
    expect(renamed).toEqual([["color.brand.primary", "color.action.primary"]]);
    const light = doc.sets.find((s) => s.name === "light")!.tokens;
    expect(getToken(light, "color.brand.primary")).toBeUndefined();
    expect(getToken(light, "color.action.primary")?.$value).toBe("{color.blue.600}");
    expect(getToken(light, "border.focus")?.$value).toMatchObject({ color: "{color.action.primary}" });
    expect(getToken(light, "color.text.onBrand")?.$extensions).toEqual({
      "app.atelier": { pairsWith: ["color.action.primary"] },
    });
    expect(checkSystem(doc)).toEqual([]);
    expect(resolveTheme(doc, "dark").get("border.focus")?.resolved).toEqual(resolveTheme(before, "dark").get("border.focus")?.resolved);
  });

  it("renames a whole group, keeping its tokens' types", () => {
    const { doc, renamed } = renameToken(sampleSystem(), "color.gray", "color.neutral");
    expect(renamed).toContainEqual(["color.gray.900", "color.neutral.900"]);
    expect(renamed).toHaveLength(10);
    const light = doc.sets.find((s) => s.name === "light")!.tokens;
    expect(getToken(light, "color.text.primary")?.$value).toBe("{color.neutral.900}");
    expect(checkSystem(doc)).toEqual([]);
    expect(resolveTheme(doc, "light").get("color.neutral.50")?.type).toBe("color");
  });

  it("refuses an existing target, a missing source and a bad name", () => {
    expect(() => renameToken(sampleSystem(), "color.gray.50", "color.gray.100")).toThrow("color.gray.100 already exists (set core).");
    expect(() => renameToken(sampleSystem(), "color.nope", "color.x")).toThrow("No token or group at color.nope.");
    expect(() => renameToken(sampleSystem(), "color.gray", "color.{x}")).toThrow(/may not be empty or contain/);
  });
});
