import type { ReactNode } from "react";
import { LINE, MUTED } from "../../kit";
import { fits, Line1 } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "list", drawn into its element's box. */
export function ListSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, stroke, ts, box, items } = uiFrame(el, r);
  const rh = Math.min(44, h / Math.max(1, items.length));
  const bullets = el.props.bullets !== false;
  return (
    <>
      {box}
      {items.map((item, i) => (
        <g key={i}>
          {i > 0 && w > 24 && (
            <line x1={x + 12} y1={y + rh * i} x2={x + w - 12} y2={y + rh * i} stroke={stroke === "none" ? LINE : stroke} strokeWidth={1} />
          )}
          {bullets && fits(w, rh, 24, 6) && <circle cx={x + 20} cy={y + rh * i + rh / 2} r={3} fill={MUTED} />}
          <Line1 x={x + (bullets ? 32 : 16)} cy={y + rh * i + rh / 2} text={item} ts={ts} width={w - 48} />
        </g>
      ))}
    </>
  );
}
