import { describe, expect, it } from "vitest";
import type { Op, WireframeDocument, WireframeElement } from "./document";
import { applyOps, applyOpsSkipping, invertOps, OpError } from "./ops";
import { boundsOf } from "./geometry";
import { childrenOf, descendantsOf } from "./tree";
import { defaultElement, newDocument, newId } from "./elements";
import { sampleDocument } from "./sample";
import { wireframeDocumentSchema } from "./schema";

/** A screen with a rectangle, a group holding a text and a nested group holding an ellipse. */
function fixture() {
  const base = newDocument("desktop");
  const s = Object.keys(base.screens)[0]!;
  const els: WireframeElement[] = [
    defaultElement("rectangle", { id: "rect", screenId: s, order: "a0", x: 10, y: 10 }),
    defaultElement("group", { id: "g", screenId: s, order: "a1", x: 100, y: 100, width: 300, height: 200 }),
    defaultElement("text", { id: "txt", screenId: s, parentId: "g", order: "a0", x: 100, y: 100 }),
    defaultElement("group", { id: "g2", screenId: s, parentId: "g", order: "a1", x: 200, y: 200 }),
    defaultElement("ellipse", { id: "ell", screenId: s, parentId: "g2", order: "a0", x: 200, y: 200 }),
  ];
  const doc: WireframeDocument = { ...base, elements: Object.fromEntries(els.map((e) => [e.id, e])) };
  return { doc, s };
}

function freeze<T>(value: T): T {
  if (value && typeof value === "object") {
    Object.freeze(value);
    for (const v of Object.values(value)) freeze(v);
  }
  return value;
}

/**
 * Applies `ops`, checks that they changed the document (`changed` says how), then that
 * their inverse brings back exactly the input. A no-op apply with a no-op inverse fails here.
 */
function roundTrip(doc: WireframeDocument, ops: Op[], changed: (after: WireframeDocument) => void) {
  freeze(doc);
  const after = applyOps(doc, ops);
  expect(after).not.toEqual(doc);
  changed(after);
  const undo = invertOps(doc, ops);
  const back = applyOps(after, undo);
  expect(back).toEqual(doc);
  expect(wireframeDocumentSchema.safeParse(after).success).toBe(true);
  return after;
}

describe("applyOps", () => {
  it("applies every op kind without changing its input, and each inverse round-trips", () => {
    const { doc, s } = fixture();
    const s2 = { ...doc.screens[s]!, id: "screen2", name: "Second", order: "a1" };
    const arrow = defaultElement("arrow", { id: "arr", screenId: s, start: { elementId: "rect" } });
    const ids = (d: WireframeDocument) => Object.keys(d.elements).sort();
    const cases: Array<[Op[], (after: WireframeDocument) => void]> = [
      [[{ op: "add-element", element: arrow }], (a) => expect(a.elements.arr).toEqual(arrow)],
      [
        [{ op: "add-element", element: { ...doc.elements.rect!, fill: "#ff0000" } }],
        (a) => expect(a.elements.rect).toMatchObject({ fill: "#ff0000" }),
      ],
      [
        [{ op: "set-element", id: "rect", key: "fill", value: { token: "color.brand.500" } }],
        (a) => expect(a.elements.rect).toMatchObject({ fill: { token: "color.brand.500" } }),
      ],
      [
        [
          {
            op: "set-element",
            id: "txt",
            key: "textStyle",
            value: { ...(doc.elements.txt as { textStyle: object }).textStyle, fontSize: 24 },
          },
        ],
        (a) => expect(a.elements.txt).toMatchObject({ textStyle: { fontSize: 24 } }),
      ],
      [[{ op: "set-element", id: "rect", key: "parentId", value: "g2" }], (a) => expect(a.elements.rect!.parentId).toBe("g2")],
      [[{ op: "remove-element", id: "rect" }], (a) => expect(ids(a)).toEqual(["ell", "g", "g2", "txt"])],
      [[{ op: "remove-element", id: "g" }], (a) => expect(ids(a)).toEqual(["rect"])],
      [[{ op: "add-screen", screen: s2 }], (a) => expect(a.screens.screen2).toEqual(s2)],
      [[{ op: "add-screen", screen: { ...doc.screens[s]!, name: "Renamed" } }], (a) => expect(a.screens[s]!.name).toBe("Renamed")],
      [[{ op: "set-screen", id: s, key: "background", value: "#f0f0f0" }], (a) => expect(a.screens[s]!.background).toBe("#f0f0f0")],
      [
        [{ op: "remove-screen", id: s }],
        (a) => {
          expect(a.screens[s]).toBeUndefined();
          expect(a.elements).toEqual({});
        },
      ],
      // Several ops at once, each depending on the one before.
      [
        [
          { op: "add-screen", screen: s2 },
          { op: "add-element", element: defaultElement("group", { id: "ng", screenId: "screen2" }) },
          { op: "set-element", id: "rect", key: "screenId", value: "screen2" },
          { op: "set-element", id: "rect", key: "parentId", value: "ng" },
          { op: "set-element", id: "rect", key: "x", value: 500 },
          { op: "remove-element", id: "g" },
        ],
        (a) => {
          expect(ids(a)).toEqual(["ng", "rect"]);
          expect(a.elements.rect).toMatchObject({ screenId: "screen2", parentId: "ng", x: 500 });
          expect(a.elements.ng!.screenId).toBe("screen2");
        },
      ],
    ];
    for (const [ops, changed] of cases) roundTrip(doc, ops, changed);
  });

  it("removing a group removes its descendants; removing a screen removes its elements", () => {
    const { doc, s } = fixture();
    expect(Object.keys(applyOps(doc, [{ op: "remove-element", id: "g" }]).elements)).toEqual(["rect"]);
    const none = applyOps(doc, [{ op: "remove-screen", id: s }]);
    expect(none.screens).toEqual({});
    expect(none.elements).toEqual({});
  });

  it("shares untouched elements with its input", () => {
    const { doc } = fixture();
    const after = applyOps(doc, [{ op: "set-element", id: "rect", key: "x", value: 42 }]);
    expect(after.elements.txt).toBe(doc.elements.txt);
    expect(after.screens).toBe(doc.screens);
    expect(after.elements.rect!.x).toBe(42);
    expect(doc.elements.rect!.x).toBe(10);
  });

  it("throws an OpError naming the op for a reference that does not exist", () => {
    const { doc, s } = fixture();
    const bad: [Op, RegExp][] = [
      [{ op: "set-element", id: "ghost", key: "x", value: 1 }, /^ops\.1 \(set-element ghost\): no such element/],
      [{ op: "remove-element", id: "ghost" }, /no such element/],
      [{ op: "set-screen", id: "ghost", key: "name", value: "x" }, /no such screen/],
      [{ op: "remove-screen", id: "ghost" }, /no such screen/],
      [{ op: "add-element", element: defaultElement("rectangle", { screenId: "ghost" }) }, /no screen "ghost"/],
      [{ op: "add-element", element: defaultElement("rectangle", { screenId: s, parentId: "ghost" }) }, /no parent "ghost"/],
      [{ op: "set-element", id: "txt", key: "parentId", value: "rect" }, /not a group/],
      [{ op: "set-element", id: "g", key: "parentId", value: "g2" }, /cannot contain itself/],
      [{ op: "set-element", id: "rect", key: "text", value: "hi" }, /a rectangle has no "text"/],
      [{ op: "add-element", element: defaultElement("rectangle", { id: "g", screenId: s }) }, /cannot become another type/],
    ];
    for (const [op, message] of bad) {
      const patch: Op[] = [{ op: "set-element", id: "rect", key: "x", value: 1 }, op];
      expect(() => applyOps(doc, patch)).toThrow(OpError);
      expect(() => applyOps(doc, patch)).toThrow(message);
    }
  });

  it("children follow their group to another screen", () => {
    const { doc, s } = fixture();
    const s2 = { ...doc.screens[s]!, id: "screen2", order: "a1" };
    const ops: Op[] = [
      { op: "add-screen", screen: s2 },
      { op: "set-element", id: "g", key: "screenId", value: "screen2" },
    ];
    roundTrip(doc, ops, (after) => {
      for (const id of ["g", "txt", "g2", "ell"]) expect(after.elements[id]!.screenId).toBe("screen2");
      expect(after.elements.rect!.screenId).toBe(s);
    });
  });
});

describe("applyOpsSkipping (the server's merge)", () => {
  it("skips ops on what a teammate removed and applies the rest", () => {
    const { doc } = fixture();
    const removed = applyOps(doc, [{ op: "remove-element", id: "g" }]);
    const late: Op[] = [
      { op: "set-element", id: "txt", key: "text", value: "late edit" },
      { op: "set-element", id: "rect", key: "x", value: 77 },
    ];
    const { doc: merged, applied, skipped } = applyOpsSkipping(removed, late);
    expect(skipped).toBe(1);
    expect(applied).toEqual([late[1]]);
    expect(merged.elements.rect!.x).toBe(77);
    expect(merged.elements.txt).toBeUndefined();
  });
});

describe("tree helpers", () => {
  it("childrenOf sorts by order, descendantsOf lists parents first, boundsOf boxes", () => {
    const { doc, s } = fixture();
    expect(childrenOf(doc, s, null).map((e) => e.id)).toEqual(["rect", "g"]);
    expect(childrenOf(doc, s, "g").map((e) => e.id)).toEqual(["txt", "g2"]);
    expect(descendantsOf(doc, "g").map((e) => e.id)).toEqual(["txt", "g2", "ell"]);
    expect(boundsOf([doc.elements.rect!, doc.elements.ell!])).toEqual({ x: 10, y: 10, width: 310, height: 310 });
    expect(boundsOf([])).toBeNull();
  });

  it("newId makes distinct 12-character ids", () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it("defaultElement makes valid elements of every type", () => {
    const doc = sampleDocument(200, { componentId: "7a1c2a4e-9d7b-4c55-8d43-0b1f5f1b2c3d" });
    expect(wireframeDocumentSchema.safeParse(doc).success).toBe(true);
    const ui = defaultElement("ui", { screenId: "s", component: "table" });
    expect(ui.name).toBe("Table");
    expect(ui.props).toEqual({ rows: 5 });
  });
});

describe("invertOps on random patches", () => {
  it("undoes 300 random patches exactly, each leaving a valid document", () => {
    // A small deterministic generator, so a failure is reproducible.
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    let doc = sampleDocument(60);
    const s1 = Object.keys(doc.screens)[0]!;
    doc = applyOps(doc, [{ op: "add-screen", screen: { ...doc.screens[s1]!, id: "second", order: "a1", name: "Second" } }]);
    for (let round = 0; round < 300; round++) {
      const ids = Object.keys(doc.elements);
      const groups = ids.filter((id) => doc.elements[id]!.type === "group");
      const ops: Op[] = [];
      const n = 1 + Math.floor(rand() * 4);
      let scratch = doc;
      for (let k = 0; k < n; k++) {
        const live = Object.keys(scratch.elements);
        const kind = Math.floor(rand() * 7);
        let op: Op;
        if (kind === 0 || live.length === 0)
          op = {
            op: "add-element",
            element: defaultElement(pick(["rectangle", "text", "group"] as const), { screenId: pick(["second", s1]) }),
          };
        else if (kind === 1) op = { op: "remove-element", id: pick(live) };
        else if (kind === 2) op = { op: "set-element", id: pick(live), key: "x", value: Math.round(rand() * 1000) };
        else if (kind === 3) op = { op: "set-element", id: pick(live), key: "hidden", value: rand() < 0.5 };
        else if (kind === 4 && groups.length)
          op = { op: "set-element", id: pick(live), key: "parentId", value: rand() < 0.3 ? null : pick(groups) };
        else if (kind === 5) op = { op: "set-element", id: pick(live), key: "screenId", value: pick(["second", s1]) };
        else op = { op: "set-screen", id: pick(["second", s1]), key: "name", value: `Name ${round}` };
        // Keep only ops that apply (a random parent may make a cycle).
        try {
          scratch = applyOps(scratch, [op]);
          ops.push(op);
        } catch (error) {
          if (!(error instanceof OpError)) throw error;
        }
      }
      if (ops.length === 0) continue;
      const after = applyOps(doc, ops);
      // One patch does what its ops do one at a time; its inverse undoes all of it.
      expect(after).toEqual(scratch);
      expect(applyOps(after, invertOps(doc, ops))).toEqual(doc);
      const valid = wireframeDocumentSchema.safeParse(after);
      expect(valid.success, valid.success ? "" : JSON.stringify(valid.error.issues[0])).toBe(true);
      doc = after;
    }
  });
});
