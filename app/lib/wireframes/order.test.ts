import { describe, expect, it } from "vitest";
import type { WireframeDocument, WireframeElement } from "./document";
import { applyOps } from "./ops";
import { childrenOf } from "./tree";
import { defaultElement, newDocument } from "./elements";
import { bringForward, bringToFront, keyBetween, keysBetween, lastScreenKey, sendBackward, sendToBack, topKey } from "./order";

function row(orders: string[] = ["a0", "a1", "a2", "a3", "a4"]) {
  const base = newDocument("desktop");
  const s = Object.keys(base.screens)[0]!;
  const els: WireframeElement[] = orders.map((order, i) => defaultElement("rectangle", { id: "ABCDE"[i]!, screenId: s, order }));
  // A group with its own children: reordering there must not touch the top level.
  els.push(defaultElement("group", { id: "G", screenId: s, order: "a5" }));
  els.push(defaultElement("rectangle", { id: "x", screenId: s, parentId: "G", order: "a0" }));
  els.push(defaultElement("rectangle", { id: "y", screenId: s, parentId: "G", order: "a1" }));
  const doc: WireframeDocument = { ...base, elements: Object.fromEntries(els.map((e) => [e.id, e])) };
  const order = (d: WireframeDocument, parent: string | null = null) =>
    childrenOf(d, s, parent)
      .map((e) => e.id)
      .join("");
  return { doc, s, order };
}

describe("fractional keys", () => {
  it("keyBetween and keysBetween give increasing keys", () => {
    expect(keyBetween(null, null)).toBe("a0");
    const k = keyBetween("a0", "a1");
    expect("a0" < k && k < "a1").toBe(true);
    const ks = keysBetween("a0", "a1", 5);
    expect([...ks].sort()).toEqual(ks);
    expect(ks[0]! > "a0" && ks[4]! < "a1").toBe(true);
  });
});

describe("z-order helpers", () => {
  it("bringForward and sendBackward move each selected element one step", () => {
    const { doc, order } = row();
    expect(order(applyOps(doc, bringForward(doc, ["B"])))).toBe("ACBDEG");
    expect(order(applyOps(doc, bringForward(doc, ["B", "D"])))).toBe("ACBEDG");
    expect(order(applyOps(doc, sendBackward(doc, ["C"])))).toBe("ACBDEG");
    expect(order(applyOps(doc, sendBackward(doc, ["A"])))).toBe("ABCDEG");
    expect(sendBackward(doc, ["A"])).toEqual([]);
  });

  it("bringToFront and sendToBack keep the selection's own order and write only its keys", () => {
    const { doc, order } = row();
    const front = bringToFront(doc, ["B", "A"]);
    expect(order(applyOps(doc, front))).toBe("CDEGAB");
    expect(front.map((o) => (o as { id: string }).id).sort()).toEqual(["A", "B"]);
    expect(order(applyOps(doc, sendToBack(doc, ["E", "G"])))).toBe("EGABCD");
    expect(sendToBack(doc, ["A", "B"])).toEqual([]);
  });

  it("works inside a group without touching other sibling sets", () => {
    const { doc, order } = row();
    const ops = bringToFront(doc, ["x", "C"]);
    const after = applyOps(doc, ops);
    expect(order(after, "G")).toBe("yx");
    expect(order(after)).toBe("ABDEGC");
  });

  it("re-keys a sibling set whose keys collide (two concurrent moves)", () => {
    const { doc, order } = row(["a0", "a1", "a1", "a1", "a2"]);
    const after = applyOps(doc, bringForward(doc, ["B"]));
    expect(order(after)).toBe("ACBDEG");
    expect(new Set(childrenOf(after, Object.keys(doc.screens)[0]!, null).map((e) => e.order)).size).toBe(6);
  });

  it("topKey and lastScreenKey place new things last", () => {
    const { doc, s } = row();
    expect(topKey(doc, s, null) > "a5").toBe(true);
    expect(topKey(doc, s, "G") > "a1").toBe(true);
    expect(lastScreenKey(doc) > "a0").toBe(true);
  });
});
