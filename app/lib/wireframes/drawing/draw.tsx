import type { ColorValue, LengthValue, TextStyle } from "../document";
import { isTokenRef } from "../document";
import { iconOf } from "../icons";
import { INK } from "../kit";
import { truncate, wrapText } from "../text";

/**
 * What every drawing of the renderer shares: token references resolved to what is drawn,
 * a style resolved once per element (`Resolved`), and the few SVG pieces the element
 * kinds are drawn with (a line of text, a paragraph, an icon).
 */

/** What a colour token without a value is drawn with. */
export const TOKEN_FALLBACK_COLOR = "#a1a1aa";

/** Design-token values by path, when the design system provides them. */
export type TokenValues = Record<string, string | number>;

export function resolveColor(value: ColorValue | null | undefined, tokens?: TokenValues): string {
  if (value === null || value === undefined) return "none";
  if (isTokenRef(value)) {
    const v = tokens?.[value.token];
    return typeof v === "string" ? v : TOKEN_FALLBACK_COLOR;
  }
  return value === "transparent" ? "none" : value;
}

export function resolveLength(value: LengthValue | null | undefined, fallback: number, tokens?: TokenValues): number {
  if (typeof value === "number") return value;
  if (isTokenRef(value)) {
    const v = tokens?.[value.token];
    return typeof v === "number" ? v : fallback;
  }
  return fallback;
}

export type Resolved = { fill: string; stroke: string; sw: number; radius: number; ts: ResolvedText };
export type ResolvedText = { size: number; weight: TextStyle["fontWeight"]; align: TextStyle["align"]; color: string; lineHeight: number };

export function resolveText(ts: TextStyle | undefined, tokens?: TokenValues): ResolvedText {
  return {
    size: resolveLength(ts?.fontSize, 16, tokens),
    weight: ts?.fontWeight ?? 400,
    align: ts?.align ?? "left",
    color: resolveColor(ts?.color ?? INK, tokens),
    lineHeight: ts?.lineHeight ?? 1.4,
  };
}

/**
 * A computed size, never negative (nor NaN): a component drawn in a box smaller than its
 * parts clamps them at 0, and parts that cannot fit are skipped (`fits`).
 */
export const nn = (v: number) => (v > 0 ? v : 0);
/** Whether a part of `w`×`h` fits in the room left. */
export const fits = (roomW: number, roomH: number, w: number, h: number) => roomW >= w && roomH >= h;

export const anchorOf = (align: TextStyle["align"]) => (align === "center" ? "middle" : align === "right" ? "end" : "start");

/** One line of text, vertically centred on `cy`. */
export function Line1({
  x,
  cy,
  text,
  ts,
  width,
  color,
  weight,
  size,
}: {
  x: number;
  cy: number;
  text: string;
  ts: ResolvedText;
  width?: number;
  color?: string;
  weight?: number;
  size?: number;
}) {
  const fontSize = size ?? ts.size;
  const fontWeight = weight ?? ts.weight;
  if (width !== undefined && !(width > 0)) return null;
  return (
    <text x={x} y={cy + fontSize * 0.35} fontSize={fontSize} fontWeight={fontWeight} fill={color ?? ts.color}>
      {width !== undefined ? truncate(text, width, fontSize, fontWeight) : text}
    </text>
  );
}

/** Wrapped text in a box, from its top (paragraph text, text elements, card bodies). */
export function Paragraph({
  x,
  y,
  width,
  height,
  text,
  ts,
  color,
}: {
  x: number;
  y: number;
  width: number;
  height?: number;
  text: string;
  ts: ResolvedText;
  color?: string;
}) {
  const lineHeight = ts.size * ts.lineHeight;
  if (!(width > 0) || (height !== undefined && !(height > 0))) return null;
  let lines = wrapText(text, width, ts.size, ts.weight);
  if (height !== undefined) lines = lines.slice(0, Math.max(1, Math.floor(height / lineHeight)));
  const tx = ts.align === "center" ? x + width / 2 : ts.align === "right" ? x + width : x;
  const first = y + (lineHeight - ts.size) / 2 + ts.size * 0.8;
  return (
    <text x={tx} y={first} fontSize={ts.size} fontWeight={ts.weight} fill={color ?? ts.color} textAnchor={anchorOf(ts.align)}>
      {lines.map((line, i) => (
        <tspan key={i} x={tx} dy={i === 0 ? 0 : lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

export function IconPaths({
  name,
  x,
  y,
  size,
  color,
  strokeWidth = 2,
}: {
  name: string;
  x: number;
  y: number;
  size: number;
  color: string;
  strokeWidth?: number;
}) {
  if (!(size > 0)) return null;
  const s = size / 24;
  return (
    <g
      transform={`translate(${x} ${y}) scale(${s})`}
      fill="none"
      stroke={color}
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {iconOf(name).paths.map((d, i) => (
        <path key={i} d={d} />
      ))}
    </g>
  );
}

export function num(value: unknown, fallback: number): number {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : fallback;
}
