/**
 * A project's system over the workspace's base: the overlay's sets override the base's sets of the
 * same name token by token, its new sets and themes are added, and each token path is marked
 * inherited (base only), overridden (both) or own (overlay only).
 */
import { flattenTree, isObject, isTokenNode } from "./tree";
import type { DesignSystemDoc, TokenStatus, TokenTree } from "./types";

/** Two token trees merged: a token of `over` replaces the one of `base`; groups merge key by key. */
export function mergeTrees(base: TokenTree, over: TokenTree): TokenTree {
  const out: TokenTree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const mine = out[key];
    const bothGroups = !key.startsWith("$") && isObject(mine) && isObject(value) && !isTokenNode(mine) && !isTokenNode(value);
    out[key] = bothGroups ? mergeTrees(mine, value) : value;
  }
  return out;
}

export function mergeSystems(base: DesignSystemDoc, overlay: DesignSystemDoc): { doc: DesignSystemDoc; status: Map<string, TokenStatus> } {
  const overSets = new Map(overlay.sets.map((s) => [s.name, s]));
  const sets = base.sets.map((s) => {
    const o = overSets.get(s.name);
    return o ? { name: s.name, tokens: mergeTrees(s.tokens, o.tokens) } : s;
  });
  const baseNames = new Set(base.sets.map((s) => s.name));
  for (const s of overlay.sets) if (!baseNames.has(s.name)) sets.push(s);

  const overThemes = new Map(overlay.themes.map((t) => [t.name, t]));
  const themes = base.themes.map((t) => overThemes.get(t.name) ?? t);
  const baseThemes = new Set(base.themes.map((t) => t.name));
  for (const t of overlay.themes) if (!baseThemes.has(t.name)) themes.push(t);

  const basePaths = new Set(base.sets.flatMap((s) => flattenTree(s.tokens).map((t) => t.path)));
  const overPaths = new Set(overlay.sets.flatMap((s) => flattenTree(s.tokens).map((t) => t.path)));
  const status = new Map<string, TokenStatus>();
  for (const p of basePaths) status.set(p, overPaths.has(p) ? "overridden" : "inherited");
  for (const p of overPaths) if (!basePaths.has(p)) status.set(p, "own");
  return { doc: { sets, themes }, status };
}
