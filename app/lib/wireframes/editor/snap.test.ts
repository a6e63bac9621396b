import { describe, expect, it } from "vitest";
import { GRID, snapMove, snapPoint } from "./snap";

const rect = (x: number, y: number, width = 100, height = 50) => ({ x, y, width, height });

describe("snapMove", () => {
  it("snaps the left edge to the 8 px grid when nothing is near", () => {
    const r = snapMove(rect(13, 21), [], { threshold: 6 });
    expect(r.dx).toBe(16 - 13);
    expect(r.dy).toBe(24 - 21);
    expect(r.guides).toEqual([]);
    expect(GRID).toBe(8);
  });

  it("leaves the position alone with the grid off and nothing near", () => {
    expect(snapMove(rect(13, 21), [], { threshold: 6, grid: null })).toEqual({ dx: 0, dy: 0, guides: [] });
  });

  it("lines the left edge up with another element's left edge and draws a vertical guide", () => {
    const other = rect(200, 300, 80, 40);
    const r = snapMove(rect(203, 13), [other], { threshold: 6 });
    expect(r.dx).toBe(-3);
    // y: no element near, so the grid
    expect(r.dy).toBe(3);
    expect(r.guides).toEqual([{ axis: "x", at: 200, from: 16, to: 340 }]);
  });

  it("snaps centre to centre", () => {
    const other = rect(0, 0, 200, 200); // centre 100,100
    const r = snapMove(rect(52, 77, 100, 50), [other], { threshold: 6 }); // centre 102,102
    expect(r.dx).toBe(-2);
    expect(r.dy).toBe(-2);
    expect(r.guides.map((g) => [g.axis, g.at])).toEqual([
      ["x", 100],
      ["y", 100],
    ]);
  });

  it("snaps a right edge to another's left edge (side by side)", () => {
    const r = snapMove(rect(98, 0, 100, 50), [rect(200, 0, 50, 50)], { threshold: 6, grid: null });
    expect(r.dx).toBe(2);
  });

  it("picks the nearest line, and ignores lines beyond the threshold", () => {
    const r = snapMove(rect(100, 0), [rect(104, 500, 10, 10), rect(99, 900, 10, 10)], { threshold: 6, grid: null });
    expect(r.dx).toBe(-1);
    expect(snapMove(rect(100, 0), [rect(120, 0, 10, 10)], { threshold: 6, grid: null }).dx).toBe(0);
  });

  it("one guide spans every element on the same line", () => {
    const r = snapMove(rect(10, 100, 20, 20), [rect(10, 0, 20, 20), rect(10, 300, 20, 20)], { threshold: 6, grid: null });
    expect(r.guides.filter((g) => g.axis === "x" && g.at === 10)).toEqual([{ axis: "x", at: 10, from: 0, to: 320 }]);
  });
});

describe("snapPoint", () => {
  it("snaps a point to the grid or to an element's edge", () => {
    expect(snapPoint({ x: 13, y: 4.5 }, [], { threshold: 6 }).point).toEqual({ x: 16, y: 8 });
    const r = snapPoint({ x: 97, y: 203 }, [rect(100, 200, 50, 50)], { threshold: 6 });
    expect(r.point).toEqual({ x: 100, y: 200 });
    expect(r.guides).toHaveLength(2);
  });
});
