import { describe, expect, it } from "vitest";
import type { WireframeDocument, WireframeElement } from "../document";
import { applyOps } from "../ops";
import { defaultElement, newDocument } from "../elements";
import { groupOps } from "./edits";
import { hitTest, rootsOf, selectableFor, selectInRect } from "./tree";

function setup() {
  const base = newDocument("desktop");
  const screenId = Object.keys(base.screens)[0]!;
  const els: WireframeElement[] = [
    defaultElement("rectangle", { id: "under", screenId, order: "a0", x: 0, y: 0, width: 200, height: 200 }),
    defaultElement("rectangle", { id: "over", screenId, order: "a1", x: 50, y: 50, width: 50, height: 50 }),
    defaultElement("line", { id: "ln", screenId, order: "a2", x: 300, y: 300, points: [0, 0, 100, 100], width: 100, height: 100 }),
    defaultElement("rectangle", { id: "locked", screenId, order: "a3", x: 0, y: 0, width: 20, height: 20, locked: true }),
  ];
  let doc: WireframeDocument = { ...base, elements: Object.fromEntries(els.map((e) => [e.id, e])) };
  const g = groupOps(doc, ["under", "over"])!;
  doc = applyOps(doc, g.ops);
  return { doc, screenId, groupId: g.groupId };
}

describe("hit testing and selection", () => {
  it("finds the topmost element under the pointer, skipping locked ones, and lines near their segment", () => {
    const { doc, screenId } = setup();
    expect(hitTest(doc, screenId, { x: 60, y: 60 }, 4)).toBe("over");
    expect(hitTest(doc, screenId, { x: 10, y: 10 }, 4)).toBe("under");
    expect(hitTest(doc, screenId, { x: 352, y: 348 }, 4)).toBe("ln");
    expect(hitTest(doc, screenId, { x: 380, y: 320 }, 4)).toBeNull();
    expect(hitTest(doc, screenId, { x: 1000, y: 1000 }, 4)).toBeNull();
  });

  it("a click selects the outermost group, or inside the group the person entered", () => {
    const { doc, groupId } = setup();
    expect(selectableFor(doc.elements, "over", null)).toBe(groupId);
    expect(selectableFor(doc.elements, "over", groupId)).toBe("over");
    expect(selectableFor(doc.elements, "ln", groupId)).toBe("ln");
    expect(rootsOf(doc.elements, ["over", groupId, "ln"])).toEqual([groupId, "ln"]);
  });

  it("a marquee catches the touched, visible, unlocked elements of the scope", () => {
    const { doc, screenId, groupId } = setup();
    expect(selectInRect(doc, screenId, { x: 90, y: 90, width: 300, height: 300 }, null).sort()).toEqual([groupId, "ln"].sort());
    expect(selectInRect(doc, screenId, { x: 90, y: 90, width: 5, height: 5 }, groupId).sort()).toEqual(["over", "under"]);
  });
});
