/**
 * Design tokens inside wireframe documents: elements and screens refer to tokens by path
 * (`{ token: "color.brand.500" }`, also inside textStyle, overrides and any later property).
 * When the design system renames tokens, `renameTokenRefs` gives the patch that makes a
 * document follow, so the rename reaches open editors through the usual co-editing path.
 */
import { isTokenRef, type Op, type WireframeDocument } from "./document";

/** The value with every token reference of a renamed token rewritten (the same object when nothing changed). */
function rewrite(value: unknown, renamed: Map<string, string>): unknown {
  if (isTokenRef(value)) {
    const to = renamed.get(value.token);
    return to === undefined ? value : { ...value, token: to };
  }
  if (Array.isArray(value)) {
    const next = value.map((v) => rewrite(v, renamed));
    return next.some((v, i) => v !== value[i]) ? next : value;
  }
  if (typeof value === "object" && value !== null) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      next[k] = rewrite(v, renamed);
      if (next[k] !== v) changed = true;
    }
    return changed ? next : value;
  }
  return value;
}

/** The ops that point every reference to a renamed token (`[oldPath, newPath]` pairs) at its new path. */
export function renameTokenRefs(doc: WireframeDocument, renamed: ReadonlyArray<readonly [string, string]>): Op[] {
  const map = new Map(renamed.map(([from, to]) => [from, to] as [string, string]));
  if (map.size === 0) return [];
  const ops: Op[] = [];
  for (const screen of Object.values(doc.screens)) {
    for (const [key, value] of Object.entries(screen)) {
      const next = rewrite(value, map);
      if (next !== value) ops.push({ op: "set-screen", id: screen.id, key, value: next });
    }
  }
  for (const element of Object.values(doc.elements)) {
    for (const [key, value] of Object.entries(element)) {
      const next = rewrite(value, map);
      if (next !== value) ops.push({ op: "set-element", id: element.id, key, value: next });
    }
  }
  return ops;
}
