import { describe, expect, it } from "vitest";
import type { Interaction, Op, WireframeDocument } from "./document";
import { migrateDocument } from "./migrate";
import { applyOps, applyOpsSkipping, invertOps, OpError } from "./ops";
import { defaultElement, newDocument, newScreen } from "./elements";
import { flowScreens, flowsOf, hotspotsOf } from "./prototype";
import { firstIssuePath, opSchema, wireframeDocumentSchema } from "./schema";

/** Three screens (home, detail, menu); a button on home goes to detail, a link on detail opens menu as an overlay. */
function fixture(): WireframeDocument {
  const base = newDocument("mobile", undefined, "Home");
  const home = Object.keys(base.screens)[0]!;
  const detail = { ...newScreen("mobile", undefined, "Detail", "a1"), id: "detail" };
  const menu = { ...newScreen("mobile", undefined, "Menu", "a2"), id: "menu" };
  const button = defaultElement("ui", { id: "btn", screenId: home, component: "button", x: 20, y: 700 });
  const link = defaultElement("text", { id: "lnk", screenId: "detail", x: 10, y: 10 });
  const interactions: Interaction[] = [
    { id: "i1", source: { elementId: "btn" }, order: "a0", trigger: { type: "click" }, action: { type: "navigate", screenId: "detail" } },
    {
      id: "i2",
      source: { elementId: "lnk" },
      order: "a0",
      trigger: { type: "click" },
      action: { type: "overlay", screenId: "menu", position: null, backdrop: true },
    },
    { id: "i3", source: { screenId: "menu" }, order: "a0", trigger: { type: "delay", ms: 2000 }, action: { type: "close-overlay" } },
  ];
  return {
    ...base,
    screens: { ...base.screens, detail, menu },
    elements: { btn: button, lnk: link },
    interactions: Object.fromEntries(interactions.map((i) => [i.id, i])),
  };
}

const pathOf = (input: unknown) => {
  const r = wireframeDocumentSchema.safeParse(input);
  return r.success ? null : firstIssuePath(r.error);
};

describe("interactions and flows: validation", () => {
  it("accepts a document with interactions and flows", () => {
    expect(pathOf(fixture())).toBeNull();
  });

  it("names what is wrong: a missing target, element or start screen, a trigger that does not fit, a bad link", () => {
    const doc = fixture();
    const with_ = (id: string, patch: Partial<Interaction>) => ({
      ...doc,
      interactions: { ...doc.interactions, [id]: { ...doc.interactions![id]!, ...patch } },
    });
    expect(pathOf(with_("i1", { action: { type: "navigate", screenId: "gone" } }))).toBe("interactions.i1.action");
    expect(pathOf(with_("i1", { source: { elementId: "gone" } }))).toBe("interactions.i1.source");
    expect(pathOf(with_("i1", { trigger: { type: "delay", ms: 10 } }))).toBe("interactions.i1.trigger");
    expect(pathOf(with_("i3", { trigger: { type: "click" } }))).toBe("interactions.i3.trigger");
    expect(pathOf(with_("i1", { action: { type: "url", url: "javascript:alert(1)" } }))).toBe("interactions.i1.action.url");
    expect(pathOf(with_("i1", { action: { type: "url", url: "https://example.com/a?b" } }))).toBeNull();
    const flow = Object.values(doc.flows!)[0]!;
    expect(pathOf({ ...doc, flows: { [flow.id]: { ...flow, startScreenId: "gone" } } })).toBe(`flows.${flow.id}.startScreenId`);
    expect(pathOf({ ...doc, flows: { [flow.id]: { ...flow, name: " " } } })).toBe(`flows.${flow.id}.name`);
  });

  it("validates the ops that edit them", () => {
    const ok = (op: unknown) => opSchema.safeParse(op).success;
    expect(ok({ op: "set-interaction", id: "i1", key: "action", value: { type: "back" } })).toBe(true);
    expect(ok({ op: "set-interaction", id: "i1", key: "action", value: { type: "url", url: "ftp://x" } })).toBe(false);
    expect(ok({ op: "set-interaction", id: "i1", key: "source", value: { screenId: "x" } })).toBe(false);
    expect(ok({ op: "set-interaction", id: "i1", key: "trigger", value: { type: "delay", ms: -1 } })).toBe(false);
    expect(ok({ op: "set-flow", id: "f", key: "name", value: "Checkout" })).toBe(true);
    expect(ok({ op: "remove-flow", id: "f" })).toBe(true);
    const doc = fixture();
    expect(() =>
      applyOps(doc, [{ op: "set-interaction", id: "i1", key: "action", value: { type: "navigate", screenId: "nope" } }]),
    ).toThrow(OpError);
    expect(() => applyOps(doc, [{ op: "remove-flow", id: Object.keys(doc.flows!)[0]! }])).toThrow(/at least one flow/);
  });
});

describe("migration 1 -> 2", () => {
  it("gives an old document one flow, Flow 1, from its first screen", () => {
    const old = {
      schemaVersion: 1,
      screens: {
        b: { id: "b", name: "Second", order: "a1", device: "desktop", width: 100, height: 100, background: "#ffffff" },
        a: { id: "a", name: "First", order: "a0", device: "desktop", width: 100, height: 100, background: "#ffffff" },
      },
      elements: {},
    };
    const doc = migrateDocument(old);
    expect(doc.schemaVersion).toBe(2);
    expect(doc.interactions).toEqual({});
    expect(Object.values(doc.flows!)).toEqual([{ id: "flow1", name: "Flow 1", order: "a0", startScreenId: "a" }]);
    expect(flowsOf(doc).map((f) => f.name)).toEqual(["Flow 1"]);
  });
});

describe("removing a screen", () => {
  it("removes the interactions aiming at it in the same patch, and undo brings both back", () => {
    const doc = fixture();
    const ops: Op[] = [{ op: "remove-screen", id: "detail" }];
    const after = applyOps(doc, ops);
    expect(after.screens.detail).toBeUndefined();
    expect(after.interactions!.i1).toBeUndefined(); // aimed at detail
    expect(after.interactions!.i2).toBeUndefined(); // carried by an element on detail
    expect(after.interactions!.i3).toBeDefined();
    expect(wireframeDocumentSchema.safeParse(after).success).toBe(true);
    const back = applyOps(after, invertOps(doc, ops));
    expect(back).toEqual(doc);
  });

  it("moves a flow starting on it to the first screen left, and undo moves it back", () => {
    const doc = fixture();
    const home = flowsOf(doc)[0]!.startScreenId;
    const ops: Op[] = [{ op: "remove-screen", id: home }];
    const after = applyOps(doc, ops);
    expect(flowsOf(after)[0]!.startScreenId).toBe("detail");
    expect(applyOps(after, invertOps(doc, ops))).toEqual(doc);
  });

  it("removing an element takes its interactions, undo brings them back; a later op naming a gone target is skipped", () => {
    const doc = fixture();
    const ops: Op[] = [{ op: "remove-element", id: "btn" }];
    const after = applyOps(doc, ops);
    expect(after.interactions!.i1).toBeUndefined();
    expect(applyOps(after, invertOps(doc, ops))).toEqual(doc);
    const gone = applyOps(doc, [{ op: "remove-screen", id: "menu" }]);
    const late = applyOpsSkipping(gone, [
      { op: "set-interaction", id: "i1", key: "action", value: { type: "overlay", screenId: "menu", position: null, backdrop: false } },
    ]);
    expect(late.skipped).toBe(1);
  });

  it("edits interactions and flows per property, each with its inverse", () => {
    const doc = fixture();
    const flowId = Object.keys(doc.flows!)[0]!;
    const ops: Op[] = [
      { op: "set-interaction", id: "i1", key: "action", value: { type: "navigate", screenId: "menu" } },
      { op: "add-flow", flow: { id: "f2", name: "Detail first", order: "a1", startScreenId: "detail" } },
      { op: "set-flow", id: flowId, key: "name", value: "Main" },
      { op: "remove-interaction", id: "i3" },
    ];
    const after = applyOps(doc, ops);
    expect(flowsOf(after).map((f) => f.name)).toEqual(["Main", "Detail first"]);
    expect(after.interactions!.i1!.action).toEqual({ type: "navigate", screenId: "menu" });
    expect(applyOps(after, invertOps(doc, ops))).toEqual(doc);
  });
});

describe("reading a prototype", () => {
  it("lists hotspots and a flow's screens", () => {
    const doc = fixture();
    const home = flowsOf(doc)[0]!.startScreenId;
    expect(hotspotsOf(doc, home).map((h) => h.element.id)).toEqual(["btn"]);
    expect(flowScreens(doc, flowsOf(doc)[0]!).map((s) => s.name)).toEqual(["Home", "Detail"]);
    const hidden = applyOps(doc, [{ op: "set-element", id: "btn", key: "hidden", value: true }]);
    expect(hotspotsOf(hidden, home)).toEqual([]);
  });

  it("plays Flow 1 from the first screen when the document stores no flow", () => {
    const doc = fixture();
    const { flows: _, ...bare } = doc;
    expect(flowsOf(bare as WireframeDocument).map((f) => [f.name, f.startScreenId])).toEqual([["Flow 1", flowsOf(doc)[0]!.startScreenId]]);
  });
});
