import type { ReactNode } from "react";
import { LINE, SURFACE } from "../../kit";
import { Line1 } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "toggle", drawn into its element's box. */
export function ToggleSvg({ el, r }: UiProps): ReactNode {
  const { x, w, h, fill, stroke, sw, ts, cy } = uiFrame(el, r);
  const on = el.props.on !== false;
  const th = Math.min(20, h);
  const tw = th * 1.8;
  return (
    <>
      <rect x={x} y={cy - th / 2} width={tw} height={th} rx={th / 2} fill={on ? fill : LINE} stroke={stroke} strokeWidth={sw} />
      {th >= 6 && <circle cx={on ? x + tw - th / 2 : x + th / 2} cy={cy} r={th / 2 - 2} fill={SURFACE} />}
      <Line1 x={x + tw + 8} cy={cy} text={el.text} ts={ts} width={w - tw - 8} />
    </>
  );
}
