/**
 * Snapping while dragging, resizing and drawing: to other elements' edges and centres
 * (and the screen's), with the guide lines to draw; otherwise to the 8 px grid.
 */
import type { Point, Rect } from "./geometry";

export const GRID = 8;

/** A guide line: `axis: "x"` is a vertical line at x = `at` from y = `from` to `to`. */
export type Guide = { axis: "x" | "y"; at: number; from: number; to: number };

export type SnapOptions = {
  /** How close (screen px) an edge must come to snap. Pass 6 / zoom to keep it 6 px on screen. */
  threshold: number;
  /** Grid size; null turns grid snapping off (elements still snap to each other). */
  grid?: number | null;
};

const xs = (r: Rect) => [r.x, r.x + r.width / 2, r.x + r.width];
const ys = (r: Rect) => [r.y, r.y + r.height / 2, r.y + r.height];

type Match = { delta: number; value: number; target: Rect };

/** The smallest move (within the threshold) that lines one of `mine` up with a target's line. */
function bestDelta(mine: number[], targets: readonly Rect[], lines: (r: Rect) => number[], threshold: number): Match[] {
  let best = Infinity;
  let matches: Match[] = [];
  for (const target of targets) {
    for (const value of lines(target)) {
      for (const m of mine) {
        const delta = value - m;
        const size = Math.abs(delta);
        if (size > threshold || size > Math.abs(best) + 0.01) continue;
        if (size < Math.abs(best) - 0.01) {
          best = delta;
          matches = [];
        }
        matches.push({ delta, value, target });
      }
    }
  }
  return matches;
}

const gridDelta = (v: number, grid: number) => Math.round(v / grid) * grid - v;

function guidesFor(axis: "x" | "y", matches: Match[], moved: Rect): Guide[] {
  const byValue = new Map<number, Guide>();
  for (const m of matches) {
    const [from, to] =
      axis === "x"
        ? [Math.min(moved.y, m.target.y), Math.max(moved.y + moved.height, m.target.y + m.target.height)]
        : [Math.min(moved.x, m.target.x), Math.max(moved.x + moved.width, m.target.x + m.target.width)];
    const g = byValue.get(m.value);
    if (g) {
      g.from = Math.min(g.from, from);
      g.to = Math.max(g.to, to);
    } else byValue.set(m.value, { axis, at: m.value, from, to });
  }
  return [...byValue.values()];
}

/**
 * Where a dragged rectangle lands: `moving` is where the pointer put it; the answer is
 * the correction (dx, dy) to add and the guides to draw. Each axis snaps on its own: to
 * the nearest target line within the threshold, else its left/top edge to the grid.
 */
export function snapMove(moving: Rect, targets: readonly Rect[], opts: SnapOptions): { dx: number; dy: number; guides: Guide[] } {
  const grid = opts.grid === undefined ? GRID : opts.grid;
  const mx = bestDelta(xs(moving), targets, xs, opts.threshold);
  const my = bestDelta(ys(moving), targets, ys, opts.threshold);
  const dx = mx.length ? mx[0]!.delta : grid ? gridDelta(moving.x, grid) : 0;
  const dy = my.length ? my[0]!.delta : grid ? gridDelta(moving.y, grid) : 0;
  const moved = { ...moving, x: moving.x + dx, y: moving.y + dy };
  return { dx, dy, guides: [...guidesFor("x", mx, moved), ...guidesFor("y", my, moved)] };
}

/**
 * Where a dragged point (a resize handle, a line's end, a drawing's corner) lands: each
 * axis to the nearest target line within the threshold, else to the grid.
 */
export function snapPoint(p: Point, targets: readonly Rect[], opts: SnapOptions): { point: Point; guides: Guide[] } {
  const grid = opts.grid === undefined ? GRID : opts.grid;
  const mx = bestDelta([p.x], targets, xs, opts.threshold);
  const my = bestDelta([p.y], targets, ys, opts.threshold);
  const point = {
    x: p.x + (mx.length ? mx[0]!.delta : grid ? gridDelta(p.x, grid) : 0),
    y: p.y + (my.length ? my[0]!.delta : grid ? gridDelta(p.y, grid) : 0),
  };
  const dot = { x: point.x, y: point.y, width: 0, height: 0 };
  return { point, guides: [...guidesFor("x", mx, dot), ...guidesFor("y", my, dot)] };
}
