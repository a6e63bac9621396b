import type { ReactNode } from "react";
import { INK } from "../../kit";
import { num } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "progress", drawn into its element's box. */
export function ProgressSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, radius, box } = uiFrame(el, r);
  const value = Math.max(0, Math.min(100, num(el.props.value, 60)));
  return (
    <>
      {box}
      <rect x={x} y={y} width={(w * value) / 100} height={h} rx={radius} fill={INK} />
    </>
  );
}
