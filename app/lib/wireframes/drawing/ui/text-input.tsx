import type { ReactNode } from "react";
import { MUTED } from "../../kit";
import { fits, IconPaths, Line1 } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI components "text-input", "select", "search", drawn into its element's box. */
export function TextInputSvg({ el, r }: UiProps): ReactNode {
  const { x, w, h, ts, box, cy } = uiFrame(el, r);
  const icon = el.component === "search" ? 28 : 0;
  return (
    <>
      {box}
      {el.component === "search" && fits(w, h, 40, 16) && <IconPaths name="search" x={x + 12} y={cy - 8} size={16} color={MUTED} />}
      <Line1 x={x + 12 + icon} cy={cy} text={el.text} ts={ts} width={w - 24 - icon - (el.component === "select" ? 24 : 0)} />
      {el.component === "select" && fits(w, h, 40, 16) && (
        <IconPaths name="chevron-down" x={x + w - 28} y={cy - 8} size={16} color={MUTED} />
      )}
    </>
  );
}
