import { describe, expect, it } from "vitest";
import type { LineElement, Op, WireframeDocument, WireframeElement } from "../document";
import { applyOps, invertOps } from "../ops";
import { defaultElement, newDocument } from "../elements";
import {
  alignOps,
  deleteOps,
  distributeOps,
  groupOps,
  insertOps,
  moveOps,
  reparentOps,
  resizeOps,
  setPropertyOps,
  toggleFlagOps,
  ungroupOps,
} from "./edits";
import { paintOrder } from "./tree";

function docWith(...els: Partial<WireframeElement>[]) {
  const base = newDocument("desktop");
  const screenId = Object.keys(base.screens)[0]!;
  const elements: Record<string, WireframeElement> = {};
  els.forEach((p, i) => {
    const el = defaultElement((p.type ?? "rectangle") as "rectangle", { screenId, order: `a${i}`, ...(p as object) });
    elements[el.id] = el;
  });
  return { doc: { ...base, elements } as WireframeDocument, screenId };
}

/** Applies ops and checks they undo cleanly (every edit is undoable). */
function run(doc: WireframeDocument, ops: Op[]) {
  const next = applyOps(doc, ops);
  expect(applyOps(next, invertOps(doc, ops))).toEqual(doc);
  return next;
}

const box = (el: WireframeElement | undefined) => el && { x: el.x, y: el.y, width: el.width, height: el.height };

describe("align and distribute", () => {
  const { doc } = docWith(
    { id: "a", x: 10, y: 10, width: 50, height: 20 },
    { id: "b", x: 100, y: 40, width: 30, height: 60 },
    { id: "c", x: 300, y: 0, width: 100, height: 10 },
  );
  it("aligns left, right, centres, top, bottom and middle to the selection's box", () => {
    const ids = ["a", "b", "c"];
    expect(Object.values(run(doc, alignOps(doc, ids, "left")).elements).map((e) => e.x)).toEqual([10, 10, 10]);
    expect(Object.values(run(doc, alignOps(doc, ids, "right")).elements).map((e) => e.x + e.width)).toEqual([400, 400, 400]);
    expect(Object.values(run(doc, alignOps(doc, ids, "center")).elements).map((e) => e.x + e.width / 2)).toEqual([205, 205, 205]);
    expect(Object.values(run(doc, alignOps(doc, ids, "top")).elements).map((e) => e.y)).toEqual([0, 0, 0]);
    expect(Object.values(run(doc, alignOps(doc, ids, "bottom")).elements).map((e) => e.y + e.height)).toEqual([100, 100, 100]);
    expect(Object.values(run(doc, alignOps(doc, ids, "middle")).elements).map((e) => e.y + e.height / 2)).toEqual([50, 50, 50]);
  });

  it("aligns one element to its screen", () => {
    const next = run(doc, alignOps(doc, ["c"], "right"));
    expect(next.elements.c!.x).toBe(1440 - 100);
  });

  it("leaves locked elements where they are", () => {
    const locked = applyOps(doc, [{ op: "set-element", id: "c", key: "locked", value: true }]);
    const next = run(locked, alignOps(locked, ["a", "b", "c"], "left"));
    expect(next.elements.c!.x).toBe(300);
    expect(next.elements.b!.x).toBe(10);
  });

  it("distributes with equal gaps between the first and the last", () => {
    const next = run(doc, distributeOps(doc, ["c", "a", "b"], "horizontal"));
    // span 10..400, widths 50+30+100 = 180, gaps (390-180)/2 = 105
    expect(next.elements.a!.x).toBe(10);
    expect(next.elements.b!.x).toBe(10 + 50 + 105);
    expect(next.elements.c!.x).toBe(300);
    const v = run(doc, distributeOps(doc, ["a", "b", "c"], "vertical"));
    // by y: c (0..10), a (10..30), b (40..100); span 100, heights 90, gap 5
    expect(v.elements.a!.y).toBe(15);
    expect(distributeOps(doc, ["a", "b"], "horizontal")).toEqual([]);
  });
});

describe("groups", () => {
  it("groups in place, keeps the paint order inside, and ungroups back", () => {
    const { doc, screenId } = docWith(
      { id: "a", x: 0, y: 0, width: 10, height: 10 },
      { id: "b", x: 100, y: 100, width: 10, height: 10 },
      { id: "c", x: 50, y: 50, width: 10, height: 10 },
      { id: "d", x: 500, y: 500, width: 10, height: 10 },
    );
    const g = groupOps(doc, ["c", "a"])!;
    const grouped = run(doc, g.ops);
    const group = grouped.elements[g.groupId]!;
    expect(group.type).toBe("group");
    expect(box(group)).toEqual({ x: 0, y: 0, width: 60, height: 60 });
    expect(paintOrder(grouped, screenId).map((e) => e.id)).toEqual(["b", g.groupId, "a", "c", "d"]);
    const { ops, childIds } = ungroupOps(grouped, [g.groupId]);
    const back = run(grouped, ops);
    expect(back.elements[g.groupId]).toBeUndefined();
    expect(childIds.sort()).toEqual(["a", "c"]);
    expect(paintOrder(back, screenId).map((e) => e.id)).toEqual(["b", "a", "c", "d"]);
  });

  it("nests groups, and moving an outer group moves everything inside", () => {
    const { doc } = docWith(
      { id: "a", x: 0, y: 0, width: 10, height: 10 },
      { id: "b", x: 20, y: 0, width: 10, height: 10 },
      { id: "c", x: 40, y: 40, width: 10, height: 10 },
    );
    const inner = groupOps(doc, ["a", "b"])!;
    const d1 = run(doc, inner.ops);
    const outer = groupOps(d1, [inner.groupId, "c"])!;
    const d2 = run(d1, outer.ops);
    expect(d2.elements[inner.groupId]!.parentId).toBe(outer.groupId);
    expect(box(d2.elements[outer.groupId])).toEqual({ x: 0, y: 0, width: 50, height: 50 });
    // selecting a child with its group moves it once
    const d3 = run(d2, moveOps(d2, [outer.groupId, "a"], 5, 7));
    expect(box(d3.elements.a)).toEqual({ x: 5, y: 7, width: 10, height: 10 });
    expect(box(d3.elements.b)).toEqual({ x: 25, y: 7, width: 10, height: 10 });
    expect(box(d3.elements[outer.groupId])).toEqual({ x: 5, y: 7, width: 50, height: 50 });
    // moving a child keeps its groups the box around their children
    const d4 = run(d3, moveOps(d3, ["c"], 100, 0));
    expect(box(d4.elements[outer.groupId])).toEqual({ x: 5, y: 7, width: 150, height: 50 });
    expect(box(d4.elements[inner.groupId])).toEqual({ x: 5, y: 7, width: 30, height: 10 });
  });

  it("deleting the last child of a group removes the group", () => {
    const { doc } = docWith({ id: "a", x: 0, y: 0, width: 10, height: 10 }, { id: "b", x: 20, y: 0, width: 10, height: 10 });
    const g = groupOps(doc, ["a", "b"])!;
    const d1 = run(doc, g.ops);
    const d2 = run(d1, deleteOps(d1, ["a"]));
    expect(box(d2.elements[g.groupId])).toEqual({ x: 20, y: 0, width: 10, height: 10 });
    const d3 = run(d2, deleteOps(d2, ["b"]));
    expect(d3.elements[g.groupId]).toBeUndefined();
  });

  it("the layers panel moves an element into a group, and refuses a group into itself", () => {
    const { doc, screenId } = docWith(
      { id: "a", x: 0, y: 0, width: 10, height: 10 },
      { id: "b", x: 20, y: 0, width: 10, height: 10 },
      { id: "c", x: 200, y: 0, width: 10, height: 10 },
    );
    const g = groupOps(doc, ["a", "b"])!;
    const d1 = run(doc, g.ops);
    const d2 = run(d1, reparentOps(d1, ["c"], g.groupId, "a"));
    expect(paintOrder(d2, screenId).map((e) => e.id)).toEqual([g.groupId, "a", "c", "b"]);
    expect(d2.elements[g.groupId]!.width).toBe(210);
    expect(reparentOps(d2, [g.groupId], g.groupId, null)).toEqual([]);
    // to the bottom of the top level
    const d3 = run(d2, reparentOps(d2, ["b"], null, null));
    expect(paintOrder(d3, screenId).map((e) => e.id)).toEqual(["b", g.groupId, "a", "c"]);
  });
});

describe("move, resize, properties", () => {
  it("resizes every selected element within the selection's box", () => {
    const { doc } = docWith({ id: "a", x: 0, y: 0, width: 10, height: 10 }, { id: "b", x: 90, y: 90, width: 10, height: 10 });
    const next = run(doc, resizeOps(doc, ["a", "b"], { x: 0, y: 0, width: 100, height: 100 }, { x: 0, y: 0, width: 200, height: 50 }));
    expect(box(next.elements.a)).toEqual({ x: 0, y: 0, width: 20, height: 5 });
    expect(box(next.elements.b)).toEqual({ x: 180, y: 45, width: 20, height: 5 });
  });

  it("an arrow attached to an element follows it, and lets go when it is deleted", () => {
    const { doc } = docWith({ id: "a", x: 0, y: 0, width: 100, height: 100 }, { id: "b", x: 300, y: 0, width: 100, height: 100 });
    const arrow = defaultElement("arrow", {
      id: "ar",
      screenId: doc.elements.a!.screenId,
      x: 100,
      y: 50,
      points: [0, 0, 200, 0],
      width: 200,
      height: 0,
      start: { elementId: "a" },
      end: { elementId: "b" },
    });
    const d1 = run(doc, insertOps(doc, arrow));
    const d2 = run(d1, moveOps(d1, ["b"], 0, 200));
    const moved = d2.elements.ar as LineElement;
    // b is now below and to the right: the arrow runs centre to centre, from a's right edge to b's left edge
    expect([moved.x + moved.points[0], moved.y + moved.points[1]]).toEqual([100, 83]);
    expect([moved.x + moved.points[2], moved.y + moved.points[3]]).toEqual([300, 217]);
    const d2b = run(d1, moveOps(d1, ["b"], -300, 300));
    const below = d2b.elements.ar as typeof moved;
    // straight below: from a's bottom edge to b's top edge
    expect([below.x + below.points[0], below.y + below.points[1], below.x + below.points[2], below.y + below.points[3]]).toEqual([
      50, 100, 50, 300,
    ]);
    // the arrow dragged on its own lets go of both
    const d2c = run(d1, moveOps(d1, ["ar"], 0, 40));
    expect([(d2c.elements.ar as typeof moved).start, (d2c.elements.ar as typeof moved).end]).toEqual([null, null]);
    const d3 = run(d2, deleteOps(d2, ["b"]));
    expect((d3.elements.ar as typeof moved).end).toBeNull();
    expect((d3.elements.ar as typeof moved).start).toEqual({ elementId: "a" });
  });

  it("sets a property, moving a group's contents for x and y", () => {
    const { doc } = docWith({ id: "a", x: 0, y: 0, width: 10, height: 10 }, { id: "b", x: 20, y: 0, width: 10, height: 10 });
    const g = groupOps(doc, ["a", "b"])!;
    const d1 = run(doc, g.ops);
    const d2 = run(d1, setPropertyOps(d1, [g.groupId], "x", 100));
    expect([d2.elements.a!.x, d2.elements.b!.x, d2.elements[g.groupId]!.x]).toEqual([100, 120, 100]);
    const d3 = run(d2, setPropertyOps(d2, ["a"], "fill", "#ff0000"));
    expect(d3.elements.a!.fill).toBe("#ff0000");
    expect(setPropertyOps(d3, ["a"], "fill", "#ff0000")).toEqual([]);
  });

  it("toggles lock and hide for the whole selection", () => {
    const { doc } = docWith({ id: "a", hidden: true }, { id: "b" });
    const d1 = run(doc, toggleFlagOps(doc, ["a", "b"], "hidden"));
    expect([d1.elements.a!.hidden, d1.elements.b!.hidden]).toEqual([true, true]);
    const d2 = run(d1, toggleFlagOps(d1, ["a", "b"], "hidden"));
    expect([d2.elements.a!.hidden, d2.elements.b!.hidden]).toEqual([false, false]);
  });
});
