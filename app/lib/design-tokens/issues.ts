/**
 * Contrast as the design system's pages show it: every text-on-surface pair a theme's
 * semantic colours define, with its WCAG ratio and verdicts, a pair the user picks, and the
 * "issues of the design system" (a semantic pair below AA for normal text, per theme).
 * Pure and browser-safe (D3's file in D1's folder).
 */
import { isDtcgColor, parseColor, toHex, type DtcgColor } from "./color";
import { contrastRatio, formatRatio, semanticPairs, verdicts, type Verdicts } from "./contrast";
import type { DesignIssue, ResolvedToken } from "./types";

/** Resolved tokens by theme name, as a page's loader has them (a Map from `resolveAll`, or plain records). */
export type ResolvedByTheme = Map<string, Map<string, ResolvedToken> | ResolvedToken[]> | Record<string, ResolvedToken[]>;

export type ContrastRow = {
  text: string;
  surface: string;
  /** Both colours as hex, for the swatches. */
  textHex: string;
  surfaceHex: string;
  ratio: number;
  /** The ratio as people write it ("4.54"), never rounded up across a threshold. */
  ratioText: string;
  verdicts: Verdicts;
};

/** The themes and their tokens as arrays, in order. */
export function themeEntries(byTheme: ResolvedByTheme): [string, ResolvedToken[]][] {
  const entries = byTheme instanceof Map ? [...byTheme.entries()] : Object.entries(byTheme);
  return entries.map(([name, tokens]) => [name, tokens instanceof Map ? [...tokens.values()] : tokens]);
}

function colorOf(t: ResolvedToken | undefined): DtcgColor | null {
  if (!t || t.type !== "color") return null;
  return isDtcgColor(t.resolved) ? t.resolved : parseColor(t.resolved);
}

function row(text: string, surface: string, fg: DtcgColor, bg: DtcgColor): ContrastRow {
  const ratio = contrastRatio(fg, bg);
  return { text, surface, textHex: toHex(fg), surfaceHex: toHex(bg), ratio, ratioText: formatRatio(ratio), verdicts: verdicts(ratio) };
}

/** Every semantic text/surface pair of one theme with its ratio and verdicts (pairs whose colours do not resolve are left out). */
export function contrastRows(tokens: ResolvedToken[]): ContrastRow[] {
  const byPath = new Map(tokens.map((t) => [t.path, t]));
  const rows: ContrastRow[] = [];
  for (const pair of semanticPairs(tokens)) {
    const fg = colorOf(byPath.get(pair.text));
    const bg = colorOf(byPath.get(pair.surface));
    if (fg && bg) rows.push(row(pair.text, pair.surface, fg, bg));
  }
  return rows;
}

/**
 * A pair the user picks (`?fg=&bg=`): each a colour token's path (resolved in `tokens`) or a
 * CSS colour (`#767676`, `oklch(…)`). An error names what could not be read.
 */
export function pickedPair(
  fg: string,
  bg: string,
  tokens: ResolvedToken[],
): { ok: true; row: ContrastRow } | { ok: false; message: string; field: "fg" | "bg" } {
  const byPath = new Map(tokens.map((t) => [t.path, t]));
  const read = (text: string) => {
    const t = text.trim();
    const token = byPath.get(t.replace(/^\{(.*)\}$/, "$1"));
    if (token) return colorOf(token);
    return parseColor(t);
  };
  const a = read(fg);
  if (!a) return { ok: false, field: "fg", message: `“${fg}” is neither a colour token of this theme nor a colour.` };
  const b = read(bg);
  if (!b) return { ok: false, field: "bg", message: `“${bg}” is neither a colour token of this theme nor a colour.` };
  return { ok: true, row: row(fg.trim(), bg.trim(), a, b) };
}

/** The issues of the design system: each semantic pair below AA for normal text (4.5:1), in each theme. */
export function designIssues(byTheme: ResolvedByTheme): DesignIssue[] {
  const issues: DesignIssue[] = [];
  for (const [theme, tokens] of themeEntries(byTheme)) {
    const sets = new Map(tokens.map((t) => [t.path, t.set]));
    for (const r of contrastRows(tokens)) {
      if (r.verdicts.aaNormal) continue;
      issues.push({
        path: r.text,
        set: sets.get(r.text),
        message: `In the ${theme} theme, ${r.text} on ${r.surface} has a contrast of ${r.ratioText}:1, below AA for normal text (4.5:1)${r.verdicts.aaLarge ? "" : " and for large text (3:1)"}.`,
      });
    }
  }
  return issues;
}
