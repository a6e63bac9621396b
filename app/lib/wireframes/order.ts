import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";
import type { Op, WireframeDocument, WireframeElement } from "./document";

/**
 * Z-order among siblings (same screen and parent): fractional-index keys compared as plain
 * strings, low first. Moving an element writes its one `order`; ties (two concurrent moves
 * to the same gap) fall back to the id, so everyone sees one order.
 */

/** A key after `a` and before `b` (null: the start or the end). */
export function keyBetween(a: string | null, b: string | null): string {
  return generateKeyBetween(a, b);
}

/** `n` increasing keys between `a` and `b`. */
export function keysBetween(a: string | null, b: string | null, n: number): string[] {
  return generateNKeysBetween(a, b, n);
}

/** The sort of siblings: by key, then by id. */
export function compareOrder(a: { order: string; id: string }, b: { order: string; id: string }): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The siblings of an element (itself included), sorted low to high. */
function siblingsOf(doc: WireframeDocument, el: WireframeElement): WireframeElement[] {
  const out: WireframeElement[] = [];
  for (const e of Object.values(doc.elements)) if (e.screenId === el.screenId && e.parentId === el.parentId) out.push(e);
  return out.sort(compareOrder);
}

/** Groups the selected ids by sibling set (screen + parent). */
function bySiblingSet(doc: WireframeDocument, ids: string[]): WireframeElement[][] {
  const sets = new Map<string, WireframeElement[]>();
  for (const id of new Set(ids)) {
    const el = doc.elements[id];
    if (!el) continue;
    const k = `${el.screenId}\u0000${el.parentId ?? ""}`;
    const list = sets.get(k) ?? [];
    list.push(el);
    sets.set(k, list);
  }
  return [...sets.values()];
}

const setOrder = (id: string, order: string): Op => ({ op: "set-element", id, key: "order", value: order });

/**
 * Re-keys `moved` (in their current relative order) into the gap between `lo` and `hi`.
 * If two siblings share a key (concurrent moves), the gap may be empty: then the run
 * from `lo` to `hi` inclusive is re-keyed.
 */
function placeBetween(moved: WireframeElement[], lo: string | null, hi: string | null): Op[] {
  if (lo !== null && hi !== null && lo >= hi) return [];
  const keys = keysBetween(lo, hi, moved.length);
  return moved.map((el, i) => setOrder(el.id, keys[i]!));
}

function move(doc: WireframeDocument, ids: string[], where: "forward" | "backward" | "front" | "back"): Op[] {
  const ops: Op[] = [];
  for (const group of bySiblingSet(doc, ids)) {
    const siblings = siblingsOf(doc, group[0]!);
    const selected = new Set(group.map((e) => e.id));
    const moved = siblings.filter((e) => selected.has(e.id));
    const rest = siblings.filter((e) => !selected.has(e.id));
    if (rest.length === 0) continue;
    let target: WireframeElement[];
    if (where === "front") target = [...rest, ...moved];
    else if (where === "back") target = [...moved, ...rest];
    else {
      // Each selected element steps past its next unselected neighbour (above or below).
      target = [...siblings];
      const swap = (i: number, j: number) => ([target[i], target[j]] = [target[j]!, target[i]!]);
      if (where === "forward") {
        for (let i = target.length - 2; i >= 0; i--) if (selected.has(target[i]!.id) && !selected.has(target[i + 1]!.id)) swap(i, i + 1);
      } else {
        for (let i = 1; i < target.length; i++) if (selected.has(target[i]!.id) && !selected.has(target[i - 1]!.id)) swap(i, i - 1);
      }
    }
    ops.push(...reorder(target, selected));
  }
  return ops;
}

/**
 * Ops that give `target` (every sibling, in the wanted order) that order, writing new keys
 * only for the selected elements, in the gap left by their unselected neighbours.
 */
function reorder(target: WireframeElement[], selected: Set<string>): Op[] {
  const ops: Op[] = [];
  let i = 0;
  while (i < target.length) {
    if (!selected.has(target[i]!.id)) {
      i++;
      continue;
    }
    let j = i;
    while (j < target.length && selected.has(target[j]!.id)) j++;
    const lo = i > 0 ? target[i - 1]!.order : null;
    const hi = j < target.length ? target[j]!.order : null;
    const run = target.slice(i, j);
    if (fits(run, lo, hi)) {
      i = j;
      continue;
    }
    const placed = placeBetween(run, lo, hi);
    // Equal neighbouring keys (two concurrent moves) leave no gap: re-key the whole set.
    if (placed.length !== run.length) return rekeyAll(target);
    ops.push(...placed);
    i = j;
  }
  return ops;
}

/** The run's keys already sort between its neighbours (nothing to write). */
function fits(run: WireframeElement[], lo: string | null, hi: string | null): boolean {
  let prev = lo;
  for (const el of run) {
    if (prev !== null && !(el.order > prev)) return false;
    prev = el.order;
  }
  return hi === null || prev === null || prev < hi;
}

/** Fresh, evenly spaced keys for every sibling (only when duplicate keys leave no gap). */
function rekeyAll(target: WireframeElement[]): Op[] {
  const keys = keysBetween(null, null, target.length);
  return target.map((el, i) => setOrder(el.id, keys[i]!));
}

/** One step up the z-order, past the next sibling above. */
export const bringForward = (doc: WireframeDocument, ids: string[]): Op[] => move(doc, ids, "forward");
/** One step down the z-order, past the next sibling below. */
export const sendBackward = (doc: WireframeDocument, ids: string[]): Op[] => move(doc, ids, "backward");
/** Above every sibling. */
export const bringToFront = (doc: WireframeDocument, ids: string[]): Op[] => move(doc, ids, "front");
/** Below every sibling. */
export const sendToBack = (doc: WireframeDocument, ids: string[]): Op[] => move(doc, ids, "back");

/** The key for a new element placed on top of its siblings. */
export function topKey(doc: WireframeDocument, screenId: string, parentId: string | null): string {
  let max: string | null = null;
  for (const e of Object.values(doc.elements)) {
    if (e.screenId === screenId && e.parentId === parentId && (max === null || e.order > max)) max = e.order;
  }
  return keyBetween(max, null);
}

/** The key for a new screen after the last one. */
export function lastScreenKey(doc: WireframeDocument): string {
  let max: string | null = null;
  for (const s of Object.values(doc.screens)) if (max === null || s.order > max) max = s.order;
  return keyBetween(max, null);
}
