import type { ReactNode } from "react";
import { MUTED } from "../../kit";
import { fits, Paragraph } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "textarea", drawn into its element's box. */
export function TextareaSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, ts, box } = uiFrame(el, r);
  return (
    <>
      {box}
      <Paragraph x={x + 12} y={y + 10} width={w - 24} height={h - 20} text={el.text} ts={ts} />
      {fits(w, h, 16, 12) && <path d={`M${x + w - 12} ${y + h - 4}l8 -8M${x + w - 8} ${y + h - 4}l4 -4`} stroke={MUTED} strokeWidth={1} />}
    </>
  );
}
