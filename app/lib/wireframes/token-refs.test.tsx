import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { rendererTokens, resolveTheme } from "~/lib/design-tokens/resolve";
import { sampleSystem } from "~/lib/design-tokens/sample";
import type { WireframeDocument, WireframeElement } from "./document";
import { defaultElement, newDocument } from "./elements";
import { ScreenSvg, TOKEN_FALLBACK_COLOR } from "./render";
import { documentTokenRefs, optionsOf, propertyLabel, unresolvedTokenRefs } from "./token-refs";

const light = rendererTokens(resolveTheme(sampleSystem(), "light"));
const dark = rendererTokens(resolveTheme(sampleSystem(), "dark"));

function docOf(...elements: WireframeElement[]): { doc: WireframeDocument; screenId: string } {
  const base = newDocument("desktop");
  const screenId = Object.keys(base.screens)[0]!;
  const screens = { [screenId]: { ...base.screens[screenId]!, background: { token: "color.surface.default" } } };
  return { doc: { ...base, screens, elements: Object.fromEntries(elements.map((e) => [e.id, { ...e, screenId }])) }, screenId };
}

const card = defaultElement("rectangle", {
  id: "card",
  fill: { token: "color.surface.raised" },
  stroke: { token: "color.border.default" },
  radius: { token: "radius.lg" },
  shadow: { token: "shadow.sm" },
});
const label = defaultElement("text", {
  id: "label",
  text: "Hello",
  textStyle: {
    fontSize: { token: "typography.heading.fontSize" },
    fontWeight: 600,
    align: "left",
    color: { token: "color.text.primary" },
    lineHeight: 1.2,
  },
});

describe("the renderer with a theme's tokens", () => {
  it("draws the resolved values: colours, radius, font size, shadow and the screen's background", () => {
    const { doc, screenId } = docOf(card, label);
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} tokens={light} />);
    expect(light["color.surface.raised"]).toBe("#f8fafc");
    expect(html).toContain('<rect width="1440" height="900" fill="#ffffff">'); // color.surface.default
    expect(html).toContain('rx="12" fill="#f8fafc" stroke="#cbd5e1"'); // radius.lg, surface.raised, border.default
    expect(html).toContain('font-size="24" font-weight="600" fill="#0f172a"'); // heading size, text.primary
    expect(html).toContain('flood-color="#00000014"'); // shadow.sm
    expect(html).not.toContain(TOKEN_FALLBACK_COLOR);
    expect(unresolvedTokenRefs(doc, light)).toEqual([]);
  });

  it("draws another theme's values when given its tokens", () => {
    const { doc, screenId } = docOf(card, label);
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} tokens={dark} />);
    expect(html).toContain('fill="#0f172a">'); // the dark surface.default behind everything
    expect(html).toContain('fill="#1e293b" stroke="#334155"'); // dark surface.raised, border.default
    expect(html).toContain('fill="#f8fafc"'); // dark text.primary
  });

  it("draws a missing token with the fallback and reports it (also a token of the wrong type)", () => {
    const gone = defaultElement("rectangle", {
      id: "gone",
      name: "Old box",
      fill: { token: "color.brand.old" },
      radius: { token: "color.text.primary" },
    });
    const { doc, screenId } = docOf(card, gone);
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} tokens={light} />);
    expect(html).toContain(`fill="${TOKEN_FALLBACK_COLOR}"`);
    expect(unresolvedTokenRefs(doc, light)).toEqual([
      { elementId: "gone", screenId, property: "fill", token: "color.brand.old", expects: "color" },
      { elementId: "gone", screenId, property: "radius", token: "color.text.primary", expects: "length" },
    ]);
    // Without any design system every reference is unresolved.
    expect(unresolvedTokenRefs(doc, undefined)).toHaveLength(documentTokenRefs(doc).length);
  });

  it("finds the references of instances' overrides and screens, and names properties for people", () => {
    const inst = defaultElement("instance", {
      id: "inst",
      componentId: "7a1c2a4e-9d7b-4c55-8d43-0b1f5f1b2c3d",
      overrides: { part1: { fill: { token: "color.nope" } } },
    });
    const { doc } = docOf(inst);
    const refs = unresolvedTokenRefs(doc, light).map((r) => `${r.elementId ?? "screen"}:${propertyLabel(r.property)}:${r.token}`);
    expect(refs).toEqual(["inst:Fill of part part1:color.nope"]);
    expect(unresolvedTokenRefs(doc, {})).toContainEqual(expect.objectContaining({ elementId: null, property: "background" }));
  });

  it("offers font sizes from dimensions and typography, radius from dimensions only", () => {
    const options = [
      { path: "radius.md", kind: "dimension" as const },
      { path: "typography.body.fontSize", kind: "fontSize" as const },
      { path: "color.a", kind: "color" as const },
    ];
    expect(optionsOf(options, "fontSize")).toEqual(["radius.md", "typography.body.fontSize"]);
    expect(optionsOf(options, "dimension")).toEqual(["radius.md"]);
    expect(optionsOf(options, "color")).toEqual(["color.a"]);
  });
});
