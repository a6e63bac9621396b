import { describe, expect, it } from "vitest";
import { applyOps } from "./ops";
import { defaultElement, DIAMOND, newDocument } from "./elements";
import { polygonShapeOf, shapeVertices, TRIANGLE } from "./polygons";
import { elementSchema, patchSchema } from "./schema";

describe("the editor's polygons", () => {
  it("a new polygon is a diamond; a triangle's vertices are a valid polygon of the same box", () => {
    const diamond = defaultElement("polygon", { screenId: "s" });
    expect(polygonShapeOf(diamond.vertices)).toBe("diamond");
    const triangle = defaultElement("polygon", { screenId: "s", vertices: shapeVertices("triangle") });
    expect(polygonShapeOf(triangle.vertices)).toBe("triangle");
    expect(elementSchema.safeParse(triangle).success).toBe(true);
    expect(triangle.vertices).toEqual(TRIANGLE);
    // A copy, never the shared constant (a document's arrays are its own).
    expect(shapeVertices("diamond")).not.toBe(DIAMOND);
    expect(shapeVertices("diamond")).toEqual(DIAMOND);
  });

  it("names anything else custom (an outline imported from elsewhere)", () => {
    expect(
      polygonShapeOf([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
    ).toBe("custom");
    expect(polygonShapeOf(TRIANGLE.slice(0, 2) as typeof TRIANGLE)).toBe("custom");
  });

  it("the editor's shape change is a set-element op the server accepts, and its box stays", () => {
    const doc = newDocument("desktop");
    const screenId = Object.keys(doc.screens)[0]!;
    const el = defaultElement("polygon", { id: "p", screenId, x: 40, y: 80, width: 96, height: 64 });
    const ops = [
      { op: "add-element" as const, element: el },
      { op: "set-element" as const, id: "p", key: "vertices" as const, value: shapeVertices("triangle") },
    ];
    expect(patchSchema.safeParse({ clientId: "c", ops }).success).toBe(true);
    const next = applyOps(doc, ops).elements.p!;
    expect(next).toMatchObject({ type: "polygon", x: 40, y: 80, width: 96, height: 64, vertices: TRIANGLE });
    // A vertex outside the box is refused.
    const bad = {
      op: "set-element" as const,
      id: "p",
      key: "vertices" as const,
      value: [
        [0.5, 0],
        [1.5, 1],
        [0, 1],
      ],
    };
    expect(patchSchema.safeParse({ clientId: "c", ops: [bad] }).success).toBe(false);
  });
});
