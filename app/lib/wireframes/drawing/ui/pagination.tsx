import type { ReactNode } from "react";
import { INK, SURFACE } from "../../kit";
import { nn, num } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "pagination", drawn into its element's box. */
export function PaginationSvg({ el, r }: UiProps): ReactNode {
  const { x, w, h, fill, stroke, sw, radius, ts, cy } = uiFrame(el, r);
  const pages = Math.max(1, Math.min(7, Math.round(num(el.props.pages, 5))));
  const current = num(el.props.current, 1);
  const cells = ["‹", ...Array.from({ length: pages }, (_, i) => String(i + 1)), "›"];
  const cw = nn(Math.min(h, (w - (cells.length - 1) * 4) / cells.length));
  if (cw < 4) return null;
  return (
    <>
      {cells.map((c, i) => {
        const on = c === String(current);
        return (
          <g key={i}>
            <rect
              x={x + i * (cw + 4)}
              y={cy - cw / 2}
              width={cw}
              height={cw}
              rx={radius}
              fill={on ? INK : fill}
              stroke={on ? INK : stroke}
              strokeWidth={sw}
            />
            <text
              x={x + i * (cw + 4) + cw / 2}
              y={cy + ts.size * 0.35}
              fontSize={ts.size}
              fontWeight={ts.weight}
              fill={on ? SURFACE : ts.color}
              textAnchor="middle"
            >
              {c}
            </text>
          </g>
        );
      })}
    </>
  );
}
