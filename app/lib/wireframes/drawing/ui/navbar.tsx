import type { ReactNode } from "react";
import { INK, MUTED, SURFACE } from "../../kit";
import { fits, Line1 } from "../draw";
import { textWidth } from "../../text";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "navbar", drawn into its element's box. */
export function NavbarSvg({ el, r }: UiProps): ReactNode {
  const { x, w, h, ts, box, cy, items } = uiFrame(el, r);
  const [brand = "", ...links] = items;
  const wanted = typeof el.props.button === "string" && el.props.button ? el.props.button : null;
  const bw = wanted ? Math.max(88, textWidth(wanted, ts.size, 600) + 32) : 0;
  // A bar too small for its button leaves it out.
  const button = wanted && fits(w - 48, h, bw, 36) ? wanted : null;
  const bx = x + w - 24 - bw;
  let lx = x + 24 + textWidth(brand, ts.size + 2, 700) + 40;
  return (
    <>
      {box}
      <Line1 x={x + 24} cy={cy} text={brand} ts={ts} weight={700} size={ts.size + 2} width={w - 48} />
      {links.map((link, i) => {
        const at = lx;
        lx += textWidth(link, ts.size, ts.weight) + 28;
        // Links that would run into the button are left out, as a narrow bar would.
        return lx - 28 > bx - 16 ? null : <Line1 key={i} x={at} cy={cy} text={link} ts={ts} color={MUTED} />;
      })}
      {button && (
        <>
          <rect x={bx} y={cy - 18} width={bw} height={36} rx={6} fill={INK} />
          <text x={bx + bw / 2} y={cy + ts.size * 0.35} fontSize={ts.size} fontWeight={600} fill={SURFACE} textAnchor="middle">
            {button}
          </text>
        </>
      )}
    </>
  );
}
