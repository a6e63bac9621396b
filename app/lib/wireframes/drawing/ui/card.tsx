import type { ReactNode } from "react";
import { MUTED, SUBTLE } from "../../kit";
import { fits, IconPaths, Line1, Paragraph } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "card", drawn into its element's box. */
export function CardSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, radius, ts, box } = uiFrame(el, r);
  const [title = "", ...body] = el.text.split("\n");
  const image = el.props.image !== false;
  const ih = image ? Math.round(h * 0.45) : 0;
  return (
    <>
      {box}
      {image && (
        <path
          d={`M${x} ${y + ih}V${y + radius}q0 ${-radius} ${radius} ${-radius}h${w - 2 * radius}q${radius} 0 ${radius} ${radius}V${y + ih}z`}
          fill={SUBTLE}
        />
      )}
      {image && fits(w, ih, 24, 24) && <IconPaths name="image" x={x + w / 2 - 12} y={y + ih / 2 - 12} size={24} color={MUTED} />}
      {h - ih >= 32 && <Line1 x={x + 16} cy={y + ih + 24} text={title} ts={ts} weight={600} size={ts.size + 2} width={w - 32} />}
      <Paragraph x={x + 16} y={y + ih + 40} width={w - 32} height={h - ih - 48} text={body.join("\n")} ts={ts} color={MUTED} />
    </>
  );
}
