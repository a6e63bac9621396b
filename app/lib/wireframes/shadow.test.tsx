import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { WireframeElement } from "./document";
import { migrateDocument } from "./migrate";
import { applyOps, invertOps } from "./ops";
import { defaultElement, newDocument } from "./elements";
import { ScreenSvg } from "./render";
import { opSchema, wireframeDocumentSchema } from "./schema";
import { parseShadow, resolveShadow } from "./shadow";
import { Resvg } from "@resvg/resvg-js";

/** A document as stored before elements had a `shadow` (no such key anywhere). */
const STORED_BEFORE_SHADOWS = {
  schemaVersion: 1,
  screens: { s1: { id: "s1", name: "Home", order: "a0", device: "custom", width: 400, height: 300, background: "#ffffff" } },
  elements: {
    r1: {
      id: "r1",
      type: "rectangle",
      screenId: "s1",
      parentId: null,
      order: "a0",
      name: "Box",
      x: 10,
      y: 20,
      width: 100,
      height: 50,
      fill: { token: "color.brand.500" },
      stroke: "#111111",
      strokeWidth: 1,
      radius: 4,
      opacity: 1,
      locked: false,
      hidden: false,
    },
  },
};

function docWith(el: Partial<WireframeElement>) {
  const doc = newDocument("desktop");
  const screenId = Object.keys(doc.screens)[0]!;
  const rect = { ...defaultElement("rectangle", { id: "abc", screenId, x: 10, y: 10, width: 100, height: 40 }), ...el } as WireframeElement;
  return { doc: { ...doc, elements: { abc: rect } }, screenId };
}

describe("the optional shadow property", () => {
  it("leaves a document stored before shadows valid, unchanged and without a migration", () => {
    const input = JSON.parse(JSON.stringify(STORED_BEFORE_SHADOWS));
    const doc = migrateDocument(input);
    expect(doc.elements).toEqual(STORED_BEFORE_SHADOWS.elements);
    expect("shadow" in doc.elements.r1!).toBe(false);
  });

  it("accepts a CSS shadow, a token, or null, and refuses anything else at its path", () => {
    for (const shadow of ["0 2px 8px #0f172a33", "0 1px 2px rgba(0, 0, 0, 0.1), 0 4px 12px -2px #00000026", { token: "shadow.md" }, null]) {
      expect(wireframeDocumentSchema.safeParse(docWith({ shadow }).doc).success, JSON.stringify(shadow)).toBe(true);
    }
    for (const shadow of ["0 2px 8px url(javascript:x)'", "x".repeat(301), { token: "" }, 3]) {
      const r = wireframeDocumentSchema.safeParse(docWith({ shadow } as Partial<WireframeElement>).doc);
      expect(r.success).toBe(false);
      if (!r.success) expect(r.error.issues[0]!.path.slice(0, 3)).toEqual(["elements", "abc", "shadow"]);
    }
  });

  it("is set by a patch and undone back to no shadow", () => {
    expect(opSchema.safeParse({ op: "set-element", id: "abc", key: "shadow", value: { token: "shadow.sm" } }).success).toBe(true);
    expect(opSchema.safeParse({ op: "set-element", id: "abc", key: "shadow", value: "red" }).success).toBe(true);
    expect(opSchema.safeParse({ op: "set-element", id: "abc", key: "shadow", value: "<script>" }).success).toBe(false);
    const { doc } = docWith({});
    const ops = [{ op: "set-element" as const, id: "abc", key: "shadow", value: { token: "shadow.sm" } }];
    const after = applyOps(doc, ops);
    expect(after.elements.abc!.shadow).toEqual({ token: "shadow.sm" });
    const undone = applyOps(after, invertOps(doc, ops));
    expect(undone.elements.abc!.shadow ?? null).toBeNull();
    // The undo travels as JSON (its undefined value dropped) and still passes the schema.
    for (const op of JSON.parse(JSON.stringify(invertOps(doc, ops)))) expect(opSchema.safeParse(op).success).toBe(true);
  });
});

describe("shadows in the renderer", () => {
  it("reads CSS box-shadow layers", () => {
    expect(parseShadow("0 2px 8px #0f172a33")).toEqual([{ dx: 0, dy: 2, blur: 8, spread: 0, color: "#0f172a33", inset: false }]);
    expect(parseShadow("0 1px 2px -1px rgba(0, 0, 0, 0.1), inset 0 0 0 1px #fff, 0.5rem 0 red")).toEqual([
      { dx: 0, dy: 1, blur: 2, spread: -1, color: "rgba(0, 0, 0, 0.1)", inset: false },
      { dx: 0, dy: 0, blur: 0, spread: 1, color: "#fff", inset: true },
      { dx: 8, dy: 0, blur: 0, spread: 0, color: "red", inset: false },
    ]);
    expect(parseShadow("none")).toEqual([]);
    expect(parseShadow("red")).toEqual([]);
  });

  it("draws a literal shadow, a token's shadow, and nothing for a token without a value", () => {
    const literal = docWith({ shadow: "0 2px 8px #0f172a33" });
    const html = renderToStaticMarkup(<ScreenSvg doc={literal.doc} screenId={literal.screenId} />);
    const id = /<filter id="(wf-shadow-abc-[a-z0-9]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`filter="url(#${id})"`);
    expect(html).toContain('<feDropShadow in="SourceGraphic" dx="0" dy="2" stdDeviation="4" flood-color="#0f172a33"');

    const token = docWith({ shadow: { token: "shadow.md" } });
    const withValue = renderToStaticMarkup(
      <ScreenSvg doc={token.doc} screenId={token.screenId} tokens={{ "shadow.md": "0 4px 12px rgba(15, 23, 42, 0.2)" }} />,
    );
    expect(withValue).toContain('flood-color="rgba(15, 23, 42, 0.2)"');
    expect(renderToStaticMarkup(<ScreenSvg doc={token.doc} screenId={token.screenId} />)).not.toContain("<filter");
    expect(resolveShadow({ token: "shadow.md" }, { "shadow.md": 4 })).toBeNull();
  });

  it("draws old documents exactly as before (no filter)", () => {
    const doc = migrateDocument(JSON.parse(JSON.stringify(STORED_BEFORE_SHADOWS)));
    expect(renderToStaticMarkup(<ScreenSvg doc={doc} screenId="s1" />)).not.toContain("filter");
  });

  it("grows or shrinks the shadow shape by its spread, under the shape", () => {
    const grown = docWith({ shadow: "0 4px 8px 6px #00000040" });
    const html = renderToStaticMarkup(<ScreenSvg doc={grown.doc} screenId={grown.screenId} />);
    expect(html).toContain('<feMorphology in="SourceAlpha" operator="dilate" radius="6" result="m0"');
    expect(html).toContain('<feOffset in="m0" dx="0" dy="4" result="o0"');
    expect(html).toContain('<feFlood flood-color="#00000040" result="f0"');
    expect(html).toContain('<feMerge><feMergeNode in="l0"></feMergeNode><feMergeNode in="SourceGraphic"></feMergeNode></feMerge>');
    expect(html).not.toContain("feDropShadow");
    const shrunk = docWith({ shadow: "0 8px 12px -4px red, 0 1px 2px blue" });
    const two = renderToStaticMarkup(<ScreenSvg doc={shrunk.doc} screenId={shrunk.screenId} />);
    expect(two).toContain('<feMorphology in="SourceAlpha" operator="erode" radius="4" result="m0"');
    // The first layer on top, the shape over both.
    expect(two).toContain(
      '<feMerge><feMergeNode in="l1"></feMergeNode><feMergeNode in="l0"></feMergeNode><feMergeNode in="SourceGraphic"></feMergeNode></feMerge>',
    );
  });

  it("draws an inset layer inside the shape: its outside inverted, offset, blurred, clipped to it, over the shape", () => {
    const inset = docWith({ shadow: "inset 0 2px 4px 1px #ff000080, 0 1px 2px #000" });
    const html = renderToStaticMarkup(<ScreenSvg doc={inset.doc} screenId={inset.screenId} />);
    expect(html).toContain('<feMorphology in="SourceAlpha" operator="erode" radius="1" result="im0"');
    expect(html).toContain(
      '<feComponentTransfer in="im0" result="iv0"><feFuncA type="table" tableValues="1 0"></feFuncA></feComponentTransfer>',
    );
    expect(html).toContain('<feOffset in="iv0" dx="0" dy="2" result="io0"');
    expect(html).toContain('<feComposite in="ic0" in2="SourceAlpha" operator="in" result="n0"');
    expect(html).toContain(
      '<feMerge><feMergeNode in="l0"></feMergeNode><feMergeNode in="SourceGraphic"></feMergeNode><feMergeNode in="n0"></feMergeNode></feMerge>',
    );
  });

  it("rasterises spread and inset where CSS would draw them (resvg, as the PNG export)", () => {
    // A white 100×60 box at (40, 40) on a white screen; each probe is 3 px from its right edge.
    const pixel = (shadow: string, x: number, y = 70) => {
      const { doc, screenId } = docWith({ shadow, x: 40, y: 40, width: 100, height: 60, fill: "#ffffff", stroke: null, radius: 0 });
      const svg = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />);
      const image = new Resvg(svg).render();
      const at = (y * image.width + x) * 4;
      return `#${[...image.pixels.subarray(at, at + 3)].map((n) => n.toString(16).padStart(2, "0")).join("")}`;
    };
    expect(pixel("0 0 0 6px #ff0000", 143)).toBe("#ff0000");
    expect(pixel("0 0 0 6px #ff0000", 150)).toBe("#ffffff");
    expect(pixel("0 0 0 0 #ff0000", 143)).toBe("#ffffff");
    expect(pixel("0 0 0 -2px #ff0000", 143)).toBe("#ffffff");
    expect(pixel("inset 0 0 0 6px #0000ff", 137)).toBe("#0000ff");
    expect(pixel("inset 0 0 0 6px #0000ff", 90)).toBe("#ffffff");
    expect(pixel("inset 0 0 0 6px #0000ff", 143)).toBe("#ffffff");
  });
});
