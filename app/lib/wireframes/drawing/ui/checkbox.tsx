import type { ReactNode } from "react";
import { INK, SURFACE } from "../../kit";
import { Line1 } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI components "checkbox", "radio", drawn into its element's box. */
export function CheckboxSvg({ el, r }: UiProps): ReactNode {
  const { x, w, h, fill, stroke, sw, radius, ts, cy } = uiFrame(el, r);
  const checked = el.props.checked === true;
  const s = Math.min(16, h);
  const by = cy - s / 2;
  return (
    <>
      {el.component === "checkbox" ? (
        <rect
          x={x + 0.5}
          y={by}
          width={s}
          height={s}
          rx={radius}
          fill={checked ? INK : fill}
          stroke={checked ? INK : stroke}
          strokeWidth={Math.max(1, sw)}
        />
      ) : (
        <circle cx={x + s / 2 + 0.5} cy={cy} r={s / 2} fill={fill} stroke={checked ? INK : stroke} strokeWidth={Math.max(1, sw)} />
      )}
      {checked && el.component === "checkbox" && s >= 12 && (
        <path d={`M${x + 4} ${cy}l3 3 6 -6`} fill="none" stroke={SURFACE} strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />
      )}
      {checked && el.component === "radio" && <circle cx={x + s / 2 + 0.5} cy={cy} r={s / 4} fill={INK} />}
      <Line1 x={x + s + 8} cy={cy} text={el.text} ts={ts} width={w - s - 8} />
    </>
  );
}
