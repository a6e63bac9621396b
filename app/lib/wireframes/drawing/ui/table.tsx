import type { ReactNode } from "react";
import { LINE, SUBTLE } from "../../kit";
import { Line1, nn, num } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "table", drawn into its element's box. */
export function TableSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, stroke, radius, ts, box, items } = uiFrame(el, r);
  const rows = Math.max(0, Math.min(50, Math.round(num(el.props.rows, 5))));
  const cols = Math.max(1, items.length);
  const rh = Math.min(40, h / (rows + 1));
  const cw = w / cols;
  // The header's top corners follow the box's, never deeper than the header.
  const hr = Math.min(radius, rh);
  return (
    <>
      {box}
      <path d={`M${x + hr} ${y}h${nn(w - 2 * hr)}q${hr} 0 ${hr} ${hr}V${y + rh}H${x}V${y + hr}q0 ${-hr} ${hr} ${-hr}z`} fill={SUBTLE} />
      {items.map((item, i) => (
        <Line1 key={i} x={x + i * cw + 12} cy={y + rh / 2} text={item} ts={ts} weight={600} width={cw - 20} />
      ))}
      {Array.from({ length: rows }, (_, r) => (
        <g key={r}>
          <line x1={x} y1={y + rh * (r + 1)} x2={x + w} y2={y + rh * (r + 1)} stroke={stroke === "none" ? LINE : stroke} strokeWidth={1} />
          {rh >= 12 &&
            cw >= 24 &&
            Array.from({ length: cols }, (_, c) => (
              <rect
                key={c}
                x={x + c * cw + 12}
                y={y + rh * (r + 1) + rh / 2 - 4}
                width={Math.min(cw - 16, Math.max(8, cw * (0.45 + ((r + c) % 3) * 0.12)))}
                height={8}
                rx={4}
                fill={LINE}
              />
            ))}
        </g>
      ))}
    </>
  );
}
