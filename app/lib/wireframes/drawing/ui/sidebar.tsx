import type { ReactNode } from "react";
import { LINE, MUTED } from "../../kit";
import { Line1, num } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "sidebar", drawn into its element's box. */
export function SidebarSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, ts, box, items } = uiFrame(el, r);
  const active = num(el.props.active, 0);
  const title = typeof el.props.title === "string" ? el.props.title : "";
  const top = y + (title ? 64 : 16);
  return (
    <>
      {box}
      {title && <Line1 x={x + 24} cy={y + 32} text={title} ts={ts} weight={700} size={ts.size + 4} width={w - 48} />}
      {items.map((item, i) =>
        // Items below the bar's end are left out.
        top + i * 40 + 36 > y + h ? null : (
          <g key={i}>
            {i === active && w > 24 && <rect x={x + 12} y={top + i * 40} width={w - 24} height={36} rx={6} fill={LINE} />}
            {w >= 48 && (
              <rect x={x + 24} y={top + i * 40 + 10} width={16} height={16} rx={4} fill="none" stroke={MUTED} strokeWidth={1.5} />
            )}
            <Line1 x={x + 52} cy={top + i * 40 + 18} text={item} ts={ts} width={w - 64} weight={i === active ? 600 : ts.weight} />
          </g>
        ),
      )}
    </>
  );
}
