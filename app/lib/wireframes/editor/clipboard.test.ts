import { describe, expect, it } from "vitest";
import type { WireframeDocument, WireframeElement } from "../document";
import { applyOps } from "../ops";
import { defaultElement, newDocument } from "../elements";
import { copyPayload, parsePayload, pasteOffset, pasteOps, serializePayload } from "./clipboard";
import { groupOps } from "./edits";
import { paintOrder } from "./tree";

function setup() {
  const base = newDocument("desktop");
  const screenId = Object.keys(base.screens)[0]!;
  const els: WireframeElement[] = [
    defaultElement("rectangle", { id: "a", screenId, order: "a0", x: 10, y: 10, width: 50, height: 50 }),
    defaultElement("text", { id: "b", screenId, order: "a1", x: 100, y: 10, text: "Hello" }),
    defaultElement("arrow", {
      id: "c",
      screenId,
      order: "a2",
      x: 60,
      y: 35,
      points: [0, 0, 40, 0],
      start: { elementId: "a" },
      end: { elementId: "b" },
    }),
  ];
  let doc: WireframeDocument = { ...base, elements: Object.fromEntries(els.map((e) => [e.id, e])) };
  const g = groupOps(doc, ["a", "b"])!;
  doc = applyOps(doc, g.ops);
  return { doc, screenId, groupId: g.groupId };
}

describe("clipboard", () => {
  it("round-trips through text and pastes a group with fresh ids, parents and attachments remapped", () => {
    const { doc, screenId, groupId } = setup();
    const payload = copyPayload(doc, "wf-1", [groupId, "a", "c"])!;
    expect(payload.elements.map((e) => e.id)).toEqual([groupId, "a", "b", "c"]);
    const back = parsePayload(serializePayload(payload))!;
    expect(back).toEqual(payload);
    const offset = pasteOffset(doc, back, screenId, null);
    expect(offset).toEqual({ dx: 16, dy: 16 });
    const { ops, ids } = pasteOps(doc, back, screenId, offset);
    const next = applyOps(doc, ops);
    expect(ids).toHaveLength(2);
    const [g2, c2] = ids.map((id) => next.elements[id]!);
    expect(g2!.type).toBe("group");
    expect(g2!.x).toBe(doc.elements[groupId]!.x + 16);
    const kids = Object.values(next.elements).filter((e) => e.parentId === g2!.id);
    expect(kids.map((k) => k.type).sort()).toEqual(["rectangle", "text"]);
    const arrow = c2 as Extract<WireframeElement, { type: "arrow" | "line" }>;
    expect(kids.map((k) => k.id)).toContain(arrow.start!.elementId);
    expect(kids.map((k) => k.id)).toContain(arrow.end!.elementId);
    // on top of everything, copied order kept
    expect(
      paintOrder(next, screenId)
        .slice(-4)
        .map((e) => e.id)[0],
    ).toBe(g2!.id);
    // a second paste steps on by another 16 px
    expect(pasteOffset(next, back, screenId, null)).toEqual({ dx: 32, dy: 32 });
  });

  it("pastes in place in another wireframe, centred in view when it would not be seen", () => {
    const { doc } = setup();
    const payload = copyPayload(doc, "wf-1", ["a"])!;
    const other = newDocument("mobile");
    const otherScreen = Object.keys(other.screens)[0]!;
    expect(pasteOffset(other, payload, otherScreen, { x: 0, y: 0, width: 390, height: 844 })).toEqual({ dx: 0, dy: 0 });
    expect(pasteOffset(other, payload, otherScreen, { x: 1000, y: 1000, width: 100, height: 100 })).toEqual({ dx: 1015, dy: 1015 });
    const { ops } = pasteOps(other, payload, otherScreen, { dx: 0, dy: 0 });
    expect(Object.keys(applyOps(other, ops).elements)).toHaveLength(1);
  });

  it("an attachment to an element outside the copy lets go on another screen", () => {
    const { doc } = setup();
    const payload = copyPayload(doc, "wf-1", ["c"])!;
    const other = newDocument("mobile");
    const s = Object.keys(other.screens)[0]!;
    const arrow = applyOps(other, pasteOps(other, payload, s, { dx: 0, dy: 0 }).ops).elements;
    expect(Object.values(arrow)[0]).toMatchObject({ start: null, end: null });
  });

  it("ignores text that is not ours, or is broken", () => {
    expect(parsePayload("hello")).toBeNull();
    expect(parsePayload('{"kind":"atelier/wireframe-elements","version":1,"wireframeId":"x","elements":[{"id":"a"}]}')).toBeNull();
    expect(parsePayload('{"kind":"atelier/wireframe-elements", broken')).toBeNull();
  });
});
