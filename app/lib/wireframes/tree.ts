import type { WireframeDocument, WireframeElement } from "./document";
import { compareOrder } from "./order";

/**
 * The element tree of a document: groups are elements that others name as `parentId`, and
 * siblings are ordered by their fractional `order` key (decision 013).
 */

/** The children of `parentId` (null: the screen's top level), low z-order first. */
export function childrenOf(doc: WireframeDocument, screenId: string, parentId: string | null): WireframeElement[] {
  const out: WireframeElement[] = [];
  for (const e of Object.values(doc.elements)) if (e.screenId === screenId && e.parentId === parentId) out.push(e);
  return out.sort(compareOrder);
}

/** Parent id -> children, sorted, for one pass over a screen (the renderer, the layers panel). */
export function childIndex(elements: Record<string, WireframeElement>, screenId?: string): Map<string | null, WireframeElement[]> {
  const index = new Map<string | null, WireframeElement[]>();
  for (const e of Object.values(elements)) {
    if (screenId !== undefined && e.screenId !== screenId) continue;
    const list = index.get(e.parentId);
    if (list) list.push(e);
    else index.set(e.parentId, [e]);
  }
  for (const list of index.values()) list.sort(compareOrder);
  return index;
}

/** Every element inside group `id`, at any depth, parents before their children. */
export function descendantsOf(doc: { elements: Record<string, WireframeElement> }, id: string): WireframeElement[] {
  return treeOrder(doc.elements, undefined, id);
}

/**
 * Elements in tree order, parents before their children, siblings low z-order first: all of
 * them (or one screen's), or those under `rootId`.
 */
export function treeOrder(elements: Record<string, WireframeElement>, screenId?: string, rootId: string | null = null): WireframeElement[] {
  const index = childIndex(elements, screenId);
  const out: WireframeElement[] = [];
  const walk = (parentId: string | null) => {
    for (const child of index.get(parentId) ?? []) {
      out.push(child);
      walk(child.id);
    }
  };
  walk(rootId);
  return out;
}
