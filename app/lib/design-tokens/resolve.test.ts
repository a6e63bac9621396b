import { describe, expect, it } from "vitest";
import { cssValue, rendererTokens, resolveAll, resolveTheme, themeNames } from "./resolve";
import { sampleSystem } from "./sample";
import type { DesignSystemDoc } from "./types";

const rgb = (hex: string, components: number[]) => ({ colorSpace: "srgb", components, hex });
const blue = rgb("#0000ff", [0, 0, 1]);
const red = rgb("#ff0000", [1, 0, 0]);

const doc: DesignSystemDoc = {
  sets: [
    {
      name: "core",
      tokens: {
        color: { $type: "color", blue: { $value: blue }, red: { $value: red } },
        size: { $type: "dimension", sm: { $value: { value: 4, unit: "px" } }, rem: { $value: { value: 1.5, unit: "rem" } } },
      },
    },
    { name: "light", tokens: { color: { primary: { $value: "{color.blue}" }, link: { $value: "{color.primary}" } } } },
    { name: "dark", tokens: { color: { primary: { $value: "{color.red}" } } } },
    {
      name: "parts",
      tokens: {
        border: { $type: "border", focus: { $value: { color: "{color.link}", width: "{size.sm}", style: "solid" } } },
        broken: { $type: "color", $value: "{color.nope}" },
      },
    },
  ],
  themes: [
    { name: "light", sets: ["core", "light", "parts"] },
    { name: "dark", sets: ["core", "light", "dark", "parts"] },
  ],
};

describe("alias resolution", () => {
  it("follows chains of aliases, typing untyped ones by their target", () => {
    const light = resolveTheme(doc, "light");
    expect(light.get("color.link")).toMatchObject({
      type: "color",
      set: "light",
      value: "{color.primary}",
      resolved: blue,
      aliasChain: ["color.primary", "color.blue"],
    });
  });

  it("lets a later set win, and resolves aliases through the winner", () => {
    const dark = resolveTheme(doc, "dark");
    expect(dark.get("color.primary")).toMatchObject({ set: "dark", resolved: red });
    expect(dark.get("color.link")?.resolved).toEqual(red);
    expect(dark.get("border.focus")?.resolved).toEqual({ color: red, width: { value: 4, unit: "px" }, style: "solid" });
  });

  it("keeps a broken alias with no resolved value", () => {
    expect(resolveTheme(doc, "light").get("broken")).toMatchObject({ resolved: undefined, aliasChain: ["color.nope"] });
  });

  it("resolves every theme; a system without themes has one default theme of all sets", () => {
    expect([...resolveAll(doc).keys()]).toEqual(["light", "dark"]);
    const plain: DesignSystemDoc = { sets: doc.sets.slice(0, 2), themes: [] };
    expect(themeNames(plain)).toEqual(["default"]);
    expect(resolveAll(plain).get("default")?.get("color.link")?.resolved).toEqual(blue);
    expect(() => resolveTheme(doc, "sepia")).toThrow("No theme named sepia.");
  });

  it("stops at a cycle without looping", () => {
    const cyc: DesignSystemDoc = {
      sets: [{ name: "s", tokens: { a: { $type: "number", $value: "{b}" }, b: { $type: "number", $value: "{a}" } } }],
      themes: [],
    };
    expect(resolveTheme(cyc).get("a")?.resolved).toBeUndefined();
  });
});

describe("cssValue", () => {
  it.each([
    ["color", blue, "#0000ff"],
    ["color", { colorSpace: "srgb", components: [0, 0, 0], alpha: 0.5 }, "#00000080"],
    ["color", { colorSpace: "oklch", components: [0.62, 0.2, 259] }, "oklch(0.62 0.2 259)"],
    ["color", { colorSpace: "hsl", components: [200, 50, 40] }, "hsl(200 50% 40%)"],
    ["color", { colorSpace: "display-p3", components: [1, 0, 0] }, "color(display-p3 1 0 0)"],
    ["dimension", { value: 1.5, unit: "rem" }, "1.5rem"],
    ["dimension", { value: 0, unit: "px" }, "0"],
    ["duration", { value: 200, unit: "ms" }, "200ms"],
    ["fontFamily", ["Inter", "Helvetica Neue", "sans-serif"], 'Inter, "Helvetica Neue", sans-serif'],
    ["fontWeight", "semi-bold", "600"],
    ["cubicBezier", [0.2, 0, 0, 1], "cubic-bezier(0.2, 0, 0, 1)"],
    [
      "shadow",
      [
        {
          color: blue,
          offsetX: { value: 0, unit: "px" },
          offsetY: { value: 2, unit: "px" },
          blur: { value: 4, unit: "px" },
          spread: { value: 0, unit: "px" },
        },
        {
          color: red,
          offsetX: { value: 1, unit: "px" },
          offsetY: { value: 1, unit: "px" },
          blur: { value: 0, unit: "px" },
          spread: { value: 0, unit: "px" },
          inset: true,
        },
      ],
      "0 2px 4px 0 #0000ff, inset 1px 1px 0 0 #ff0000",
    ],
    [
      "typography",
      { fontFamily: ["Inter", "sans-serif"], fontSize: { value: 16, unit: "px" }, fontWeight: 400, lineHeight: 1.5 },
      "400 16px/1.5 Inter, sans-serif",
    ],
    ["border", { color: blue, width: { value: 1, unit: "px" }, style: "dashed" }, "1px dashed #0000ff"],
    [
      "transition",
      { duration: { value: 200, unit: "ms" }, delay: { value: 0, unit: "ms" }, timingFunction: [0, 0, 1, 1] },
      "200ms cubic-bezier(0, 0, 1, 1) 0",
    ],
    [
      "gradient",
      [
        { color: blue, position: 0 },
        { color: red, position: 1 },
      ],
      "linear-gradient(90deg, #0000ff 0%, #ff0000 100%)",
    ],
  ] as const)("%s", (type, value, css) => {
    expect(cssValue(type, value)).toBe(css);
  });
});

describe("rendererTokens", () => {
  it("gives the wireframe renderer colours, px lengths and the parts of composites", () => {
    const tokens = rendererTokens(resolveTheme(sampleSystem(), "light"));
    expect(tokens["color.text.primary"]).toBe("#0f172a");
    expect(tokens["color.brand.primary"]).toBe("#2563eb");
    expect(tokens["radius.md"]).toBe(8);
    expect(tokens["font.weight.bold"]).toBe(700);
    expect(tokens["typography.body.fontSize"]).toBe(16);
    expect(tokens["typography.body.fontWeight"]).toBe(400);
    expect(tokens["shadow.sm"]).toBe("0 1px 2px 0 #00000014");
    expect(tokens["border.focus.width"]).toBe(2);
    const dark = rendererTokens(resolveTheme(sampleSystem(), "dark"));
    expect(dark["color.text.primary"]).toBe("#f8fafc");
    expect(
      rendererTokens([{ path: "r", set: "s", type: "dimension", value: 0, resolved: { value: 1.5, unit: "rem" }, aliasChain: [] }]),
    ).toEqual({ r: 24 });
  });
});
