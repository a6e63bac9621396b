import type { UiElement } from "../../document";
import { itemsOf } from "../../kit";
import type { Resolved } from "../draw";

export type UiProps = { el: UiElement; r: Resolved };

/** What a UI component's drawing starts from: its box, its resolved style, its box drawn, its middle, its text's items. */
export function uiFrame(el: UiElement, r: Resolved) {
  const { x, y, width: w, height: h } = el;
  const { fill, stroke, sw, radius, ts } = r;
  const box = <rect x={x} y={y} width={w} height={h} rx={radius} fill={fill} stroke={stroke} strokeWidth={sw} />;
  const cy = y + h / 2;
  const items = itemsOf(el.text);
  return { x, y, w, h, fill, stroke, sw, radius, ts, box, cy, items };
}
