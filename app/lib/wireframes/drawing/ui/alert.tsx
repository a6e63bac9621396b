import type { ReactNode } from "react";
import { fits, IconPaths, Line1 } from "../draw";
import { uiFrame, type UiProps } from "./frame";

const ALERT_COLORS: Record<string, { accent: string; icon: string }> = {
  info: { accent: "#2563eb", icon: "info" },
  success: { accent: "#16a34a", icon: "check" },
  warning: { accent: "#d97706", icon: "warning" },
  error: { accent: "#dc2626", icon: "close" },
};

/** The UI component "alert", drawn into its element's box. */
export function AlertSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, ts, box, cy } = uiFrame(el, r);
  const variant = ALERT_COLORS[String(el.props.variant)] ?? ALERT_COLORS.info!;
  return (
    <>
      {box}
      <rect x={x} y={y} width={Math.min(4, w)} height={h} rx={Math.min(2, w / 2, h / 2)} fill={variant.accent} />
      {fits(w, h, 46, 20) && <IconPaths name={variant.icon} x={x + 16} y={cy - 10} size={20} color={variant.accent} />}
      <Line1 x={x + 46} cy={cy} text={el.text} ts={ts} width={w - 58} />
    </>
  );
}
