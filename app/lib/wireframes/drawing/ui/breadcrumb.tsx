import type { ReactNode } from "react";
import { INK } from "../../kit";
import { textWidth } from "../../text";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "breadcrumb", drawn into its element's box. */
export function BreadcrumbSvg({ el, r }: UiProps): ReactNode {
  const { x, ts, cy, items } = uiFrame(el, r);
  let bx = x;
  return (
    <>
      {items.map((item, i) => {
        const at = bx;
        bx += textWidth(item, ts.size, ts.weight) + textWidth(" / ", ts.size);
        const last = i === items.length - 1;
        return (
          <text key={i} x={at} y={cy + ts.size * 0.35} fontSize={ts.size} fontWeight={last ? 600 : ts.weight} fill={last ? INK : ts.color}>
            {last ? item : `${item} /`}
          </text>
        );
      })}
    </>
  );
}
