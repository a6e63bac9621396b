/**
 * Rectangles and the arithmetic of moving and resizing them: the editor's pure geometry.
 * Coordinates are the screen's own px (elements store absolute positions on their screen).
 */

export type Point = { x: number; y: number };
export type Rect = { x: number; y: number; width: number; height: number };

/** The eight resize handles, by compass point. */
export const HANDLES = ["nw", "n", "ne", "e", "se", "s", "sw", "w"] as const;
export type Handle = (typeof HANDLES)[number];

export function rectFromPoints(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/** True when the two rectangles overlap or touch. */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** Rounds to whole px: the document stores integers where a person placed something. */
export function roundRect(r: Rect): Rect {
  const x = Math.round(r.x);
  const y = Math.round(r.y);
  return { x, y, width: Math.round(r.x + r.width) - x, height: Math.round(r.y + r.height) - y };
}

/** Which edges a handle moves. */
function handleEdges(handle: Handle) {
  return {
    left: handle.includes("w"),
    right: handle.includes("e"),
    top: handle.startsWith("n"),
    bottom: handle.startsWith("s"),
  };
}

/**
 * The rectangle after dragging `handle` of `start` by (dx, dy). With `keepRatio` the
 * result keeps the start's aspect ratio (a corner follows the larger of the two moves; a
 * side handle grows the other axis about the centre). Dragging past the opposite edge
 * flips the rectangle rather than giving it a negative size; sizes never go below `min`.
 */
export function resizeRect(start: Rect, handle: Handle, dx: number, dy: number, opts: { keepRatio?: boolean; min?: number } = {}): Rect {
  const min = opts.min ?? 1;
  const e = handleEdges(handle);
  let left = start.x;
  let top = start.y;
  let right = start.x + start.width;
  let bottom = start.y + start.height;
  if (e.left) left += dx;
  if (e.right) right += dx;
  if (e.top) top += dy;
  if (e.bottom) bottom += dy;
  let x = Math.min(left, right);
  let y = Math.min(top, bottom);
  let width = Math.max(min, Math.abs(right - left));
  let height = Math.max(min, Math.abs(bottom - top));
  if (opts.keepRatio && start.width > 0 && start.height > 0) {
    const ratio = start.width / start.height;
    const horizontal = e.left || e.right;
    const vertical = e.top || e.bottom;
    if (horizontal && vertical) {
      // A corner: the axis that moved more (relative to the start) leads.
      if (width / start.width >= height / start.height) height = width / ratio;
      else width = height * ratio;
      // The opposite corner stays put; the dragged one may have crossed it (a flip).
      const anchorX = e.left ? start.x + start.width : start.x;
      const anchorY = e.top ? start.y + start.height : start.y;
      x = (e.left ? left : right) >= anchorX ? anchorX : anchorX - width;
      y = (e.top ? top : bottom) >= anchorY ? anchorY : anchorY - height;
    } else if (horizontal) {
      height = width / ratio;
      y = start.y + start.height / 2 - height / 2;
    } else {
      width = height * ratio;
      x = start.x + start.width / 2 - width / 2;
    }
  }
  return { x, y, width, height };
}

/** Maps a point of `from` to the same relative place in `to`. */
export function mapPoint(p: Point, from: Rect, to: Rect): Point {
  const sx = from.width === 0 ? 1 : to.width / from.width;
  const sy = from.height === 0 ? 1 : to.height / from.height;
  return { x: to.x + (p.x - from.x) * sx, y: to.y + (p.y - from.y) * sy };
}

/** Maps a rectangle inside `from` to the same relative place and proportion inside `to`. */
export function mapRect(r: Rect, from: Rect, to: Rect): Rect {
  const a = mapPoint({ x: r.x, y: r.y }, from, to);
  const b = mapPoint({ x: r.x + r.width, y: r.y + r.height }, from, to);
  return rectFromPoints(a, b);
}

/** The handle's position on a rectangle. */
export function handlePoint(r: Rect, handle: Handle): Point {
  const e = handleEdges(handle);
  return {
    x: e.left ? r.x : e.right ? r.x + r.width : r.x + r.width / 2,
    y: e.top ? r.y : e.bottom ? r.y + r.height : r.y + r.height / 2,
  };
}
