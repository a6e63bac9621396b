/**
 * Element shadows for the one renderer: CSS box-shadow text (a literal, or what a shadow
 * design token resolves to) read into layers and drawn as an SVG filter. SVG has no
 * box-shadow, so each layer is drawn from the element's own shape (a rounded rectangle, an
 * ellipse, a line…): an outer layer under it, its spread growing or shrinking the shape
 * (feMorphology); an inset layer over it, the shape's inverted silhouette clipped to the shape.
 */
import type { ReactNode } from "react";
import type { ShadowValue } from "./document";
import { isTokenRef } from "./document";

export type ShadowLayer = { dx: number; dy: number; blur: number; spread: number; color: string; inset: boolean };

const LENGTH = /^(-?\d*\.?\d+)(px|rem|em)?$/;

/** Splits at commas outside parentheses (`0 1px rgba(0,0,0,.1), 0 2px #000`). */
function splitLayers(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/** Words, keeping `rgb(…)` and the like whole. */
function words(layer: string): string[] {
  return layer.match(/[a-z-]+\([^)]*\)|[^\s]+/gi) ?? [];
}

function px(word: string): number | null {
  const m = LENGTH.exec(word);
  if (!m) return null;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return null;
  return m[2] === "rem" || m[2] === "em" ? n * 16 : m[2] || n === 0 ? n : null;
}

/** The layers of a CSS box-shadow (`none` or unreadable text: none). */
export function parseShadow(text: string): ShadowLayer[] {
  const layers: ShadowLayer[] = [];
  if (!text.trim() || text.trim() === "none") return layers;
  for (const part of splitLayers(text)) {
    const lengths: number[] = [];
    let color = "#000000";
    let inset = false;
    for (const w of words(part)) {
      if (w.toLowerCase() === "inset") inset = true;
      else {
        const n = px(w);
        if (n !== null && lengths.length < 4) lengths.push(n);
        else color = w;
      }
    }
    if (lengths.length < 2) continue;
    const [dx = 0, dy = 0, blur = 0, spread = 0] = lengths;
    layers.push({ dx, dy, blur: Math.max(0, blur), spread, color, inset });
  }
  return layers;
}

/** The CSS text of an element's shadow, its token resolved through `tokens`; null when none (or a token without a value). */
export function resolveShadow(value: ShadowValue | null | undefined, tokens?: Record<string, string | number>): string | null {
  if (value === null || value === undefined) return null;
  if (isTokenRef(value)) {
    const v = tokens?.[value.token];
    return typeof v === "string" ? v : null;
  }
  return value;
}

function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/** An outer layer without the shape: its silhouette grown (spread > 0) or shrunk (< 0), offset, blurred, coloured. */
function outerLayer(l: ShadowLayer, i: number): ReactNode {
  const grown = l.spread === 0 ? "SourceAlpha" : `m${i}`;
  return [
    l.spread === 0 ? null : (
      <feMorphology key="m" in="SourceAlpha" operator={l.spread > 0 ? "dilate" : "erode"} radius={Math.abs(l.spread)} result={grown} />
    ),
    <feOffset key="o" in={grown} dx={l.dx} dy={l.dy} result={`o${i}`} />,
    <feGaussianBlur key="b" in={`o${i}`} stdDeviation={l.blur / 2} result={`b${i}`} />,
    <feFlood key="f" floodColor={l.color} result={`f${i}`} />,
    <feComposite key="c" in={`f${i}`} in2={`b${i}`} operator="in" result={`l${i}`} />,
  ];
}

/**
 * An inset layer: the shape's outside (its alpha inverted; spread shrinks the lit hole), offset,
 * blurred and coloured, then clipped to the shape, so the shadow falls inside its edges.
 */
function insetLayer(l: ShadowLayer, i: number): ReactNode {
  const hole = l.spread === 0 ? "SourceAlpha" : `im${i}`;
  return [
    l.spread === 0 ? null : (
      <feMorphology key="m" in="SourceAlpha" operator={l.spread > 0 ? "erode" : "dilate"} radius={Math.abs(l.spread)} result={hole} />
    ),
    <feComponentTransfer key="v" in={hole} result={`iv${i}`}>
      <feFuncA type="table" tableValues="1 0" />
    </feComponentTransfer>,
    <feOffset key="o" in={`iv${i}`} dx={l.dx} dy={l.dy} result={`io${i}`} />,
    <feGaussianBlur key="b" in={`io${i}`} stdDeviation={l.blur / 2} result={`ib${i}`} />,
    <feFlood key="f" floodColor={l.color} result={`if${i}`} />,
    <feComposite key="c" in={`if${i}`} in2={`ib${i}`} operator="in" result={`ic${i}`} />,
    <feComposite key="k" in={`ic${i}`} in2="SourceAlpha" operator="in" result={`n${i}`} />,
  ];
}

/**
 * The filter that draws `css` with a shape in the box (x, y, w, h), in the shape's own
 * coordinates (user space, so a line of no height keeps its shadow). Outer layers go under the
 * shape, inset layers over it, clipped to it; the first layer is on top, as in CSS. Plain
 * layers (no spread, no inset) are `feDropShadow`s. The id depends on the element, the shadow
 * and the box, so the server's SVG and the browser's agree.
 */
export function shadowFilter(
  elementId: string,
  css: string,
  box: { x: number; y: number; width: number; height: number },
): { id: string; defs: ReactNode } | null {
  const all = parseShadow(css);
  if (!all.length) return null;
  const outer = all.filter((l) => !l.inset);
  const inset = all.filter((l) => l.inset);
  const plain = inset.length === 0 && outer.every((l) => l.spread === 0);
  const margin = Math.max(...all.map((l) => Math.max(Math.abs(l.dx), Math.abs(l.dy)) + l.blur * 1.5 + Math.max(0, l.spread))) + 2;
  const id = `wf-shadow-${elementId}-${hash(`${css}|${box.x},${box.y},${box.width},${box.height}`)}`;
  const reversed = <T,>(xs: T[]) => xs.map((_, i) => i).reverse();
  const defs = (
    <defs>
      <filter
        id={id}
        filterUnits="userSpaceOnUse"
        x={box.x - margin}
        y={box.y - margin}
        width={box.width + 2 * margin}
        height={box.height + 2 * margin}
      >
        {plain
          ? outer.map((l, i) => (
              <feDropShadow
                key={i}
                in="SourceGraphic"
                dx={l.dx}
                dy={l.dy}
                stdDeviation={l.blur / 2}
                floodColor={l.color}
                result={`l${i}`}
              />
            ))
          : [...outer.map(outerLayer), ...inset.map(insetLayer)]}
        <feMerge>
          {reversed(outer).map((i) => (
            <feMergeNode key={`l${i}`} in={`l${i}`} />
          ))}
          {plain ? null : <feMergeNode in="SourceGraphic" />}
          {reversed(inset).map((i) => (
            <feMergeNode key={`n${i}`} in={`n${i}`} />
          ))}
        </feMerge>
      </filter>
    </defs>
  );
  return { id, defs };
}
