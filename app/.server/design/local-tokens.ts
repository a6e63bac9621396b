/**
 * Small token-tree helpers the design services need before (or beside) the shared library
 * in app/lib/design-tokens/: merging a project's overlay onto the base with each token's
 * status, and the differences between two systems.
 */
import { flattenTree } from "~/lib/design-tokens/tree";
import type { DesignSystemDoc, TokenStatus, TokenTree } from "~/lib/design-tokens/types";

const isGroup = (v: unknown): v is TokenTree => typeof v === "object" && v !== null && !Array.isArray(v);
export const isTokenNode = (v: unknown): v is TokenTree => isGroup(v) && "$value" in v;

/** Every token's path in a tree (group `$`-keys skipped). */
export function tokenPaths(tree: TokenTree, prefix = ""): string[] {
  const out: string[] = [];
  for (const [key, child] of Object.entries(tree)) {
    if (key.startsWith("$") || !isGroup(child)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isTokenNode(child)) out.push(path);
    else out.push(...tokenPaths(child, path));
  }
  return out;
}

/** `overlay` merged onto `base` token by token (overlay wins; groups merged, `$`-keys of the overlay's groups kept). */
function mergeTrees(base: TokenTree, overlay: TokenTree): TokenTree {
  const out: TokenTree = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const prev = out[key];
    out[key] = isGroup(prev) && !isTokenNode(prev) && isGroup(value) && !isTokenNode(value) ? mergeTrees(prev, value) : value;
  }
  return out;
}

/**
 * The effective document: the overlay's sets merged onto the base's sets of the same name
 * (new sets appended), its themes replacing the base's of the same name (new ones appended).
 * `status` keys are `set/path`. With `isBase`, every token is the scope's own.
 */
export function mergeDocs(
  base: DesignSystemDoc,
  overlay: DesignSystemDoc,
  isBase = false,
): { doc: DesignSystemDoc; status: Map<string, TokenStatus> } {
  const status = new Map<string, TokenStatus>();
  const sets = base.sets.map((s) => ({ name: s.name, tokens: s.tokens }));
  for (const s of base.sets) for (const p of tokenPaths(s.tokens)) status.set(`${s.name}/${p}`, isBase ? "own" : "inherited");
  for (const o of overlay.sets) {
    const i = sets.findIndex((s) => s.name === o.name);
    for (const p of tokenPaths(o.tokens)) status.set(`${o.name}/${p}`, status.has(`${o.name}/${p}`) ? "overridden" : "own");
    if (i === -1) sets.push({ name: o.name, tokens: o.tokens });
    else sets[i] = { name: o.name, tokens: mergeTrees(sets[i]!.tokens, o.tokens) };
  }
  const themes = base.themes.map((t) => overlay.themes.find((o) => o.name === t.name) ?? t);
  for (const t of overlay.themes) if (!themes.some((x) => x.name === t.name)) themes.push(t);
  return { doc: { sets, themes }, status };
}

export type DiffEntry = { path: string; set: string; type: string | undefined; value: unknown };
export type SystemDiff = {
  added: DiffEntry[];
  removed: DiffEntry[];
  changed: { path: string; set: string; before: unknown; after: unknown; beforeType: string | undefined; afterType: string | undefined }[];
  breaking: { path: string; set: string; reason: string }[];
};

function entries(doc: DesignSystemDoc): Map<string, DiffEntry> {
  const out = new Map<string, DiffEntry>();
  for (const s of doc.sets) {
    for (const t of flattenTree(s.tokens, s.name))
      out.set(`${s.name}/${t.path}`, { path: t.path, set: s.name, type: t.type, value: t.value });
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed from `a` to `b`, token by token and set by set: added, removed and changed tokens
 * (old and new values), and the breaking changes a consumer of `a` would hit (a removed token, a
 * renamed one, named with its new path when one token with the same value took its place, and a
 * changed type).
 */
export function diffDocs(a: DesignSystemDoc, b: DesignSystemDoc): SystemDiff {
  const before = entries(a);
  const after = entries(b);
  const diff: SystemDiff = { added: [], removed: [], changed: [], breaking: [] };
  for (const [key, e] of after) if (!before.has(key)) diff.added.push(e);
  for (const [key, e] of before) {
    const next = after.get(key);
    if (!next) {
      diff.removed.push(e);
      const successor = diff.added.filter((x) => x.set === e.set && x.type === e.type && same(x.value, e.value));
      diff.breaking.push({
        path: e.path,
        set: e.set,
        reason: successor.length === 1 ? `Renamed to ${successor[0]!.path}` : "Removed",
      });
      continue;
    }
    if (!same(e.value, next.value) || e.type !== next.type) {
      diff.changed.push({ path: e.path, set: e.set, before: e.value, after: next.value, beforeType: e.type, afterType: next.type });
      if (e.type !== next.type)
        diff.breaking.push({ path: e.path, set: e.set, reason: `Type changed from ${e.type ?? "none"} to ${next.type ?? "none"}` });
    }
  }
  return diff;
}
