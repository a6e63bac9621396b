/**
 * The polygons the editor draws (issue 15): a diamond (the Polygon tool's default, and what an
 * Excalidraw diamond imports as) or a triangle, each as vertices given as fractions of the
 * element's box, so moving and resizing need no polygon logic. Browser-safe.
 */
import type { PolygonElement } from "./document";
import { DIAMOND } from "./elements";

export type Vertices = PolygonElement["vertices"];

/** A triangle pointing up: its apex in the middle of the top edge. */
export const TRIANGLE: Vertices = [
  [0.5, 0],
  [1, 1],
  [0, 1],
];

export const POLYGON_SHAPES = {
  diamond: { label: "Diamond", vertices: DIAMOND },
  triangle: { label: "Triangle", vertices: TRIANGLE },
} as const satisfies Record<string, { label: string; vertices: Vertices }>;

export type PolygonShape = keyof typeof POLYGON_SHAPES;

/** Which of the editor's shapes these vertices draw, or "custom" (an imported or edited outline). */
export function polygonShapeOf(vertices: Vertices): PolygonShape | "custom" {
  for (const [shape, { vertices: v }] of Object.entries(POLYGON_SHAPES) as [PolygonShape, { vertices: Vertices }][]) {
    if (v.length === vertices.length && v.every(([x, y], i) => x === vertices[i]![0] && y === vertices[i]![1])) return shape;
  }
  return "custom";
}

/** The vertices of a shape (a fresh copy: documents never share arrays). */
export function shapeVertices(shape: PolygonShape): Vertices {
  return POLYGON_SHAPES[shape].vertices.map(([x, y]) => [x, y]);
}
