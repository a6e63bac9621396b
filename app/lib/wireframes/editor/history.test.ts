import { describe, expect, it } from "vitest";
import { UndoStack } from "./history";

/** A toy document: a number, edits add to it; an entry is the amount that undoes it. */
function setup(options: ConstructorParameters<typeof UndoStack<number>>[0] = {}) {
  let value = 0;
  const stack = new UndoStack<number>(options);
  const edit = (n: number, key: string | null = null) => {
    value += n;
    stack.push(-n, key);
  };
  const perform = (delta: number) => {
    value += delta;
    return -delta;
  };
  return { stack, edit, undo: () => stack.undo(perform), redo: () => stack.redo(perform), value: () => value };
}

describe("UndoStack", () => {
  it("undoes and redoes in order", () => {
    const h = setup();
    h.edit(1);
    h.edit(10);
    expect(h.value()).toBe(11);
    expect(h.undo()).toBe(true);
    expect(h.value()).toBe(1);
    expect(h.undo()).toBe(true);
    expect(h.value()).toBe(0);
    expect(h.undo()).toBe(false);
    expect(h.redo()).toBe(true);
    expect(h.redo()).toBe(true);
    expect(h.value()).toBe(11);
    expect(h.redo()).toBe(false);
  });

  it("a new edit drops what could be redone", () => {
    const h = setup();
    h.edit(1);
    h.undo();
    expect(h.stack.canRedo).toBe(true);
    h.edit(5);
    expect(h.stack.canRedo).toBe(false);
    expect(h.value()).toBe(5);
  });

  it("keeps at least 100 steps (the oldest fall off past the limit)", () => {
    const h = setup({ limit: 10 }); // asks for fewer than 100: still 100
    for (let i = 0; i < 150; i++) h.edit(1);
    expect(h.stack.size.undo).toBe(100);
    let n = 0;
    while (h.undo()) n++;
    expect(n).toBe(100);
    expect(h.value()).toBe(50);
    const big = setup({ limit: 300 });
    for (let i = 0; i < 250; i++) big.edit(1);
    expect(big.stack.size.undo).toBe(250);
  });

  it("merges edits with the same key inside the window (a run of nudges is one step)", () => {
    let now = 0;
    const h = setup({ merge: (a, b) => a + b, mergeWindowMs: 1000, now: () => now });
    h.edit(1, "nudge");
    now = 500;
    h.edit(1, "nudge");
    now = 900;
    h.edit(1, "nudge");
    now = 5000;
    h.edit(1, "nudge"); // too late: a step of its own
    expect(h.stack.size.undo).toBe(2);
    h.undo();
    expect(h.value()).toBe(3);
    h.undo();
    expect(h.value()).toBe(0);
  });

  it("skips a step that no longer applies and undoes the one before it", () => {
    const stack = new UndoStack<string>();
    stack.push("gone");
    stack.push("also gone");
    stack.push("fine");
    const seen: string[] = [];
    stack.undo((e) => (seen.push(e), "redo " + e));
    expect(stack.undo((e) => (seen.push(e), e === "fine" ? "x" : null))).toBe(false);
    expect(seen).toEqual(["fine", "also gone", "gone"]);
    expect(stack.size).toEqual({ undo: 0, redo: 1 });
  });
});
