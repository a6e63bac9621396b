/**
 * The token list of the design manager, a page at a time: the scope's tokens set by set, narrowed
 * by a group (a set's top-level group, such as `core/color`) and a text filter, cut into pages.
 * Pure and browser-safe; the page's loader works out only the visible tokens' values.
 */
import { flatten } from "./tree";
import type { FlatToken, TokenSet } from "./types";

/** Tokens per page: large enough that a usual system shows whole, small enough to draw fast. */
export const TOKEN_PAGE_SIZE = 150;

export type TokenGroup = { id: string; set: string; name: string; count: number };

export type TokenListing = {
  /** The visible tokens, in set order then as written. */
  rows: FlatToken[];
  /** The filter as applied (a focus outside the filter clears it). */
  q: string;
  group: string;
  page: number;
  pages: number;
  /** Tokens matching the filter (all pages), and in the whole system. */
  matching: number;
  total: number;
  /** Every set's top-level groups with their counts, for the group choice. */
  groups: TokenGroup[];
  /** Tokens per set in the whole system. */
  setCounts: Record<string, number>;
  /** `set:path` of the token to show (after a save), when it is on this page. */
  focus: string | null;
};

const topGroup = (path: string) => {
  const dot = path.indexOf(".");
  return dot === -1 ? path : path.slice(0, dot);
};

/** `set/group` as the `group` query parameter names it. */
export const groupId = (set: string, path: string) => `${set}/${topGroup(path)}`;

const matches = (t: FlatToken, q: string) =>
  t.path.toLowerCase().includes(q) || t.type.toLowerCase().includes(q) || (t.description ?? "").toLowerCase().includes(q);

/**
 * One page of the token list. `focus` (`set:path`, e.g. the token just saved) picks the page it is
 * on, and drops the filter when the filter hides it; a page past the end shows the last one.
 */
export function listTokens(
  sets: TokenSet[],
  opts: { q?: string | null; group?: string | null; page?: number | string | null; focus?: string | null; pageSize?: number },
): TokenListing {
  const size = opts.pageSize ?? TOKEN_PAGE_SIZE;
  const all = sets.flatMap((s) => flatten(s));
  const groups = new Map<string, TokenGroup>();
  const setCounts: Record<string, number> = Object.fromEntries(sets.map((s) => [s.name, 0]));
  for (const t of all) {
    setCounts[t.set] = (setCounts[t.set] ?? 0) + 1;
    const id = groupId(t.set, t.path);
    const g = groups.get(id);
    if (g) g.count++;
    else groups.set(id, { id, set: t.set, name: topGroup(t.path), count: 1 });
  }
  let q = (opts.q ?? "").trim().slice(0, 200);
  let group = opts.group && groups.has(opts.group) ? opts.group : "";
  const select = () => all.filter((t) => (!group || groupId(t.set, t.path) === group) && (!q || matches(t, q.toLowerCase())));
  let chosen = select();
  const focusKey = opts.focus && opts.focus.includes(":") ? opts.focus : null;
  const isFocus = (t: FlatToken) => `${t.set}:${t.path}` === focusKey;
  let at = focusKey ? chosen.findIndex(isFocus) : -1;
  if (focusKey && at === -1 && all.some(isFocus)) {
    q = "";
    group = "";
    chosen = all;
    at = chosen.findIndex(isFocus);
  }
  const pages = Math.max(1, Math.ceil(chosen.length / size));
  const asked = Math.floor(Number(opts.page) || 1);
  const page = at >= 0 ? Math.floor(at / size) + 1 : Math.min(Math.max(1, asked), pages);
  return {
    rows: chosen.slice((page - 1) * size, page * size),
    q,
    group,
    page,
    pages,
    matching: chosen.length,
    total: all.length,
    groups: [...groups.values()],
    setCounts,
    focus: at >= 0 ? focusKey : null,
  };
}
