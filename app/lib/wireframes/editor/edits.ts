/**
 * The editor's edits as ops (decision 013): pure functions from the document and the
 * selection to the patch that makes the change. Every builder ends with `settle`, which
 * keeps groups the box around their children (and removes groups left empty) and keeps
 * attached line ends on the elements they follow.
 */
import type { Op, WireframeDocument, WireframeElement } from "../document";
import { applyOpsSkipping } from "../ops";
import { boundsOf, lineEndpoints } from "../geometry";
import { childrenOf } from "../tree";
import { defaultElement, newId } from "../elements";
import { compareOrder, keyBetween, keysBetween, topKey } from "../order";
import { mapPoint, mapRect, roundRect, type Rect } from "./geometry";
import { ancestry, isAncestor, paintOrder, rootsOf, withDescendants } from "./tree";

const set = (id: string, key: string, value: unknown): Op => ({ op: "set-element", id, key, value });
const isLine = (el: WireframeElement): el is Extract<WireframeElement, { type: "line" | "arrow" }> =>
  el.type === "line" || el.type === "arrow";

/** Sets that change `el` to `next` (only the keys that differ). */
function diff(el: WireframeElement, next: Partial<Record<string, unknown>>): Op[] {
  const ops: Op[] = [];
  for (const [key, value] of Object.entries(next)) {
    const old = (el as Record<string, unknown>)[key];
    if (JSON.stringify(old) !== JSON.stringify(value)) ops.push(set(el.id, key, value));
  }
  return ops;
}

/** The line's geometry (box and relative points) for two absolute end points. */
export function lineGeometry(from: { x: number; y: number }, to: { x: number; y: number }) {
  const a = { x: Math.round(from.x), y: Math.round(from.y) };
  const b = { x: Math.round(to.x), y: Math.round(to.y) };
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.abs(b.x - a.x),
    height: Math.abs(b.y - a.y),
    points: [a.x - x, a.y - y, b.x - x, b.y - y] as [number, number, number, number],
  };
}

/** The absolute end points of a line. */
export function lineEnds(el: Extract<WireframeElement, { type: "line" | "arrow" }>) {
  const [x1, y1, x2, y2] = el.points;
  return [
    { x: el.x + x1, y: el.y + y1 },
    { x: el.x + x2, y: el.y + y2 },
  ] as const;
}

/**
 * Adds to `ops` what keeps the document whole after them: each group whose children
 * changed gets their bounding box (innermost first; a group left empty is removed), and
 * lines attached to an element that moved follow it (an end whose element is gone lets go).
 */
export function settle(doc: WireframeDocument, ops: Op[]): Op[] {
  if (ops.length === 0) return ops;
  const before = doc.elements;
  let after = applyOpsSkipping(doc, ops).doc;
  const out = [...ops];
  /** Elements whose place or size changed (or that came or went). */
  const moved = new Set<string>();
  const groups = new Set<string>();
  const added = new Set(ops.flatMap((op) => (op.op === "add-element" ? [op.element.id] : [])));
  const note = (id: string) => {
    moved.add(id);
    for (const a of ancestry(after.elements, id).slice(1)) groups.add(a.id);
    for (const a of ancestry(before, id).slice(1)) groups.add(a.id);
  };
  for (const op of ops) {
    if (op.op === "add-element") note(op.element.id);
    else if (op.op === "remove-element") note(op.id);
    else if (op.op === "set-element" && GEOMETRY.has(op.key)) note(op.id);
  }
  // Innermost groups first, so an outer group sees its inner groups' new boxes.
  const depth = (id: string) => ancestry(after.elements, id).length;
  const extra: Op[] = [];
  for (const id of [...groups].filter((g) => after.elements[g]).sort((a, b) => depth(b) - depth(a))) {
    const group = after.elements[id]!;
    const kids = Object.values(after.elements).filter((e) => e.parentId === id);
    const fix: Op[] = kids.length === 0 ? [{ op: "remove-element", id }] : diff(group, roundRect(boundsOf(kids)!));
    if (fix.length) {
      after = applyOpsSkipping(after, fix).doc;
      extra.push(...fix);
    }
  }
  // Lines attached to what moved or went away follow it or let go; a line moved on its
  // own lets go of what stayed behind; a new line meets what it is attached to.
  for (const el of Object.values(after.elements)) {
    if (!isLine(el) || (!el.start && !el.end)) continue;
    const startId = el.start?.elementId ?? null;
    const endId = el.end?.elementId ?? null;
    if (!(startId && moved.has(startId)) && !(endId && moved.has(endId)) && !moved.has(el.id)) continue;
    const holds = (id: string | null) => !!id && !!after.elements[id] && (!moved.has(el.id) || added.has(el.id) || moved.has(id));
    const start = holds(startId) ? el.start : null;
    const end = holds(endId) ? el.end : null;
    // The renderer draws attached ends where they meet their elements; the stored box follows.
    const [x1, y1, x2, y2] = lineEndpoints(after.elements, { ...el, start, end });
    const next: Record<string, unknown> = { ...lineGeometry({ x: x1, y: y1 }, { x: x2, y: y2 }) };
    if (el.start && !start) next.start = null;
    if (el.end && !end) next.end = null;
    const fix = diff(el, next);
    if (fix.length) {
      after = applyOpsSkipping(after, fix).doc;
      extra.push(...fix);
    }
  }
  return [...out, ...extra];
}

const GEOMETRY = new Set(["x", "y", "width", "height", "points", "parentId", "screenId"]);

/** Moves the selection (and everything inside its groups) by (dx, dy). Locked elements stay. */
export function moveOps(doc: WireframeDocument, ids: readonly string[], dx: number, dy: number): Op[] {
  return settle(doc, moveRaw(doc, ids, dx, dy));
}

function moveRaw(doc: WireframeDocument, ids: readonly string[], dx: number, dy: number): Op[] {
  if (dx === 0 && dy === 0) return [];
  const roots = rootsOf(doc.elements, ids).filter((id) => !doc.elements[id]!.locked);
  const ops: Op[] = [];
  for (const el of withDescendants(doc.elements, roots)) {
    if (dx) ops.push(set(el.id, "x", Math.round(el.x + dx)));
    if (dy) ops.push(set(el.id, "y", Math.round(el.y + dy)));
  }
  return ops;
}

/** Places each element's box at `to` (scaling its descendants, and a line's points, with it). */
function boxOps(el: WireframeElement, from: Rect, to: Rect): Op[] {
  const box = roundRect(mapRect(el, from, to));
  const next: Record<string, unknown> = { x: box.x, y: box.y, width: box.width, height: box.height };
  if (isLine(el)) {
    const [a, b] = lineEnds(el);
    Object.assign(next, lineGeometry(mapPoint(a, from, to), mapPoint(b, from, to)));
  }
  return diff(el, next);
}

/** Resizes the selection from the box `from` to the box `to`: every element scales within it. */
export function resizeOps(doc: WireframeDocument, ids: readonly string[], from: Rect, to: Rect): Op[] {
  return settle(doc, resizeRaw(doc, ids, from, to));
}

function resizeRaw(doc: WireframeDocument, ids: readonly string[], from: Rect, to: Rect): Op[] {
  const roots = rootsOf(doc.elements, ids).filter((id) => !doc.elements[id]!.locked);
  const ops: Op[] = [];
  for (const el of withDescendants(doc.elements, roots)) ops.push(...boxOps(el, from, to));
  return ops;
}

/** Sets one property on every selected element (x, y, width and height move or scale a group's contents). */
export function setPropertyOps(doc: WireframeDocument, ids: readonly string[], key: string, value: unknown): Op[] {
  const ops: Op[] = [];
  for (const id of ids) {
    const el = doc.elements[id];
    if (!el) continue;
    if (["x", "y", "width", "height"].includes(key) && (el.type === "group" || isLine(el))) {
      const to = { x: el.x, y: el.y, width: el.width, height: el.height, [key]: Number(value) };
      if (key === "x" || key === "y") ops.push(...moveRaw(doc, [id], to.x - el.x, to.y - el.y));
      else ops.push(...resizeRaw(doc, [id], el, to));
      continue;
    }
    ops.push(...diff(el, { [key]: value }));
  }
  return settle(doc, ops);
}

/** Adds a new element on top of its parent's children. */
export function insertOps(doc: WireframeDocument, element: WireframeElement): Op[] {
  const order = topKey(doc, element.screenId, element.parentId);
  return settle(doc, [{ op: "add-element", element: { ...element, order } }]);
}

/** Removes the selection; lines attached to it let go, groups left empty go too. */
export function deleteOps(doc: WireframeDocument, ids: readonly string[]): Op[] {
  return settle(
    doc,
    rootsOf(doc.elements, ids).map((id) => ({ op: "remove-element", id })),
  );
}

/**
 * Groups the selection: the group takes the place (parent and z-order) of the topmost
 * selected element; the elements keep their paint order inside it. Returns the group's id.
 */
export function groupOps(doc: WireframeDocument, ids: readonly string[], name = "Group"): { ops: Op[]; groupId: string } | null {
  const place = placeOf(doc, ids);
  if (!place) return null;
  const box = roundRect(boundsOf(place.ordered)!);
  const group = defaultElement("group", {
    id: newId(),
    screenId: place.screenId,
    parentId: place.parentId,
    order: place.order,
    name,
    ...box,
  });
  const keys = keysBetween(null, null, place.ordered.length);
  const ops: Op[] = [{ op: "add-element", element: group }];
  place.ordered.forEach((el, i) => ops.push(set(el.id, "parentId", group.id), set(el.id, "order", keys[i]!)));
  return { ops: settle(doc, ops), groupId: group.id };
}

/**
 * Where something that replaces the selection goes (a group around it, an instance of a
 * component made from it): the common parent (or the top level), just above the topmost
 * selected element. Also the selection's roots in paint order. Null for nothing, or for
 * a selection across screens.
 */
export function placeOf(
  doc: WireframeDocument,
  ids: readonly string[],
): { screenId: string; parentId: string | null; order: string; ordered: WireframeElement[] } | null {
  const roots = rootsOf(doc.elements, ids);
  if (roots.length === 0) return null;
  const screenId = doc.elements[roots[0]!]!.screenId;
  const ordered = paintOrder(doc, screenId).filter((el) => roots.includes(el.id));
  if (ordered.length !== roots.length) return null;
  const top = ordered[ordered.length - 1]!;
  const parents = new Set(ordered.map((el) => el.parentId));
  const parentId = parents.size === 1 ? top.parentId : null;
  const anchor = parentId === top.parentId ? top : ancestry(doc.elements, top.id).find((a) => a.parentId === parentId)!;
  const siblings = childrenOf(doc, screenId, parentId);
  const next = siblings[siblings.findIndex((s) => s.id === anchor.id) + 1];
  const order = keyBetween(anchor.order, next && next.order > anchor.order ? next.order : null);
  return { screenId, parentId, order, ordered };
}

/** Ungroups the selected groups: their children take the group's place. Returns the children's ids. */
export function ungroupOps(doc: WireframeDocument, ids: readonly string[]): { ops: Op[]; childIds: string[] } {
  const ops: Op[] = [];
  const childIds: string[] = [];
  for (const id of ids) {
    const group = doc.elements[id];
    if (!group || group.type !== "group") continue;
    const kids = childrenOf(doc, group.screenId, group.id);
    const siblings = childrenOf(doc, group.screenId, group.parentId);
    const next = siblings[siblings.findIndex((s) => s.id === group.id) + 1];
    const keys = keysBetween(group.order, next && next.order > group.order ? next.order : null, kids.length);
    kids.forEach((k, i) => ops.push(set(k.id, "parentId", group.parentId), set(k.id, "order", keys[i]!)));
    ops.push({ op: "remove-element", id: group.id });
    childIds.push(...kids.map((k) => k.id));
  }
  return { ops: settle(doc, ops), childIds };
}

/**
 * Moves `id` in the tree (the layers panel): into `parentId` (null: the screen's top
 * level), just above `below` (a sibling there, or null: at the bottom of the stack).
 * Refused (no ops) when it would put a group inside itself.
 */
export function reparentOps(doc: WireframeDocument, ids: readonly string[], parentId: string | null, below: string | null): Op[] {
  const roots = rootsOf(doc.elements, ids);
  if (parentId && roots.some((id) => id === parentId || isAncestor(doc.elements, id, parentId))) return [];
  const first = doc.elements[roots[0]!];
  if (!first) return [];
  const siblings = childrenOf(doc, first.screenId, parentId).filter((s) => !roots.includes(s.id));
  const i = below ? siblings.findIndex((s) => s.id === below) : -1;
  const lo = i >= 0 ? siblings[i]!.order : null;
  const hi = i >= 0 ? (siblings[i + 1]?.order ?? null) : (siblings[0]?.order ?? null);
  const keys = lo !== null && hi !== null && lo >= hi ? keysBetween(lo, null, roots.length) : keysBetween(lo, hi, roots.length);
  const moved = roots.map((id) => doc.elements[id]!).sort(compareOrder);
  const ops: Op[] = [];
  moved.forEach((el, k) => {
    if (el.parentId !== parentId) ops.push(set(el.id, "parentId", parentId));
    ops.push(set(el.id, "order", keys[k]!));
  });
  return settle(doc, ops);
}

export type AlignMode = "left" | "center" | "right" | "top" | "middle" | "bottom";

/**
 * Lines the selection up on one edge or centre of its bounding box (one element: of its
 * screen, or of its group).
 */
export function alignOps(doc: WireframeDocument, ids: readonly string[], mode: AlignMode): Op[] {
  const roots = rootsOf(doc.elements, ids)
    .map((id) => doc.elements[id]!)
    .filter((el) => !el.locked);
  if (roots.length === 0) return [];
  let box: Rect;
  if (roots.length === 1) {
    const el = roots[0]!;
    const parent = el.parentId ? doc.elements[el.parentId] : null;
    const screen = doc.screens[el.screenId];
    if (!parent && !screen) return [];
    box = parent ?? { x: 0, y: 0, width: screen!.width, height: screen!.height };
  } else box = boundsOf(roots)!;
  const ops: Op[] = [];
  for (const el of roots) {
    let dx = 0;
    let dy = 0;
    if (mode === "left") dx = box.x - el.x;
    else if (mode === "center") dx = box.x + box.width / 2 - (el.x + el.width / 2);
    else if (mode === "right") dx = box.x + box.width - (el.x + el.width);
    else if (mode === "top") dy = box.y - el.y;
    else if (mode === "middle") dy = box.y + box.height / 2 - (el.y + el.height / 2);
    else dy = box.y + box.height - (el.y + el.height);
    ops.push(...moveRaw(doc, [el.id], Math.round(dx), Math.round(dy)));
  }
  return settle(doc, ops);
}

/** Spreads three or more elements so the gaps between them are equal, along one axis. */
export function distributeOps(doc: WireframeDocument, ids: readonly string[], axis: "horizontal" | "vertical"): Op[] {
  const roots = rootsOf(doc.elements, ids)
    .map((id) => doc.elements[id]!)
    .filter((el) => !el.locked);
  if (roots.length < 3) return [];
  const pos = axis === "horizontal" ? (r: Rect) => r.x : (r: Rect) => r.y;
  const size = axis === "horizontal" ? (r: Rect) => r.width : (r: Rect) => r.height;
  const sorted = [...roots].sort((a, b) => pos(a) - pos(b) || a.id.localeCompare(b.id));
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const span = pos(last) + size(last) - pos(first);
  const gap = (span - sorted.reduce((n, el) => n + size(el), 0)) / (sorted.length - 1);
  const ops: Op[] = [];
  let at = pos(first) + size(first) + gap;
  for (const el of sorted.slice(1, -1)) {
    const d = Math.round(at - pos(el));
    ops.push(...(axis === "horizontal" ? moveRaw(doc, [el.id], d, 0) : moveRaw(doc, [el.id], 0, d)));
    at += size(el) + gap;
  }
  return settle(doc, ops);
}

/** Toggles a flag (locked, hidden) on the selection: set when any of them lacks it. */
export function toggleFlagOps(doc: WireframeDocument, ids: readonly string[], flag: "locked" | "hidden"): Op[] {
  const els = ids.map((id) => doc.elements[id]).filter((el): el is WireframeElement => !!el);
  const value = els.some((el) => !el[flag]);
  return els.filter((el) => el[flag] !== value).map((el) => set(el.id, flag, value));
}
