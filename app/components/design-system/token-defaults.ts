/** The token form's starting values, read from a stored token value (any of the DTCG shapes). */
import { formatOklch, isDtcgColor, toHex } from "~/lib/design-tokens/color";
import { aliasTarget } from "~/lib/design-tokens/tree";
import { SHADOW_LAYERS } from "~/lib/forms/design";

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const str = (v: unknown): string =>
  v === undefined || v === null ? "" : typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
const dimText = (v: unknown) => (isObj(v) ? `${str(v.value)}${str(v.unit)}` : str(v));
const colorText = (v: unknown) => {
  if (typeof v === "string") return v;
  return isDtcgColor(v) ? toHex(v) : "";
};
const familyText = (v: unknown) => (Array.isArray(v) ? v.join(", ") : str(v));

/** The form's starting values from a stored token value. */
export function defaultsOf(type: string, value: unknown): Record<string, string> {
  const alias = aliasTarget(value);
  if (alias) return { mode: "alias", alias };
  const d: Record<string, string> = { mode: "value" };
  switch (type) {
    case "color": {
      const hex = colorText(value);
      d.hex = hex;
      d.initialHex = hex;
      try {
        d.oklch = isDtcgColor(value) || hex ? formatOklch(isDtcgColor(value) ? value : hex) : "";
      } catch {
        d.oklch = "";
      }
      d.initialOklch = d.oklch;
      break;
    }
    case "dimension":
    case "duration":
      d.amount = isObj(value) ? str(value.value) : "";
      d.unit = isObj(value) ? str(value.unit) : type === "duration" ? "ms" : "px";
      break;
    case "fontFamily":
      d.fontFamily = familyText(value);
      break;
    case "fontWeight":
      d.fontWeight = str(value);
      break;
    case "number":
      d.number = str(value);
      break;
    case "strokeStyle":
      d.strokeStyle = typeof value === "string" ? value : "";
      if (isObj(value)) d.json = JSON.stringify(value, null, 2);
      break;
    case "cubicBezier":
      if (Array.isArray(value)) [d.x1, d.y1, d.x2, d.y2] = value.map(str);
      break;
    case "typography":
      if (isObj(value)) {
        d.fontFamily = familyText(value.fontFamily);
        d.fontSize = dimText(value.fontSize);
        d.fontWeight = str(value.fontWeight);
        d.lineHeight = str(value.lineHeight);
        d.letterSpacing = dimText(value.letterSpacing);
      }
      break;
    case "border":
      if (isObj(value)) {
        d.borderColor = colorText(value.color);
        d.borderWidth = dimText(value.width);
        d.borderStyle = typeof value.style === "string" ? value.style : "solid";
      }
      break;
    case "shadow": {
      const layers = Array.isArray(value) ? value : [value];
      layers.slice(0, SHADOW_LAYERS).forEach((l, i) => {
        if (!isObj(l)) return;
        d[`layers[${i}].color`] = colorText(l.color);
        d[`layers[${i}].offsetX`] = dimText(l.offsetX);
        d[`layers[${i}].offsetY`] = dimText(l.offsetY);
        d[`layers[${i}].blur`] = dimText(l.blur);
        d[`layers[${i}].spread`] = dimText(l.spread);
        if (l.inset === true) d[`layers[${i}].inset`] = "on";
      });
      break;
    }
    default:
      d.json = value === undefined ? "" : JSON.stringify(value, null, 2);
  }
  return d;
}
