/**
 * Pure operations on one DTCG token tree (a set's `tokens`): flatten with group `$type` inherited,
 * read, write, delete and move tokens or groups. Every function returns a new tree and copies only
 * the objects on the path it changes; `$`-keys (`$extensions`, `$description`, …) are kept verbatim.
 */
import { TOKEN_TYPES, type FlatToken, type TokenSet, type TokenTree, type TokenType } from "./types";

/** An error a user can act on, placed at a token path. */
export class DesignTokenError extends Error {
  constructor(
    message: string,
    public path: string,
  ) {
    super(message);
    this.name = "DesignTokenError";
  }
}

/** A token node as stored: `$value` plus the optional `$`-keys. */
export type TokenNode = {
  $value: unknown;
  $type?: TokenType;
  $description?: string;
  $deprecated?: boolean | string;
  $extensions?: Record<string, unknown>;
  [key: `$${string}`]: unknown;
};

/** DTCG 2025.10 names a group's own token `$root`; every other `$`-key is a property. */
export const ROOT_TOKEN = "$root";

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export const isTokenNode = (v: unknown): v is TokenNode => isObject(v) && "$value" in v;

export const isTokenType = (v: unknown): v is TokenType => typeof v === "string" && (TOKEN_TYPES as readonly string[]).includes(v);

/** Child names of a group: its non-`$` keys, plus `$root` when it holds a token. */
export function childKeys(group: Record<string, unknown>): string[] {
  return Object.keys(group).filter((k) => !k.startsWith("$") || (k === ROOT_TOKEN && isTokenNode(group[k])));
}

export const splitPath = (path: string): string[] => (path === "" ? [] : path.split("."));

/** A whole-value alias `{a.b.c}` -> `a.b.c`, or null. */
export function aliasTarget(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const m = /^\{([^{}]+)\}$/.exec(value.trim());
  return m ? m[1] : null;
}

/** The token type a token's value suggests when neither it nor its groups say (legacy files). */
export function inferType(value: unknown): TokenType | undefined {
  if (typeof value === "number") return "number";
  if (isObject(value)) {
    if ("colorSpace" in value) return "color";
    if ("unit" in value && "value" in value) return value.unit === "ms" || value.unit === "s" ? "duration" : "dimension";
    if ("fontFamily" in value || "fontSize" in value) return "typography";
    if ("offsetX" in value || "blur" in value) return "shadow";
    if ("width" in value && "style" in value) return "border";
    if ("duration" in value && "timingFunction" in value) return "transition";
  }
  if (Array.isArray(value) && value.length === 4 && value.every((n) => typeof n === "number")) return "cubicBezier";
  if (typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value.trim())) return "color";
  return undefined;
}

/** A flattened token whose type may be unknown yet (an untyped alias takes its target's type). */
export type RawFlatToken = Omit<FlatToken, "type"> & { type?: TokenType };

/** Every token of a tree, depth first in key order, with group `$type` inherited. */
export function flattenTree(tree: TokenTree, set = ""): RawFlatToken[] {
  const out: RawFlatToken[] = [];
  const walk = (node: Record<string, unknown>, prefix: string[], inherited: TokenType | undefined) => {
    const groupType = isTokenType(node.$type) ? node.$type : inherited;
    for (const key of childKeys(node)) {
      const child = node[key];
      if (!isObject(child)) continue;
      const path = [...prefix, key];
      if (isTokenNode(child)) {
        const own = isTokenType(child.$type) ? child.$type : undefined;
        const token: RawFlatToken = { path: path.join("."), set, value: child.$value };
        const type = own ?? groupType ?? (aliasTarget(child.$value) ? undefined : inferType(child.$value));
        if (type) token.type = type;
        if (typeof child.$description === "string") token.description = child.$description;
        if (typeof child.$deprecated === "boolean" || typeof child.$deprecated === "string") token.deprecated = child.$deprecated;
        if (isObject(child.$extensions)) token.extensions = child.$extensions;
        out.push(token);
      } else {
        walk(child, path, groupType);
      }
    }
  };
  walk(tree, [], undefined);
  return out;
}

/**
 * Every token of a set. A token whose type neither it, its groups nor its value say (an untyped
 * alias) gets its target's type when that is in the same set, else "number"; `resolveTheme` types
 * such aliases across sets.
 */
export function flatten(set: TokenSet): FlatToken[] {
  const raw = flattenTree(set.tokens, set.name);
  const byPath = new Map(raw.map((t) => [t.path, t]));
  const typeOf = (t: RawFlatToken, seen: Set<string>): TokenType | undefined => {
    if (t.type) return t.type;
    const target = aliasTarget(t.value);
    if (!target || seen.has(target)) return undefined;
    const next = byPath.get(target);
    return next ? typeOf(next, new Set(seen).add(target)) : undefined;
  };
  return raw.map((t) => ({ ...t, type: typeOf(t, new Set([t.path])) ?? "number" }));
}

/** The node (token or group) at a path, or undefined. */
export function getNode(tree: TokenTree, path: string): unknown {
  let node: unknown = tree;
  for (const key of splitPath(path)) {
    if (!isObject(node) || isTokenNode(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** The token at a path, or undefined (a group is not a token). */
export function getToken(tree: TokenTree, path: string): TokenNode | undefined {
  const node = getNode(tree, path);
  return isTokenNode(node) ? node : undefined;
}

/** The `$type` a new token at `path` would inherit from its groups. */
export function inheritedType(tree: TokenTree, path: string): TokenType | undefined {
  let node: unknown = tree;
  let type: TokenType | undefined;
  for (const key of splitPath(path).slice(0, -1)) {
    if (!isObject(node)) return type;
    if (isTokenType(node.$type)) type = node.$type;
    node = node[key];
  }
  if (isObject(node) && isTokenType(node.$type)) type = node.$type;
  return type;
}

const NAME_RULE = /^[^$.{}][^.{}]*$/;

/** A message when one name (a path segment) is not allowed, else null. */
export function checkName(name: string): string | null {
  if (name === ROOT_TOKEN || NAME_RULE.test(name)) return null;
  return name.startsWith("$")
    ? `A name may not start with "$" (${name}).`
    : `A name may not be empty or contain ".", "{" or "}" (${name}).`;
}

/** A message when a path is not a valid token path, else null. */
export function checkPath(path: string): string | null {
  if (path.trim() === "") return "A token needs a name.";
  for (const part of splitPath(path)) {
    const bad = checkName(part);
    if (bad) return bad;
  }
  return null;
}

/** Replace the node at `path` (undefined removes it), copying the objects along the way. */
function updateAt(tree: TokenTree, path: string, fn: (existing: unknown) => unknown, { create }: { create: boolean }): TokenTree {
  const parts = splitPath(path);
  if (parts.length === 0) throw new DesignTokenError("A token needs a name.", path);
  const rec = (node: Record<string, unknown>, i: number): Record<string, unknown> => {
    const key = parts[i];
    const copy = { ...node };
    if (i === parts.length - 1) {
      const next = fn(node[key]);
      if (next === undefined) delete copy[key];
      else copy[key] = next;
      return copy;
    }
    const child = node[key];
    if (isTokenNode(child)) throw new DesignTokenError(`${parts.slice(0, i + 1).join(".")} is a token, not a group.`, path);
    if (!isObject(child)) {
      if (!create) throw new DesignTokenError(`No token or group at ${path}.`, path);
      copy[key] = rec({}, i + 1);
      return copy;
    }
    const updated = rec(child, i + 1);
    if (Object.keys(updated).length === 0) delete copy[key];
    else copy[key] = updated;
    return copy;
  };
  return rec(tree, 0);
}

/** Put a token at `path` (replacing a token there; creating groups on the way). */
export function setToken(tree: TokenTree, path: string, token: TokenNode): TokenTree {
  const bad = checkPath(path);
  if (bad) throw new DesignTokenError(bad, path);
  if (!isTokenNode(token)) throw new DesignTokenError("A token needs a $value.", path);
  return updateAt(
    tree,
    path,
    (existing) => {
      if (isObject(existing) && !isTokenNode(existing)) throw new DesignTokenError(`${path} is a group, not a token.`, path);
      return token;
    },
    { create: true },
  );
}

/** Remove the token or group at `path` (groups left empty are removed too). */
export function deleteToken(tree: TokenTree, path: string): TokenTree {
  if (getNode(tree, path) === undefined || path === "") throw new DesignTokenError(`No token or group at ${path}.`, path);
  return updateAt(tree, path, () => undefined, { create: false });
}

/** Give a token or group the type it inherited, so it keeps it under another group. */
function keepInheritedType(node: unknown, type: TokenType | undefined): unknown {
  if (!type || !isObject(node) || isTokenType(node.$type)) return node;
  return { $type: type, ...node };
}

/** Move a token or a group to another path; refuses an existing target or a move into itself. */
export function moveToken(tree: TokenTree, from: string, to: string): TokenTree {
  const node = getNode(tree, from);
  if (node === undefined || from === "") throw new DesignTokenError(`No token or group at ${from}.`, from);
  const bad = checkPath(to);
  if (bad) throw new DesignTokenError(bad, to);
  if (from === to) return tree;
  if (to.startsWith(`${from}.`)) throw new DesignTokenError(`${from} cannot move into itself.`, to);
  if (getNode(tree, to) !== undefined) throw new DesignTokenError(`${to} already exists.`, to);
  const before = inheritedType(tree, from);
  const without = deleteToken(tree, from);
  const after = inheritedType(without, to);
  const moved = before !== after ? keepInheritedType(node, before) : node;
  return updateAt(without, to, () => moved, { create: true });
}

/** Every path of a tree that is a token or a group (groups first), for pickers and renames. */
export function listPaths(tree: TokenTree): { path: string; kind: "token" | "group" }[] {
  const out: { path: string; kind: "token" | "group" }[] = [];
  const walk = (node: Record<string, unknown>, prefix: string[]) => {
    for (const key of childKeys(node)) {
      const child = node[key];
      if (!isObject(child)) continue;
      const path = [...prefix, key];
      if (isTokenNode(child)) out.push({ path: path.join("."), kind: "token" });
      else {
        out.push({ path: path.join("."), kind: "group" });
        walk(child, path);
      }
    }
  };
  walk(tree, []);
  return out;
}
