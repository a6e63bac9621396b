/**
 * Element shadows for the one renderer: CSS box-shadow text (a literal, or what a shadow
 * design token resolves to) read into layers and drawn as an SVG filter. SVG has no
 * box-shadow, so each outer layer is an `feDropShadow` of the element's own shape (a
 * rounded rectangle, an ellipse, a line…); inset layers and spread are not drawn.
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

/**
 * The filter that draws `css` under a shape in the box (x, y, w, h), in the shape's own
 * coordinates (user space, so a line of no height keeps its shadow). The id depends on
 * the element, the shadow and the box, so the server's SVG and the browser's agree.
 */
export function shadowFilter(
  elementId: string,
  css: string,
  box: { x: number; y: number; width: number; height: number },
): { id: string; defs: ReactNode } | null {
  const layers = parseShadow(css).filter((l) => !l.inset);
  if (!layers.length) return null;
  const margin = Math.max(...layers.map((l) => Math.max(Math.abs(l.dx), Math.abs(l.dy)) + l.blur * 1.5 + Math.max(0, l.spread))) + 2;
  const id = `wf-shadow-${elementId}-${hash(`${css}|${box.x},${box.y},${box.width},${box.height}`)}`;
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
        {layers.map((l, i) => (
          <feDropShadow key={i} in="SourceGraphic" dx={l.dx} dy={l.dy} stdDeviation={l.blur / 2} floodColor={l.color} result={`l${i}`} />
        ))}
        <feMerge>
          {layers.map((_, i) => (
            <feMergeNode key={i} in={`l${layers.length - 1 - i}`} />
          ))}
        </feMerge>
      </filter>
    </defs>
  );
  return { id, defs };
}
