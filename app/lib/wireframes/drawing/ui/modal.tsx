import type { ReactNode } from "react";
import { INK, LINE, MUTED, SURFACE } from "../../kit";
import { fits, IconPaths, Line1, Paragraph } from "../draw";
import { textWidth } from "../../text";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "modal", drawn into its element's box. */
export function ModalSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, radius, ts, box } = uiFrame(el, r);
  const [title = "", ...body] = el.text.split("\n");
  const actions = String(el.props.actions ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  let ax = x + w - 24;
  return (
    <>
      <rect x={x + 2} y={y + 4} width={w} height={h} rx={radius} fill="#000000" opacity={0.08} />
      {box}
      {h >= 48 && <Line1 x={x + 24} cy={y + 32} text={title} ts={ts} weight={600} size={ts.size + 4} width={w - 72} />}
      {fits(w, h, 60, 44) && <IconPaths name="close" x={x + w - 40} y={y + 22} size={20} color={MUTED} />}
      <Paragraph x={x + 24} y={y + 60} width={w - 48} height={h - 130} text={body.join("\n")} ts={ts} color={MUTED} />
      {[...actions].reverse().map((a, i) => {
        const bw = Math.max(80, textWidth(a, ts.size, 600) + 32);
        ax -= bw;
        const at = ax;
        ax -= 12;
        const primary = i === 0;
        // Actions that would run past the dialog's left edge or top are left out.
        if (at < x + 24 || h < 84) return null;
        return (
          <g key={i}>
            <rect x={at} y={y + h - 60} width={bw} height={36} rx={6} fill={primary ? INK : SURFACE} stroke={primary ? INK : LINE} />
            <text
              x={at + bw / 2}
              y={y + h - 42 + ts.size * 0.35}
              fontSize={ts.size}
              fontWeight={600}
              fill={primary ? SURFACE : INK}
              textAnchor="middle"
            >
              {a}
            </text>
          </g>
        );
      })}
    </>
  );
}
