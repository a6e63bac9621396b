import type { ReactNode } from "react";
import { INK, LINE, MUTED } from "../../kit";
import { num } from "../draw";
import { truncate } from "../../text";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "tabs", drawn into its element's box. */
export function TabsSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, fill, stroke, ts, cy, items } = uiFrame(el, r);
  const active = num(el.props.active, 0);
  const tw = w / Math.max(1, items.length);
  return (
    <>
      {fill !== "none" && <rect x={x} y={y} width={w} height={h} fill={fill} />}
      <line x1={x} y1={y + h - 0.5} x2={x + w} y2={y + h - 0.5} stroke={stroke === "none" ? LINE : stroke} strokeWidth={1} />
      {items.map((item, i) => (
        <g key={i}>
          {tw > 8 && (
            <text
              x={x + tw * i + tw / 2}
              y={cy + ts.size * 0.35}
              fontSize={ts.size}
              fontWeight={i === active ? 600 : ts.weight}
              fill={i === active ? ts.color : MUTED}
              textAnchor="middle"
            >
              {truncate(item, tw - 8, ts.size, ts.weight)}
            </text>
          )}
          {i === active && <rect x={x + tw * i} y={y + h - 2} width={tw} height={2} fill={INK} />}
        </g>
      ))}
    </>
  );
}
