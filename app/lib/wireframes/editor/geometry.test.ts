import { describe, expect, it } from "vitest";
import { intersects, mapRect, resizeRect } from "./geometry";

const r = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe("resizeRect", () => {
  it("moves the edges the handle names", () => {
    expect(resizeRect(r(0, 0, 100, 50), "se", 20, 10)).toEqual(r(0, 0, 120, 60));
    expect(resizeRect(r(0, 0, 100, 50), "nw", 20, 10)).toEqual(r(20, 10, 80, 40));
    expect(resizeRect(r(0, 0, 100, 50), "e", 20, 99)).toEqual(r(0, 0, 120, 50));
    expect(resizeRect(r(0, 0, 100, 50), "n", 99, -10)).toEqual(r(0, -10, 100, 60));
  });

  it("flips past the opposite edge instead of going negative", () => {
    expect(resizeRect(r(0, 0, 100, 50), "e", -150, 0)).toEqual(r(-50, 0, 50, 50));
  });

  it("keeps the ratio with Shift: a corner follows the larger move", () => {
    expect(resizeRect(r(0, 0, 100, 50), "se", 100, 0, { keepRatio: true })).toEqual(r(0, 0, 200, 100));
    expect(resizeRect(r(0, 0, 100, 50), "nw", -100, 0, { keepRatio: true })).toEqual(r(-100, -50, 200, 100));
    // a side handle grows the other axis about the centre
    expect(resizeRect(r(0, 0, 100, 50), "e", 100, 0, { keepRatio: true })).toEqual(r(0, -25, 200, 100));
  });

  it("never goes below the minimum size", () => {
    expect(resizeRect(r(0, 0, 100, 50), "e", -100, 0).width).toBe(1);
  });
});

describe("rectangles", () => {
  it("intersects", () => {
    expect(intersects(r(0, 0, 10, 10), r(10, 10, 5, 5))).toBe(true);
    expect(intersects(r(0, 0, 10, 10), r(11, 0, 5, 5))).toBe(false);
  });

  it("maps a rectangle into a scaled box", () => {
    expect(mapRect(r(10, 10, 10, 10), r(0, 0, 100, 100), r(0, 0, 200, 50))).toEqual(r(20, 5, 20, 5));
  });
});
