import type { ReactNode } from "react";
import { truncate } from "../../text";
import { uiFrame, type UiProps } from "./frame";

/** The UI components "badge", "avatar", drawn into its element's box. */
export function BadgeSvg({ el, r }: UiProps): ReactNode {
  const { x, w, h, fill, stroke, sw, ts, box, cy } = uiFrame(el, r);
  return (
    <>
      {el.component === "avatar" ? (
        <ellipse cx={x + w / 2} cy={cy} rx={w / 2} ry={h / 2} fill={fill} stroke={stroke} strokeWidth={sw} />
      ) : (
        box
      )}
      {w > 8 && (
        <text x={x + w / 2} y={cy + ts.size * 0.35} fontSize={ts.size} fontWeight={ts.weight} fill={ts.color} textAnchor="middle">
          {truncate(el.text, w - 8, ts.size, ts.weight)}
        </text>
      )}
    </>
  );
}
