import type { WireframeElement } from "./document";

/** Boxes around elements, and where a line's attached ends sit. Coordinates are the screen's px. */

export type Bounds = { x: number; y: number; width: number; height: number };

/** The box around `elements` (null for none). */
export function boundsOf(elements: readonly { x: number; y: number; width: number; height: number }[]): Bounds | null {
  if (elements.length === 0) return null;
  let x1 = Infinity,
    y1 = Infinity,
    x2 = -Infinity,
    y2 = -Infinity;
  for (const e of elements) {
    x1 = Math.min(x1, e.x);
    y1 = Math.min(y1, e.y);
    x2 = Math.max(x2, e.x + e.width);
    y2 = Math.max(y2, e.y + e.height);
  }
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

/**
 * A line's or arrow's two ends in screen px. An attached end follows its element: it sits
 * where the segment from the element's centre towards the other end leaves the element's
 * box. An attachment to an element that is gone (or hidden) falls back to the stored point.
 */
export function lineEndpoints(
  elements: Record<string, WireframeElement>,
  line: Extract<WireframeElement, { type: "line" | "arrow" }>,
): [number, number, number, number] {
  const [px1, py1, px2, py2] = line.points;
  let a = { x: line.x + px1, y: line.y + py1 };
  let b = { x: line.x + px2, y: line.y + py2 };
  const target = (att: { elementId: string } | null) => {
    const el = att ? elements[att.elementId] : undefined;
    return el && !el.hidden && el.id !== line.id ? el : null;
  };
  const start = target(line.start);
  const end = target(line.end);
  const centre = (e: WireframeElement) => ({ x: e.x + e.width / 2, y: e.y + e.height / 2 });
  // Both attached: aim centre to centre; one attached: aim at the free end.
  if (start) a = edgePoint(start, end ? centre(end) : b);
  if (end) b = edgePoint(end, start ? centre(start) : a);
  return [a.x, a.y, b.x, b.y];
}

/** Where the segment from `box`'s centre towards `toward` crosses the box's edge. */
function edgePoint(box: Bounds, toward: { x: number; y: number }): { x: number; y: number } {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const dx = toward.x - cx;
  const dy = toward.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const sx = dx === 0 ? Infinity : box.width / 2 / Math.abs(dx);
  const sy = dy === 0 ? Infinity : box.height / 2 / Math.abs(dy);
  const t = Math.min(sx, sy, 1);
  return { x: cx + dx * t, y: cy + dy * t };
}
