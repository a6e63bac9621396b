import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { rectFromPoints, type Handle, type Point, type Rect } from "~/lib/wireframes/editor/geometry";
import { lineGeometry } from "~/lib/wireframes/editor/edits";
import { type Guide } from "~/lib/wireframes/editor/snap";
import { hitTest, isHidden, paintOrderCached } from "~/lib/wireframes/editor/tree";
import { boundsOf } from "~/lib/wireframes/geometry";
import { defaultElement, newId } from "~/lib/wireframes/elements";
import type { EditorStore, Tool } from "./store";

/** The canvas's gestures as data, and the pure steps they take (snapping targets, a constrained drag, what a drawing gesture makes). */

export type Interaction =
  | { kind: "idle"; hover: string | null }
  | { kind: "move"; guides: Guide[] }
  | { kind: "resize"; guides: Guide[] }
  | { kind: "marquee"; rect: Rect }
  | { kind: "draw"; tool: Tool; from: Point; to: Point; guides: Guide[] };

export type Gesture =
  | { kind: "press"; client: Point; at: Point; ids: string[] }
  | { kind: "move"; client: Point; box: Rect; ids: string[]; targets: Rect[]; dx: number; dy: number }
  | { kind: "resize"; handle: Handle; box: Rect; ids: string[]; at: Point; targets: Rect[]; rect: Rect }
  | { kind: "marquee"; at: Point; base: string[] }
  | { kind: "draw"; tool: Tool; at: Point; targets: Rect[]; to: Point }
  | { kind: "pan"; last: Point };

export const IDLE: Interaction = { kind: "idle", hover: null };

export const HANDLE_PX = 8;

export const SNAP_PX = 6;

export const DRAG_START_PX = 3;

/** The boxes a dragged thing snaps to: the screen and every visible element not being dragged. */
export function snapTargets(doc: WireframeDocument, screenId: string, exclude: Set<string>): Rect[] {
  const screen = doc.screens[screenId];
  const out: Rect[] = screen ? [{ x: 0, y: 0, width: screen.width, height: screen.height }] : [];
  for (const el of paintOrderCached(doc, screenId)) {
    if (exclude.has(el.id) || el.type === "group" || isHidden(doc.elements, el.id)) continue;
    out.push(el);
  }
  return out;
}

/** The selection's box, or null when nothing on this screen is selected. */
export function selectionBox(doc: WireframeDocument, ids: string[]): Rect | null {
  return boundsOf(ids.map((id) => doc.elements[id]).filter((el): el is WireframeElement => !!el));
}

export function constrain(from: Point, to: Point, tool: Tool): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (tool === "line" || tool === "arrow") {
    const angle = Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) * (Math.PI / 4);
    const len = Math.hypot(dx, dy);
    return { x: from.x + Math.round(Math.cos(angle) * len), y: from.y + Math.round(Math.sin(angle) * len) };
  }
  const size = Math.max(Math.abs(dx), Math.abs(dy));
  return { x: from.x + Math.sign(dx || 1) * size, y: from.y + Math.sign(dy || 1) * size };
}

/** For a double-click inside a group: the child of `groupId` that holds `id`. */
export function selectableWithin(doc: WireframeDocument, id: string, groupId: string): string | null {
  for (let el: WireframeElement | undefined = doc.elements[id]; el; el = el.parentId ? doc.elements[el.parentId] : undefined) {
    if (el.parentId === groupId) return el.id;
  }
  return null;
}

/** Creates what a drawing gesture drew (a click without a drag gives the default size). */
export function drawElement(store: EditorStore, tool: Tool, from: Point, to: Point) {
  const s = store.get();
  const tiny = Math.abs(to.x - from.x) < 4 && Math.abs(to.y - from.y) < 4;
  const id = newId();
  if (tool === "line" || tool === "arrow") {
    const end = tiny ? { x: from.x + 160, y: from.y } : to;
    const zoom = store.viewport.get().zoom;
    const attach = (p: Point) => {
      const hit = hitTest(s.doc, s.screenId, p, 4 / zoom);
      const target = hit ? store.clickTarget(hit) : null;
      return target ? { elementId: target } : null;
    };
    const el = defaultElement(tool, { id, screenId: s.screenId, ...lineGeometry(from, end), start: attach(from), end: attach(end) });
    store.insert(el);
    return;
  }
  if (tool === "rectangle" || tool === "ellipse" || tool === "polygon") {
    const box = tiny
      ? { x: from.x, y: from.y, width: tool === "rectangle" ? 160 : 120, height: tool === "rectangle" ? 100 : 120 }
      : rectFromPoints(from, to);
    store.insert(defaultElement(tool, { id, screenId: s.screenId, ...box }));
    return;
  }
  if (tool === "text") {
    const box = tiny ? { x: from.x, y: from.y, width: 200, height: 24 } : rectFromPoints(from, to);
    store.insert(defaultElement("text", { id, screenId: s.screenId, ...box, text: "Text" }));
    store.startTextEdit(id);
  }
}
