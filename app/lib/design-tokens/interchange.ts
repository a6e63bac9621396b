/**
 * Files in and out: DTCG JSON (one theme's tokens in one file), Tokens Studio's multi-set layout
 * (`$themes`, `$metadata.tokenSetOrder`, also with its legacy `value`/`type` keys), and the import
 * of either. Keys are written in one fixed order, so export → import → export gives the same bytes.
 */
import { DEFAULT_THEME, themeSets } from "./resolve";
import { mergeTrees } from "./inherit";
import { APP_EXTENSION } from "./rename";
import { childKeys, isObject, isTokenNode, isTokenType, ROOT_TOKEN } from "./tree";
import type { DesignIssue, DesignSystemDoc, Theme, TokenSet, TokenTree, TokenType } from "./types";
import { checkSystem, validateSet } from "./validate";

// ---------------------------------------------------------------- key order

const TOKEN_KEYS = ["$type", "$value", "$description", "$deprecated", "$extensions"];
const GROUP_KEYS = ["$type", "$description", "$deprecated", "$extensions"];
const VALUE_KEYS = [
  "colorSpace",
  "components",
  "alpha",
  "hex",
  "value",
  "unit",
  "fontFamily",
  "fontSize",
  "fontWeight",
  "letterSpacing",
  "lineHeight",
  "color",
  "offsetX",
  "offsetY",
  "blur",
  "spread",
  "inset",
  "width",
  "style",
  "duration",
  "delay",
  "timingFunction",
  "position",
  "dashArray",
  "lineCap",
];
const collator = new Intl.Collator("en", { numeric: true });
const natural = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

function orderKeys(keys: string[], first: string[]): string[] {
  const known = first.filter((k) => keys.includes(k));
  return [...known, ...keys.filter((k) => !first.includes(k)).sort(natural)];
}

/** A JSON value with every object's keys in a fixed order (arrays keep theirs). */
function sortDeep(v: unknown, first: string[] = []): unknown {
  if (Array.isArray(v)) return v.map((x) => sortDeep(x, first));
  if (!isObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of orderKeys(Object.keys(v), first)) if (v[k] !== undefined) out[k] = sortDeep(v[k], first);
  return out;
}

/** A token tree in the export order: `$`-properties first, then `$root`, then children by name. */
export function sortTree(tree: Record<string, unknown>): TokenTree {
  if (isTokenNode(tree)) {
    const node: Record<string, unknown> = tree;
    const out: Record<string, unknown> = {};
    for (const k of orderKeys(Object.keys(node), TOKEN_KEYS)) out[k] = k === "$value" ? sortDeep(node[k], VALUE_KEYS) : sortDeep(node[k]);
    return out;
  }
  const out: Record<string, unknown> = {};
  const children = childKeys(tree);
  const props = Object.keys(tree).filter((k) => !children.includes(k));
  for (const k of orderKeys(props, GROUP_KEYS)) out[k] = sortDeep(tree[k]);
  for (const k of orderKeys(children, [ROOT_TOKEN])) {
    const child = tree[k];
    out[k] = isObject(child) ? sortTree(child) : child;
  }
  return out;
}

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

// ---------------------------------------------------------------- export

/** The tokens of one theme (the first when none is named) merged into one DTCG tree. */
export function themeTree(doc: DesignSystemDoc, theme?: string): TokenTree {
  return themeSets(doc, theme).reduce<TokenTree>((acc, s) => mergeTrees(acc, s.tokens), {});
}

/** The name of the theme a DTCG export carries. */
export const exportThemeName = (doc: DesignSystemDoc, theme?: string) => theme ?? doc.themes[0]?.name ?? DEFAULT_THEME;

/**
 * One DTCG 2025.10 file: the theme's sets merged (a later set wins), the theme's name kept in the
 * root `$extensions["app.atelier"].theme`. Deterministic: fixed key order, 2-space indent.
 */
export function toDtcgJson(doc: DesignSystemDoc, { theme }: { theme?: string } = {}): string {
  const tree = themeTree(doc, theme);
  const ext = isObject(tree.$extensions) ? tree.$extensions : {};
  const app = isObject(ext[APP_EXTENSION]) ? ext[APP_EXTENSION] : {};
  const withName = { ...tree, $extensions: { ...ext, [APP_EXTENSION]: { ...app, theme: exportThemeName(doc, theme) } } };
  return json(sortTree(withName));
}

/** Tokens Studio's multi-set layout: one key per set, `$themes` and `$metadata.tokenSetOrder`. */
export function toTokensStudioJson(doc: DesignSystemDoc): string {
  const out: Record<string, unknown> = {};
  for (const s of doc.sets) out[s.name] = sortTree(s.tokens);
  out.$themes = doc.themes.map((t) => ({
    id: t.name,
    name: t.name,
    selectedTokenSets: Object.fromEntries([
      ...t.sets.map((n) => [n, "enabled"]),
      ...doc.sets.filter((s) => !t.sets.includes(s.name)).map((s) => [s.name, "disabled"]),
    ]),
  }));
  out.$metadata = { tokenSetOrder: doc.sets.map((s) => s.name) };
  return json(out);
}

// ---------------------------------------------------------------- import

/** Tokens Studio type names -> DTCG types. */
const STUDIO_TYPES: Record<string, TokenType> = {
  color: "color",
  dimension: "dimension",
  sizing: "dimension",
  spacing: "dimension",
  borderRadius: "dimension",
  borderWidth: "dimension",
  fontSizes: "dimension",
  letterSpacing: "dimension",
  paragraphSpacing: "dimension",
  fontFamilies: "fontFamily",
  fontWeights: "fontWeight",
  lineHeights: "number",
  opacity: "number",
  number: "number",
  boxShadow: "shadow",
  typography: "typography",
  border: "border",
  duration: "duration",
};
const STUDIO_TYPOGRAPHY_EXTRAS = ["paragraphSpacing", "paragraphIndent", "textCase", "textDecoration"];

/** Does any node use Tokens Studio's legacy `value` key? */
function hasLegacyTokens(node: unknown, depth = 0): boolean {
  if (!isObject(node) || depth > 64) return false;
  if ("value" in node && !("$value" in node) && (typeof node.type === "string" || !hasGroupsInside(node))) return true;
  return Object.entries(node).some(([k, v]) => !k.startsWith("$") && hasLegacyTokens(v, depth + 1));
}
const hasGroupsInside = (node: Record<string, unknown>) =>
  Object.entries(node).some(([k, v]) => k !== "value" && isObject(v) && !k.startsWith("$"));

const percent = (v: unknown, scale: number) => {
  if (typeof v !== "string") return v;
  const m = /^(-?\d*\.?\d+)%$/.exec(v.trim());
  return m ? Number(m[1]) / scale : v;
};

/** One Tokens Studio token (legacy keys or `$`-keys, studio type names) in DTCG form. */
function studioToken(node: Record<string, unknown>, path: string, issues: DesignIssue[], set: string) {
  const legacy = !("$value" in node);
  const rawType = legacy ? node.type : node.$type;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (legacy && (k === "value" || k === "type" || k === "description")) continue;
    out[k] = v;
  }
  let value = legacy ? node.value : node.$value;
  if (legacy && typeof node.description === "string") out.$description = node.description;
  if (rawType !== undefined) {
    const type = isTokenType(rawType) ? rawType : typeof rawType === "string" ? STUDIO_TYPES[rawType] : undefined;
    if (!type) {
      issues.push({ path, set, message: `Tokens of type ${JSON.stringify(rawType)} cannot be imported.` });
      return out;
    }
    if (rawType === "lineHeights") value = percent(value, 100);
    if (rawType === "opacity") value = percent(value, 100);
    if (type === "typography" && isObject(value)) {
      const parts = value;
      const extras = Object.fromEntries(STUDIO_TYPOGRAPHY_EXTRAS.filter((k) => k in parts).map((k) => [k, parts[k]]));
      if (Object.keys(extras).length) {
        value = Object.fromEntries(Object.entries(parts).filter(([k]) => !STUDIO_TYPOGRAPHY_EXTRAS.includes(k)));
        const ext = isObject(out.$extensions) ? out.$extensions : {};
        const studio = isObject(ext["studio.tokens"]) ? ext["studio.tokens"] : {};
        out.$extensions = { ...ext, "studio.tokens": { ...studio, typography: extras } };
      }
    }
    out.$type = type;
  }
  out.$value = value;
  return sortTree(out);
}

function studioTree(node: Record<string, unknown>, prefix: string[], issues: DesignIssue[], set: string): TokenTree {
  const out: TokenTree = {};
  for (const [k, v] of Object.entries(node)) {
    const path = [...prefix, k].join(".");
    if (k.startsWith("$") || !isObject(v)) out[k] = v;
    else if ("$value" in v || ("value" in v && (typeof v.type === "string" || !hasGroupsInside(v))))
      out[k] = studioToken(v, path, issues, set);
    else out[k] = studioTree(v, [...prefix, k], issues, set);
  }
  return out;
}

export type ImportFormat = "dtcg" | "tokens-studio";
export type ImportResult = { ok: true; doc: DesignSystemDoc; format: ImportFormat } | { ok: false; issues: DesignIssue[] };

/** Where a JSON syntax error is, as "line L, column C" when the engine tells the offset. */
function jsonError(text: string, e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  const m = /position (\d+)/.exec(msg);
  if (!m) return `Not valid JSON: ${msg}`;
  const before = text.slice(0, Number(m[1]));
  const line = before.split("\n").length;
  const column = Number(m[1]) - before.lastIndexOf("\n");
  return `Not valid JSON at line ${line}, column ${column}: ${msg.replace(/ in JSON at position \d+.*$/, "")}.`;
}

/**
 * Read an uploaded file: DTCG (one set, named after the theme the file carries, or "tokens") or
 * Tokens Studio (its sets, `$themes` and `$metadata.tokenSetOrder`; legacy `value`/`type` keys and
 * studio type names converted). Values become canonical; every problem comes back with its set and path.
 */
export function parseImport(text: string): ImportResult {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (e) {
    return { ok: false, issues: [{ path: "", message: jsonError(text, e) }] };
  }
  if (!isObject(root)) return { ok: false, issues: [{ path: "", message: "Expected a JSON object of tokens." }] };

  const issues: DesignIssue[] = [];
  let sets: TokenSet[];
  let themes: Theme[] = [];
  let format: ImportFormat;

  if ("$themes" in root || "$metadata" in root) {
    format = "tokens-studio";
    const meta = isObject(root.$metadata) ? root.$metadata : {};
    const keys = Object.keys(root).filter((k) => !k.startsWith("$") && isObject(root[k]));
    const order = Array.isArray(meta.tokenSetOrder)
      ? meta.tokenSetOrder.filter((n): n is string => typeof n === "string" && keys.includes(n))
      : [];
    const names = [...order, ...keys.filter((k) => !order.includes(k))];
    sets = names.map((name) => ({ name, tokens: studioTree(root[name] as Record<string, unknown>, [], issues, name) }));
    if (root.$themes !== undefined && !Array.isArray(root.$themes))
      issues.push({ path: "$themes", message: "$themes must be a list of themes." });
    const list = Array.isArray(root.$themes) ? root.$themes : [];
    themes = list.flatMap((t, i): Theme[] => {
      if (!isObject(t) || typeof t.name !== "string" || !isObject(t.selectedTokenSets)) {
        issues.push({ path: `$themes.${i}`, message: "A theme needs a name and selectedTokenSets." });
        return [];
      }
      const selected = t.selectedTokenSets;
      const on = (n: string) => selected[n] === "enabled" || selected[n] === "source";
      return [{ name: t.name, sets: names.filter(on) }];
    });
  } else if (hasLegacyTokens(root)) {
    format = "tokens-studio";
    sets = [{ name: "tokens", tokens: studioTree(root, [], issues, "tokens") }];
  } else {
    format = "dtcg";
    const ext = isObject(root.$extensions) ? root.$extensions : undefined;
    const app = ext && isObject(ext[APP_EXTENSION]) ? ext[APP_EXTENSION] : undefined;
    const name = typeof app?.theme === "string" && app.theme.trim() !== "" ? app.theme : "tokens";
    const tokens: TokenTree = { ...root };
    if (ext && app) {
      const { theme: _theme, ...rest } = app;
      const nextExt: Record<string, unknown> = { ...ext };
      if (Object.keys(rest).length) nextExt[APP_EXTENSION] = rest;
      else delete nextExt[APP_EXTENSION];
      if (Object.keys(nextExt).length) tokens.$extensions = nextExt;
      else delete tokens.$extensions;
    }
    sets = [{ name, tokens }];
    if (app?.theme !== undefined) themes = [{ name, sets: [name] }];
  }

  const checked: TokenSet[] = [];
  for (const s of sets) {
    const v = validateSet(s.tokens);
    if (v.ok) checked.push({ name: s.name, tokens: v.set });
    else issues.push(...v.issues.map((i) => ({ ...i, set: s.name })));
  }
  if (issues.length) return { ok: false, issues };
  const doc: DesignSystemDoc = { sets: checked, themes };
  const problems = checkSystem(doc);
  return problems.length ? { ok: false, issues: problems } : { ok: true, doc, format };
}
