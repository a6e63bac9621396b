import type { ReactNode } from "react";
import { INK, SURFACE } from "../../kit";
import { anchorOf } from "../draw";
import { truncate } from "../../text";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "button", drawn into its element's box. */
export function ButtonSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, fill, sw, radius, ts, box, cy } = uiFrame(el, r);
  const variant = el.props.variant;
  const tx = ts.align === "center" ? x + w / 2 : ts.align === "right" ? x + w - 16 : x + 16;
  const label = (color: string) =>
    w > 16 ? (
      <text x={tx} y={cy + ts.size * 0.35} fontSize={ts.size} fontWeight={ts.weight} fill={color} textAnchor={anchorOf(ts.align)}>
        {truncate(el.text, w - 16, ts.size, ts.weight)}
      </text>
    ) : null;
  if (variant === "secondary")
    return (
      <>
        <rect
          x={x}
          y={y}
          width={w}
          height={h}
          rx={radius}
          fill={SURFACE}
          stroke={fill === "none" ? INK : fill}
          strokeWidth={Math.max(1, sw)}
        />
        {label(fill === "none" ? INK : fill)}
      </>
    );
  if (variant === "link") return label(fill === "none" ? INK : fill);
  return (
    <>
      {box}
      {label(ts.color)}
    </>
  );
}
