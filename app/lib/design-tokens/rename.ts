/**
 * Rename a token or a whole group in every set of a system, rewriting every alias that points at it
 * (whole values, composite parts, and the paths in `$extensions["app.atelier"].pairsWith`).
 */
import { aliasTarget, checkPath, DesignTokenError, flattenTree, getNode, isObject, isTokenNode, moveToken } from "./tree";
import type { DesignSystemDoc, TokenTree } from "./types";

export const APP_EXTENSION = "app.atelier";

/** A value with every alias in `map` (old path -> new path) rewritten; the same object when none is. */
export function rewriteAliases(value: unknown, map: Map<string, string>): unknown {
  const target = aliasTarget(value);
  if (target !== null) {
    const next = map.get(target);
    return next ? `{${next}}` : value;
  }
  if (Array.isArray(value)) {
    const out = value.map((v) => rewriteAliases(v, map));
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  if (isObject(value)) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = rewriteAliases(v, map);
      if (out[k] !== v) changed = true;
    }
    return changed ? out : value;
  }
  return value;
}

function rewritePairs(ext: unknown, map: Map<string, string>): unknown {
  if (!isObject(ext) || !isObject(ext[APP_EXTENSION])) return ext;
  const app = ext[APP_EXTENSION];
  const pairs = app.pairsWith;
  const list = typeof pairs === "string" ? [pairs] : Array.isArray(pairs) ? pairs : null;
  if (!list || !list.some((p) => typeof p === "string" && map.has(p))) return ext;
  const renamed = list.map((p) => (typeof p === "string" ? (map.get(p) ?? p) : p));
  return { ...ext, [APP_EXTENSION]: { ...app, pairsWith: typeof pairs === "string" ? renamed[0] : renamed } };
}

/** Every token of a tree with its aliases rewritten (new objects only where something changed). */
export function rewriteTree(tree: TokenTree, map: Map<string, string>): TokenTree {
  let changed = false;
  const out: TokenTree = {};
  for (const [key, node] of Object.entries(tree)) {
    let next = node;
    if (isTokenNode(node)) {
      const value = rewriteAliases(node.$value, map);
      const ext = rewritePairs(node.$extensions, map);
      if (value !== node.$value || ext !== node.$extensions)
        next = { ...node, $value: value, ...(ext !== undefined ? { $extensions: ext } : {}) };
    } else if (isObject(node) && !key.startsWith("$")) {
      next = rewriteTree(node, map);
    }
    if (next !== node) changed = true;
    out[key] = next;
  }
  return changed ? out : tree;
}

export function renameToken(doc: DesignSystemDoc, from: string, to: string): { doc: DesignSystemDoc; renamed: Array<[string, string]> } {
  const bad = checkPath(to);
  if (bad) throw new DesignTokenError(bad, to);
  if (from === to) return { doc, renamed: [] };
  const holding = doc.sets.filter((s) => getNode(s.tokens, from) !== undefined);
  if (holding.length === 0) throw new DesignTokenError(`No token or group at ${from}.`, from);
  if (to.startsWith(`${from}.`)) throw new DesignTokenError(`${from} cannot move into itself.`, to);
  const taken = doc.sets.find((s) => getNode(s.tokens, to) !== undefined);
  if (taken) throw new DesignTokenError(`${to} already exists (set ${taken.name}).`, to);

  const map = new Map<string, string>();
  for (const s of holding) {
    const node = getNode(s.tokens, from);
    if (isTokenNode(node)) map.set(from, to);
    else for (const t of flattenTree(s.tokens)) if (t.path.startsWith(`${from}.`)) map.set(t.path, `${to}${t.path.slice(from.length)}`);
  }
  const sets = doc.sets.map((s) => {
    const moved = getNode(s.tokens, from) !== undefined ? moveToken(s.tokens, from, to) : s.tokens;
    const tokens = rewriteTree(moved, map);
    return tokens === s.tokens ? s : { ...s, tokens };
  });
  return { doc: { ...doc, sets }, renamed: [...map.entries()] };
}
