import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION, type Op } from "./document";
import { defaultElement, newDocument } from "./elements";
import { sampleDocument } from "./sample";
import {
  componentDefinitionSchema,
  firstIssueMessage,
  firstIssuePath,
  isOrderKey,
  opSchema,
  patchSchema,
  wireframeDocumentSchema,
} from "./schema";

function pathOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown): string {
  const r = schema.safeParse(value);
  if (r.success) return "(valid)";
  return firstIssuePath(r.error as Parameters<typeof firstIssuePath>[0]);
}

function docWith() {
  const doc = newDocument("desktop");
  const screenId = Object.keys(doc.screens)[0]!;
  const rect = defaultElement("rectangle", { id: "abc", screenId });
  return { doc: { ...doc, elements: { abc: rect } }, screenId, rect };
}

describe("wireframeDocumentSchema", () => {
  it("accepts a new document and a busy one with every element type", () => {
    expect(wireframeDocumentSchema.safeParse(newDocument("mobile")).success).toBe(true);
    const r = wireframeDocumentSchema.safeParse(sampleDocument(300, { componentId: "7a1c2a4e-9d7b-4c55-8d43-0b1f5f1b2c3d" }));
    expect(r.success ? "ok" : firstIssueMessage(r.error)).toBe("ok");
  });

  it("names the path of the first error", () => {
    const { doc } = docWith();
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { abc: { ...doc.elements.abc, fill: "red" } } })).toBe("elements.abc.fill");
    expect(pathOf(wireframeDocumentSchema, { ...doc, schemaVersion: 99 })).toBe("schemaVersion");
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { abc: { ...doc.elements.abc, x: Number.NaN } } })).toBe("elements.abc.x");
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { abc: { ...doc.elements.abc, extra: 1 } } })).toBe("elements.abc");
  });

  it("checks references: the id is the key, the screen exists, the parent is a group on the same screen, no cycles", () => {
    const { doc, screenId } = docWith();
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { xyz: doc.elements.abc } })).toBe("elements.xyz.id");
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { abc: { ...doc.elements.abc, screenId: "nope" } } })).toBe(
      "elements.abc.screenId",
    );
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { abc: { ...doc.elements.abc, parentId: "nope" } } })).toBe(
      "elements.abc.parentId",
    );
    const g1 = defaultElement("group", { id: "g1", screenId, parentId: "g2" });
    const g2 = defaultElement("group", { id: "g2", screenId, parentId: "g1" });
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { g1, g2 } })).toBe("elements.g1.parentId");
    const notGroup = { ...doc.elements.abc, id: "child", parentId: "abc" };
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { ...doc.elements, child: notGroup } })).toBe("elements.child.parentId");
  });

  it("accepts design-token references for colours and lengths", () => {
    const { doc } = docWith();
    const el = { ...doc.elements.abc, fill: { token: "color.brand.500" }, radius: { token: "radius.md" } };
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { abc: el } })).toBe("(valid)");
    expect(pathOf(wireframeDocumentSchema, { ...doc, elements: { abc: { ...el, fill: { token: "" } } } })).toBe("elements.abc.fill.token");
  });
});

describe("opSchema and patchSchema", () => {
  it("checks a set's value against its key's schema and names ops.N.value", () => {
    const ops: unknown[] = [
      { op: "set-element", id: "abc", key: "x", value: 10 },
      { op: "set-element", id: "abc", key: "fill", value: "blue" },
    ];
    const r = patchSchema.safeParse({ clientId: "tab-1", ops });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(firstIssuePath(r.error)).toBe("ops.1.value");
      expect(firstIssueMessage(r.error)).toMatch(/^ops\.1\.value: Expected a colour/);
    }
  });

  it("refuses unknown keys, the id and the type, an empty patch and more than 2,000 ops", () => {
    expect(pathOf(opSchema, { op: "set-element", id: "abc", key: "type", value: "ellipse" })).toBe("key");
    expect(pathOf(opSchema, { op: "set-element", id: "abc", key: "id", value: "x" })).toBe("key");
    expect(pathOf(opSchema, { op: "explode", id: "abc" })).toBe("op");
    expect(pathOf(patchSchema, { clientId: "t", ops: [] })).toBe("ops");
    const many: Op[] = Array.from({ length: 2001 }, () => ({ op: "remove-element", id: "abc" }));
    expect(pathOf(patchSchema, { clientId: "t", ops: many })).toBe("ops");
    expect(pathOf(patchSchema, { clientId: "t", ops: many.slice(0, 2000) })).toBe("(valid)");
    expect(pathOf(patchSchema, { clientId: "has space", ops: many.slice(0, 1) })).toBe("clientId");
  });

  it("validates whole elements and screens in add ops, and nested values in sets", () => {
    const el = defaultElement("text", { screenId: "s1" });
    expect(pathOf(opSchema, { op: "add-element", element: el })).toBe("(valid)");
    expect(pathOf(opSchema, { op: "add-element", element: { ...el, textStyle: { ...el.textStyle, fontWeight: 450 } } })).toBe(
      "element.textStyle.fontWeight",
    );
    expect(pathOf(opSchema, { op: "set-element", id: "t", key: "textStyle", value: { ...el.textStyle, align: "justify" } })).toBe(
      "value.align",
    );
    expect(pathOf(opSchema, { op: "set-screen", id: "s", key: "width", value: 0 })).toBe("value");
    expect(pathOf(opSchema, { op: "set-screen", id: "s", key: "device", value: "watch" })).toBe("value");
  });

  it("keeps a one-element patch under 1 KB", () => {
    const el = defaultElement("ui", { screenId: "AbCdEfGhIjKl", component: "button", x: 120, y: 340 });
    const patch = { clientId: "c-4f9a2b7e1d3c", ops: [{ op: "add-element", element: el }] };
    expect(patchSchema.safeParse(patch).success).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(patch)).byteLength).toBeLessThan(1024);
    const move = {
      clientId: "c-4f9a2b7e1d3c",
      ops: [
        { op: "set-element", id: el.id, key: "x", value: 128 },
        { op: "set-element", id: el.id, key: "y", value: 352 },
      ],
    };
    expect(JSON.stringify(move).length).toBeLessThan(200);
  });
});

describe("componentDefinitionSchema", () => {
  it("wants elements with screenId empty and at least one element", () => {
    const el = defaultElement("rectangle", { id: "r1", screenId: "" });
    expect(pathOf(componentDefinitionSchema, { schemaVersion: SCHEMA_VERSION, width: 100, height: 40, elements: { r1: el } })).toBe(
      "(valid)",
    );
    expect(pathOf(componentDefinitionSchema, { schemaVersion: SCHEMA_VERSION, width: 100, height: 40, elements: {} })).toBe("elements");
    expect(
      pathOf(componentDefinitionSchema, {
        schemaVersion: SCHEMA_VERSION,
        width: 100,
        height: 40,
        elements: { r1: { ...el, screenId: "s" } },
      }),
    ).toBe("elements.r1.screenId");
  });
});

describe("order keys", () => {
  it("accepts the package's keys and refuses malformed ones", () => {
    for (const k of ["a0", "a1", "a0V", "Zz", "b00"]) expect(isOrderKey(k)).toBe(true);
    for (const k of ["", "0a", "a", "a0V0", "a-1"]) expect(isOrderKey(k)).toBe(false);
  });
});
