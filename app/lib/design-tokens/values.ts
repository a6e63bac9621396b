/**
 * The value of each token type in DTCG 2025.10: checks (`checkValue`) and the conversion of legacy
 * strings ("#0f62fe", "16px", "200ms", Tokens Studio shadows…) into the canonical objects
 * (`canonicalValue`). Aliases (`{a.b}`) are accepted wherever a value or a part of one is.
 */
import { isDtcgColor, parseColor } from "./color";
import { aliasTarget, isObject } from "./tree";
import type { TokenType } from "./types";

export type Dimension = { value: number; unit: "px" | "rem" };
export type Duration = { value: number; unit: "ms" | "s" };

export const FONT_WEIGHT_KEYWORDS: Record<string, number> = {
  thin: 100,
  hairline: 100,
  "extra-light": 200,
  "ultra-light": 200,
  light: 300,
  normal: 400,
  regular: 400,
  book: 400,
  medium: 500,
  "semi-bold": 600,
  "demi-bold": 600,
  bold: 700,
  "extra-bold": 800,
  "ultra-bold": 800,
  black: 900,
  heavy: 900,
  "extra-black": 950,
  "ultra-black": 950,
};
export const STROKE_STYLES = ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"] as const;
export const LINE_CAPS = ["round", "butt", "square"] as const;
export const EASINGS: Record<string, [number, number, number, number]> = {
  linear: [0, 0, 1, 1],
  ease: [0.25, 0.1, 0.25, 1],
  "ease-in": [0.42, 0, 1, 1],
  "ease-out": [0, 0, 0.58, 1],
  "ease-in-out": [0.42, 0, 0.58, 1],
};

/** The type each part of a composite has (for part aliases and checks). */
export const COMPOSITE_PARTS: Partial<Record<TokenType, Record<string, TokenType | "boolean">>> = {
  shadow: {
    color: "color",
    offsetX: "dimension",
    offsetY: "dimension",
    blur: "dimension",
    spread: "dimension",
    inset: "boolean",
  },
  typography: {
    fontFamily: "fontFamily",
    fontSize: "dimension",
    fontWeight: "fontWeight",
    letterSpacing: "dimension",
    lineHeight: "number",
  },
  border: { color: "color", width: "dimension", style: "strokeStyle" },
  transition: { duration: "duration", delay: "duration", timingFunction: "cubicBezier" },
};
const REQUIRED_PARTS: Partial<Record<TokenType, string[]>> = {
  shadow: ["color", "offsetX", "offsetY", "blur"],
  typography: ["fontFamily", "fontSize"],
  border: ["color", "width", "style"],
  transition: ["duration", "timingFunction"],
};

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
export const isAlias = (v: unknown) => aliasTarget(v) !== null;

/** Every alias inside a value with the type its place expects (`at` = "" for the whole value). */
export function aliasesIn(type: TokenType, value: unknown): { target: string; at: string; expects: TokenType }[] {
  const out: { target: string; at: string; expects: TokenType }[] = [];
  const visit = (t: TokenType, v: unknown, at: string) => {
    const target = aliasTarget(v);
    if (target) {
      out.push({ target, at, expects: t });
      return;
    }
    const parts = COMPOSITE_PARTS[t];
    if (t === "shadow" && Array.isArray(v)) v.forEach((layer, i) => visit("shadow", layer, join(at, String(i))));
    else if (parts && isObject(v)) {
      for (const [k, pt] of Object.entries(parts)) if (pt !== "boolean" && k in v) visit(pt, v[k], join(at, k));
    } else if (t === "gradient" && Array.isArray(v)) {
      v.forEach((stop, i) => {
        if (aliasTarget(stop)) out.push({ target: aliasTarget(stop)!, at: join(at, String(i)), expects: "gradient" });
        else if (isObject(stop)) {
          visit("color", stop.color, join(at, `${i}.color`));
          visit("number", stop.position, join(at, `${i}.position`));
        }
      });
    } else if (t === "strokeStyle" && isObject(v) && Array.isArray(v.dashArray)) {
      v.dashArray.forEach((d, i) => visit("dimension", d, join(at, `dashArray.${i}`)));
    }
  };
  visit(type, value, "");
  return out;
}
const join = (a: string, b: string) => (a ? `${a}.${b}` : b);

function checkDimension(v: unknown): string | null {
  if (!isObject(v) || !isNum(v.value) || (v.unit !== "px" && v.unit !== "rem"))
    return 'Expected a dimension { "value": number, "unit": "px" | "rem" }.';
  return null;
}

/** A message for the first problem of a value of this type, or null when it is valid. */
export function checkValue(type: TokenType, value: unknown): string | null {
  if (isAlias(value)) return null;
  switch (type) {
    case "color":
      return isDtcgColor(value) ? null : 'Expected a colour { "colorSpace": "srgb", "components": [r, g, b], "alpha"?, "hex"? }.';
    case "dimension":
      return checkDimension(value);
    case "duration":
      return isObject(value) && isNum(value.value) && value.value >= 0 && (value.unit === "ms" || value.unit === "s")
        ? null
        : 'Expected a duration { "value": number, "unit": "ms" | "s" }.';
    case "fontFamily":
      return (typeof value === "string" && value.trim() !== "") ||
        (Array.isArray(value) && value.length > 0 && value.every((f) => typeof f === "string" && f.trim() !== ""))
        ? null
        : "Expected a font family name or a list of names.";
    case "fontWeight":
      return (isNum(value) && value >= 1 && value <= 1000) || (typeof value === "string" && value in FONT_WEIGHT_KEYWORDS)
        ? null
        : "Expected a font weight from 1 to 1000 or a keyword such as bold.";
    case "number":
      return isNum(value) ? null : "Expected a number.";
    case "cubicBezier":
      return Array.isArray(value) &&
        value.length === 4 &&
        value.every((n) => isNum(n) || isAlias(n)) &&
        [value[0], value[2]].every((x) => isAlias(x) || (x >= 0 && x <= 1))
        ? null
        : "Expected a cubic Bézier [x1, y1, x2, y2] with x1 and x2 from 0 to 1.";
    case "strokeStyle":
      if (typeof value === "string")
        return (STROKE_STYLES as readonly string[]).includes(value) ? null : `Expected a stroke style: ${STROKE_STYLES.join(", ")}.`;
      if (
        isObject(value) &&
        Array.isArray(value.dashArray) &&
        value.dashArray.length > 0 &&
        value.dashArray.every((d) => isAlias(d) || checkDimension(d) === null) &&
        (LINE_CAPS as readonly string[]).includes(String(value.lineCap))
      )
        return null;
      return 'Expected a stroke style keyword or { "dashArray": [dimensions], "lineCap": "round" | "butt" | "square" }.';
    case "gradient":
      if (!Array.isArray(value) || value.length < 2) return "Expected a gradient: a list of at least two stops.";
      for (const [i, stop] of value.entries()) {
        if (isAlias(stop)) continue;
        if (!isObject(stop)) return `Stop ${i + 1}: expected { "color", "position" }.`;
        const c = checkValue("color", stop.color);
        if (c) return `Stop ${i + 1}: ${c}`;
        if (!isAlias(stop.position) && !(isNum(stop.position) && stop.position >= 0 && stop.position <= 1))
          return `Stop ${i + 1}: expected a position from 0 to 1.`;
      }
      return null;
    case "shadow": {
      const layers = Array.isArray(value) ? value : [value];
      if (layers.length === 0) return "Expected at least one shadow layer.";
      for (const [i, layer] of layers.entries()) {
        if (isAlias(layer)) continue;
        const problem = checkComposite("shadow", layer);
        if (problem) return layers.length > 1 ? `Layer ${i + 1}: ${problem}` : problem;
      }
      return null;
    }
    case "typography":
    case "border":
    case "transition":
      return checkComposite(type, value);
  }
}

function checkComposite(type: TokenType, value: unknown): string | null {
  const parts = COMPOSITE_PARTS[type]!;
  if (!isObject(value)) return `Expected an object with ${Object.keys(parts).join(", ")}.`;
  for (const req of REQUIRED_PARTS[type] ?? []) if (!(req in value)) return `Missing ${req}.`;
  for (const [k, v] of Object.entries(value)) {
    const pt = parts[k];
    if (!pt) return `Unknown part ${k}.`;
    if (pt === "boolean") {
      if (typeof v !== "boolean") return `${k}: expected true or false.`;
      continue;
    }
    const problem = checkValue(pt, v);
    if (problem) return `${k}: ${problem}`;
  }
  return null;
}

/** "16px" / "1.5rem" / 16 -> { value, unit }; other text is left as it is. */
export function parseDimension(v: unknown): unknown {
  if (isNum(v)) return { value: v, unit: "px" };
  if (typeof v !== "string" || isAlias(v)) return v;
  const m = /^(-?\d*\.?\d+)\s*(px|rem)?$/.exec(v.trim());
  return m ? { value: Number(m[1]), unit: (m[2] ?? "px") as Dimension["unit"] } : v;
}

function parseDuration(v: unknown): unknown {
  if (isNum(v)) return { value: v, unit: "ms" };
  if (typeof v !== "string" || isAlias(v)) return v;
  const m = /^(\d*\.?\d+)\s*(ms|s)?$/.exec(v.trim());
  return m ? { value: Number(m[1]), unit: (m[2] ?? "ms") as Duration["unit"] } : v;
}

/**
 * A value of this type in its canonical DTCG 2025.10 form: legacy strings become objects; a value
 * that cannot be read is returned unchanged (so `checkValue` reports it).
 */
export function canonicalValue(type: TokenType, value: unknown): unknown {
  if (isAlias(value)) return value;
  switch (type) {
    case "color":
      return typeof value === "string" ? (parseColor(value) ?? value) : value;
    case "dimension":
      return parseDimension(value);
    case "duration":
      return parseDuration(value);
    case "number":
      return typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : value;
    case "fontWeight": {
      if (typeof value !== "string") return value;
      if (/^\d+$/.test(value.trim())) return Number(value);
      const kw = value.trim().toLowerCase().replace(/\s+/g, "-");
      return kw in FONT_WEIGHT_KEYWORDS ? kw : value;
    }
    case "cubicBezier": {
      if (typeof value !== "string") return value;
      if (value in EASINGS) return EASINGS[value];
      const m = /^cubic-bezier\(([^)]*)\)$/.exec(value.trim());
      const nums = m?.[1].split(",").map((n) => Number(n.trim()));
      return nums && nums.length === 4 && nums.every(Number.isFinite) ? nums : value;
    }
    case "shadow":
      return Array.isArray(value) ? value.map(canonicalShadow) : canonicalShadow(value);
    case "typography": {
      if (!isObject(value)) return value;
      const out: Record<string, unknown> = { ...value };
      if ("fontFamily" in out) out.fontFamily = canonicalValue("fontFamily", out.fontFamily);
      if ("fontSize" in out) out.fontSize = parseDimension(out.fontSize);
      if ("fontWeight" in out) out.fontWeight = canonicalValue("fontWeight", out.fontWeight);
      if ("letterSpacing" in out) out.letterSpacing = parseLetterSpacing(out.letterSpacing);
      if ("lineHeight" in out) out.lineHeight = parseLineHeight(out.lineHeight);
      return out;
    }
    case "border": {
      if (!isObject(value)) return value;
      return {
        ...value,
        ...("color" in value ? { color: canonicalValue("color", value.color) } : {}),
        ...("width" in value ? { width: parseDimension(value.width) } : {}),
      };
    }
    case "transition": {
      if (!isObject(value)) return value;
      const out: Record<string, unknown> = { ...value };
      if ("duration" in out) out.duration = parseDuration(out.duration);
      if ("delay" in out) out.delay = parseDuration(out.delay);
      if ("timingFunction" in out) out.timingFunction = canonicalValue("cubicBezier", out.timingFunction);
      return out;
    }
    case "gradient":
      return Array.isArray(value)
        ? value.map((stop) => (isObject(stop) ? { ...stop, color: canonicalValue("color", stop.color), position: stop.position } : stop))
        : value;
    case "strokeStyle":
      return isObject(value) && Array.isArray(value.dashArray) ? { ...value, dashArray: value.dashArray.map(parseDimension) } : value;
    default:
      return value;
  }
}

/** Tokens Studio writes letter spacing in % of the font size; DTCG has px and rem (1rem taken as the size). */
function parseLetterSpacing(v: unknown): unknown {
  if (typeof v === "string") {
    const m = /^(-?\d*\.?\d+)%$/.exec(v.trim());
    if (m) return { value: Number(m[1]) / 100, unit: "rem" };
  }
  return parseDimension(v);
}

/** Line height as a multiplier: "150%" -> 1.5, "1.5" -> 1.5. */
function parseLineHeight(v: unknown): unknown {
  if (typeof v !== "string" || isAlias(v)) return v;
  const m = /^(\d*\.?\d+)(%)?$/.exec(v.trim());
  if (!m) return v;
  return m[2] ? Number(m[1]) / 100 : Number(m[1]);
}

/** A shadow layer; Tokens Studio's `{ x, y, blur, spread, color, type: "innerShadow" }` too. */
function canonicalShadow(layer: unknown): unknown {
  if (!isObject(layer)) return layer;
  const { x, y, type, ...rest } = layer;
  const out: Record<string, unknown> = { ...rest };
  if (x !== undefined && out.offsetX === undefined) out.offsetX = x;
  if (y !== undefined && out.offsetY === undefined) out.offsetY = y;
  if (type === "innerShadow") out.inset = true;
  else if (type !== undefined && type !== "dropShadow") out.type = type;
  for (const k of ["offsetX", "offsetY", "blur", "spread"]) if (k in out) out[k] = parseDimension(out[k]);
  if ("color" in out) out.color = canonicalValue("color", out.color);
  if (out.spread === undefined && "offsetX" in out) out.spread = { value: 0, unit: "px" };
  return out;
}
