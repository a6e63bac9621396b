/**
 * Themes resolved: the sets a theme enables merged in order (a later set wins per token path),
 * every alias followed (whole values and composite parts), and the CSS text of any value.
 */
import { colorToCss, isDtcgColor, toHex } from "./color";
import { aliasTarget, DesignTokenError, flattenTree, isObject, type RawFlatToken } from "./tree";
import type { DesignSystemDoc, ResolvedToken, TokenSet, TokenType } from "./types";
import { FONT_WEIGHT_KEYWORDS } from "./values";

/** The theme name used when a system defines no theme (every set, in order). */
export const DEFAULT_THEME = "default";

/** The theme names of a system (or `["default"]` when it has none). */
export function themeNames(doc: DesignSystemDoc): string[] {
  return doc.themes.length > 0 ? doc.themes.map((t) => t.name) : [DEFAULT_THEME];
}

/** The sets a theme enables, in order (the first theme when none is named); without themes, every set. */
export function themeSets(doc: DesignSystemDoc, themeName?: string): TokenSet[] {
  if (doc.themes.length === 0) {
    if (themeName !== undefined && themeName !== DEFAULT_THEME) throw new DesignTokenError(`No theme named ${themeName}.`, "");
    return doc.sets;
  }
  const name = themeName ?? doc.themes[0].name;
  const theme = doc.themes.find((t) => t.name === name);
  if (!theme) throw new DesignTokenError(`No theme named ${name}.`, "");
  const byName = new Map(doc.sets.map((s) => [s.name, s]));
  return theme.sets.map((n) => byName.get(n)).filter((s): s is TokenSet => s !== undefined);
}

/** Tokens of several sets merged by path, a later set winning. */
export function mergeTokens(
  sets: TokenSet[],
  flat: (set: TokenSet) => RawFlatToken[] = (s) => flattenTree(s.tokens, s.name),
): Map<string, RawFlatToken> {
  const merged = new Map<string, RawFlatToken>();
  for (const set of sets) for (const t of flat(set)) merged.set(t.path, t);
  return merged;
}

/**
 * Every token of a theme with its resolved value. A token whose alias points nowhere or into a
 * cycle stays in the map with `resolved: undefined` (`checkSystem` says why). An untyped alias
 * takes its target's type.
 */
export function resolveTheme(doc: DesignSystemDoc, themeName?: string): Map<string, ResolvedToken> {
  return resolveTokens(mergeTokens(themeSets(doc, themeName)));
}

/** Every theme resolved, by theme name. */
export function resolveAll(doc: DesignSystemDoc): Map<string, Map<string, ResolvedToken>> {
  const cache = new Map<TokenSet, RawFlatToken[]>();
  const flat = (s: TokenSet) => {
    let f = cache.get(s);
    if (!f) cache.set(s, (f = flattenTree(s.tokens, s.name)));
    return f;
  };
  return new Map(themeNames(doc).map((name) => [name, resolveTokens(mergeTokens(themeSets(doc, name), flat))]));
}

const BROKEN = Symbol("broken");

export function resolveTokens(merged: Map<string, RawFlatToken>): Map<string, ResolvedToken> {
  const done = new Map<string, ResolvedToken>();
  const active = new Set<string>();

  const resolveOne = (path: string): ResolvedToken | undefined => {
    const hit = done.get(path);
    if (hit) return hit;
    const raw = merged.get(path);
    if (!raw || active.has(path)) return undefined;
    active.add(path);
    let result: ResolvedToken;
    const target = aliasTarget(raw.value);
    if (target !== null) {
      const next = resolveOne(target);
      const type: TokenType = raw.type ?? next?.type ?? "number";
      result = {
        ...raw,
        type,
        resolved: next?.resolved,
        aliasChain: next ? [target, ...next.aliasChain] : [target],
      };
    } else {
      const deep = resolveParts(raw.value);
      result = { ...raw, type: raw.type ?? "number", resolved: deep === BROKEN ? undefined : deep, aliasChain: [] };
    }
    active.delete(path);
    done.set(path, result);
    return result;
  };

  /** Aliases inside a composite (or an array) replaced by their resolved values. */
  const resolveParts = (value: unknown): unknown => {
    const target = aliasTarget(value);
    if (target !== null) {
      const r = resolveOne(target);
      return r === undefined || r.resolved === undefined ? BROKEN : r.resolved;
    }
    if (Array.isArray(value)) {
      let changed = false;
      const out: unknown[] = [];
      for (const v of value) {
        const r = resolveParts(v);
        if (r === BROKEN) return BROKEN;
        if (r !== v) changed = true;
        out.push(r);
      }
      return changed ? out : value;
    }
    if (isObject(value) && !isDtcgColor(value)) {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const r = resolveParts(v);
        if (r === BROKEN) return BROKEN;
        if (r !== v) changed = true;
        out[k] = r;
      }
      return changed ? out : value;
    }
    return value;
  };

  for (const path of merged.keys()) resolveOne(path);
  return done;
}

// ---------------------------------------------------------------- CSS text

const GENERIC_FAMILIES = new Set([
  "serif",
  "sans-serif",
  "monospace",
  "cursive",
  "fantasy",
  "system-ui",
  "ui-serif",
  "ui-sans-serif",
  "ui-monospace",
  "ui-rounded",
  "emoji",
  "math",
  "fangsong",
]);

const num = (n: number) => String(Math.round(n * 10000) / 10000);

function dimensionCss(v: unknown): string {
  if (isObject(v) && typeof v.value === "number" && typeof v.unit === "string") return v.value === 0 ? "0" : `${num(v.value)}${v.unit}`;
  return String(v);
}

function familyCss(v: unknown): string {
  const one = (f: string) => {
    const name = f.trim();
    if (aliasTarget(name)) return name;
    return GENERIC_FAMILIES.has(name) || /^[A-Za-z][A-Za-z0-9-]*$/.test(name) ? name : `"${name.replace(/"/g, '\\"')}"`;
  };
  if (Array.isArray(v)) return v.map((f) => one(String(f))).join(", ");
  return typeof v === "string" ? (v.includes(",") ? v : one(v)) : String(v);
}

function weightCss(v: unknown): string {
  return typeof v === "string" && v in FONT_WEIGHT_KEYWORDS ? String(FONT_WEIGHT_KEYWORDS[v]) : String(v);
}

function shadowCss(v: unknown): string {
  const layers = Array.isArray(v) ? v : [v];
  return layers
    .map((l) => {
      if (!isObject(l)) return String(l);
      const parts = [l.offsetX, l.offsetY, l.blur, l.spread ?? { value: 0, unit: "px" }].map(dimensionCss);
      return `${l.inset === true ? "inset " : ""}${parts.join(" ")} ${cssValue("color", l.color)}`;
    })
    .join(", ");
}

const numOrAlias = (n: unknown, scale = 1) => (aliasTarget(n) ? String(n) : num(Number(n) * scale));

/**
 * The CSS text of a resolved value of any type (composites too; `""` for an unresolved one). An
 * alias left in a value (whole or a part) is written as it is, `{a.b}`, for Style Dictionary to follow.
 */
export function cssValue(type: TokenType, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (aliasTarget(value)) return String(value);
  switch (type) {
    case "color":
      return isDtcgColor(value) ? colorToCss(value) : String(value);
    case "dimension":
    case "duration":
      return dimensionCss(value);
    case "fontFamily":
      return familyCss(value);
    case "fontWeight":
      return weightCss(value);
    case "number":
      return typeof value === "number" ? num(value) : String(value);
    case "cubicBezier":
      return Array.isArray(value) ? `cubic-bezier(${value.map((n) => numOrAlias(n)).join(", ")})` : String(value);
    case "strokeStyle":
      return typeof value === "string" ? value : "dashed";
    case "shadow":
      return shadowCss(value);
    case "border":
      return isObject(value)
        ? `${dimensionCss(value.width)} ${cssValue("strokeStyle", value.style)} ${cssValue("color", value.color)}`
        : String(value);
    case "transition":
      return isObject(value)
        ? [
            dimensionCss(value.duration),
            cssValue("cubicBezier", value.timingFunction),
            value.delay !== undefined ? dimensionCss(value.delay) : "",
          ]
            .filter(Boolean)
            .join(" ")
        : String(value);
    case "typography": {
      if (!isObject(value)) return String(value);
      const size = dimensionCss(value.fontSize);
      const lh = value.lineHeight !== undefined ? `/${cssValue("number", value.lineHeight)}` : "";
      const weight = value.fontWeight !== undefined ? `${weightCss(value.fontWeight)} ` : "";
      return `${weight}${size}${lh} ${familyCss(value.fontFamily)}`;
    }
    case "gradient":
      return Array.isArray(value)
        ? `linear-gradient(90deg, ${value
            .map((s) =>
              isObject(s)
                ? `${cssValue("color", s.color)} ${aliasTarget(s.position) ? `calc(${String(s.position)} * 100%)` : `${numOrAlias(s.position, 100)}%`}`
                : String(s),
            )
            .join(", ")})`
        : String(value);
  }
}

/** A dimension in px (rem taken as 16 px). */
export function toPx(v: unknown): number | undefined {
  if (!isObject(v) || typeof v.value !== "number") return undefined;
  return v.unit === "rem" ? v.value * 16 : v.value;
}

/**
 * Token values for the wireframe renderer (`TokenValues`): colour -> hex text, dimension -> px,
 * fontWeight/number/duration(ms) -> number, shadow/others -> CSS text; composites also give their
 * parts under `<path>.<part>` (typography `.fontSize` px, `.fontWeight`, `.lineHeight`, `.fontFamily`;
 * border `.width` px, `.color`, `.style`).
 */
export function rendererTokens(resolved: Map<string, ResolvedToken> | Iterable<ResolvedToken>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const tokens = resolved instanceof Map ? resolved.values() : resolved;
  for (const t of tokens) {
    const v = t.resolved;
    if (v === undefined) continue;
    switch (t.type) {
      case "color":
        if (isDtcgColor(v)) out[t.path] = toHex(v);
        break;
      case "dimension": {
        const px = toPx(v);
        if (px !== undefined) out[t.path] = px;
        break;
      }
      case "duration":
        if (isObject(v) && typeof v.value === "number") out[t.path] = v.unit === "s" ? v.value * 1000 : v.value;
        break;
      case "fontWeight":
        out[t.path] = Number(weightCss(v));
        break;
      case "number":
        if (typeof v === "number") out[t.path] = v;
        break;
      case "typography":
        out[t.path] = cssValue("typography", v);
        if (isObject(v)) {
          const px = toPx(v.fontSize);
          if (px !== undefined) out[`${t.path}.fontSize`] = px;
          if (v.fontWeight !== undefined) out[`${t.path}.fontWeight`] = Number(weightCss(v.fontWeight));
          if (typeof v.lineHeight === "number") out[`${t.path}.lineHeight`] = v.lineHeight;
          if (v.fontFamily !== undefined) out[`${t.path}.fontFamily`] = familyCss(v.fontFamily);
          const ls = toPx(v.letterSpacing);
          if (ls !== undefined) out[`${t.path}.letterSpacing`] = ls;
        }
        break;
      case "border":
        out[t.path] = cssValue("border", v);
        if (isObject(v)) {
          const px = toPx(v.width);
          if (px !== undefined) out[`${t.path}.width`] = px;
          if (isDtcgColor(v.color)) out[`${t.path}.color`] = toHex(v.color);
          out[`${t.path}.style`] = cssValue("strokeStyle", v.style);
        }
        break;
      default:
        out[t.path] = cssValue(t.type, v);
    }
  }
  return out;
}
