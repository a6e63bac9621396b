/**
 * The element tree as the editor sees it: which element a click selects, what a marquee
 * catches, the selection's roots, and the paint order of a screen.
 */
import type { WireframeDocument, WireframeElement } from "../document";
import { childIndex } from "../tree";
import { lineEndpoints } from "../geometry";
import { intersects, type Rect } from "./geometry";

type Elements = WireframeDocument["elements"];

/** The chain from `id` up to its top-level ancestor: [id, parent, grandparent, …]. */
export function ancestry(elements: Elements, id: string): WireframeElement[] {
  const out: WireframeElement[] = [];
  for (let el: WireframeElement | undefined = elements[id]; el; el = el.parentId ? elements[el.parentId] : undefined) {
    out.push(el);
    if (out.length > 64) break; // a broken (cyclic) document never hangs the editor
  }
  return out;
}

export function isAncestor(elements: Elements, ancestorId: string, id: string): boolean {
  return ancestry(elements, id)
    .slice(1)
    .some((el) => el.id === ancestorId);
}

/**
 * What a click on `id` selects: the outermost element below `scope` (the group the person
 * has entered, or null for the screen's top level). Outside the scope, the top-level one.
 */
export function selectableFor(elements: Elements, id: string, scope: string | null): string | null {
  const chain = ancestry(elements, id);
  if (chain.length === 0) return null;
  if (scope !== null) {
    const i = chain.findIndex((el) => el.parentId === scope);
    if (i >= 0) return chain[i]!.id;
  }
  return chain[chain.length - 1]!.id;
}

/** The selection without elements whose group is also selected (they move with it). */
export function rootsOf(elements: Elements, ids: readonly string[]): string[] {
  const set = new Set(ids.filter((id) => elements[id]));
  return [...set].filter(
    (id) =>
      !ancestry(elements, id)
        .slice(1)
        .some((a) => set.has(a.id)),
  );
}

/** An element and everything inside it, parents first. */
export function withDescendants(elements: Elements, ids: readonly string[]): WireframeElement[] {
  const index = childIndex(elements);
  const out: WireframeElement[] = [];
  const seen = new Set<string>();
  const walk = (el: WireframeElement) => {
    if (seen.has(el.id)) return;
    seen.add(el.id);
    out.push(el);
    for (const child of index.get(el.id) ?? []) walk(child);
  };
  for (const id of ids) {
    const el = elements[id];
    if (el) walk(el);
  }
  return out;
}

/** Every element of a screen in paint order (parents before their children, low z first). */
export function paintOrder(doc: WireframeDocument, screenId: string): WireframeElement[] {
  const index = childIndex(doc.elements, screenId);
  const out: WireframeElement[] = [];
  const walk = (parentId: string | null) => {
    for (const el of index.get(parentId) ?? []) {
      out.push(el);
      walk(el.id);
    }
  };
  walk(null);
  return out;
}

/** Hidden, itself or through a group. */
export function isHidden(elements: Elements, id: string): boolean {
  return ancestry(elements, id).some((el) => el.hidden);
}

/** Locked, itself or through a group. */
export function isLocked(elements: Elements, id: string): boolean {
  return ancestry(elements, id).some((el) => el.locked);
}

/** What a marquee over `rect` selects: the scope's visible, unlocked children it touches. */
export function selectInRect(doc: WireframeDocument, screenId: string, rect: Rect, scope: string | null): string[] {
  const out: string[] = [];
  for (const el of Object.values(doc.elements)) {
    if (el.screenId !== screenId || el.parentId !== scope || el.hidden || el.locked) continue;
    if (intersects(rect, el)) out.push(el.id);
  }
  return out;
}

const orderCache = new WeakMap<Elements, Map<string, WireframeElement[]>>();

/** paintOrder, remembered per version of the elements (hit tests run on every pointer move). */
export function paintOrderCached(doc: WireframeDocument, screenId: string): WireframeElement[] {
  let byScreen = orderCache.get(doc.elements);
  if (!byScreen) orderCache.set(doc.elements, (byScreen = new Map()));
  let list = byScreen.get(screenId);
  if (!list) byScreen.set(screenId, (list = paintOrder(doc, screenId)));
  return list;
}

function distanceToSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * The topmost visible, unlocked element under `p` (a leaf: groups are hit through their
 * children), or null. Lines are hit within `tolerance` of their segment.
 */
export function hitTest(doc: WireframeDocument, screenId: string, p: { x: number; y: number }, tolerance: number): string | null {
  const list = paintOrderCached(doc, screenId);
  for (let i = list.length - 1; i >= 0; i--) {
    const el = list[i]!;
    if (el.type === "group") continue;
    if (el.type === "line" || el.type === "arrow") {
      const [x1, y1, x2, y2] = lineEndpoints(doc.elements, el);
      if (distanceToSegment(p, { x: x1, y: y1 }, { x: x2, y: y2 }) > tolerance + el.strokeWidth / 2) continue;
    } else if (p.x < el.x || p.x > el.x + el.width || p.y < el.y || p.y > el.y + el.height) continue;
    if (isHidden(doc.elements, el.id) || isLocked(doc.elements, el.id)) continue;
    return el.id;
  }
  return null;
}
