import type { ReactNode } from "react";
import { INK, LINE, MUTED } from "../../kit";
import { Line1, nn } from "../draw";
import { uiFrame, type UiProps } from "./frame";

/** The UI component "chart", drawn into its element's box. */
export function ChartSvg({ el, r }: UiProps): ReactNode {
  const { x, y, w, h, ts, box } = uiFrame(el, r);
  const kind = el.props.kind;
  const px = x + 20;
  const py = y + 44;
  const pw = nn(w - 40);
  const ph = nn(h - 64);
  const values = [0.45, 0.7, 0.55, 0.9, 0.65, 0.8];
  let plot: ReactNode;
  // No room for the plot below the title: the box and title alone.
  if (pw < 8 || ph < 8) plot = null;
  else if (kind === "pie") {
    const rr = Math.max(4, Math.min(pw, ph) / 2);
    const pcx = px + pw / 2;
    const pcy = py + ph / 2;
    plot = (
      <>
        <circle cx={pcx} cy={pcy} r={rr} fill={LINE} />
        <path d={`M${pcx} ${pcy}V${pcy - rr}A${rr} ${rr} 0 0 1 ${pcx + rr * Math.sin(2.2)} ${pcy - rr * Math.cos(2.2)}z`} fill={MUTED} />
        <path
          d={`M${pcx} ${pcy}L${pcx + rr * Math.sin(2.2)} ${pcy - rr * Math.cos(2.2)}A${rr} ${rr} 0 0 1 ${pcx + rr * Math.sin(3.6)} ${pcy - rr * Math.cos(3.6)}z`}
          fill={INK}
        />
      </>
    );
  } else if (kind === "line") {
    const pts = values.map((v, i) => `${px + (pw * i) / (values.length - 1)},${py + ph - v * ph}`).join(" ");
    plot = <polyline points={pts} fill="none" stroke={INK} strokeWidth={2} strokeLinejoin="round" />;
  } else {
    const bw = pw / values.length;
    plot = values.map((v, i) => (
      <rect key={i} x={px + i * bw + bw * 0.2} y={py + ph - v * ph} width={bw * 0.6} height={v * ph} rx={2} fill={i % 2 ? MUTED : INK} />
    ));
  }
  return (
    <>
      {box}
      {h >= 32 && <Line1 x={x + 20} cy={y + 22} text={el.text} ts={ts} width={w - 40} />}
      {kind !== "pie" && plot && <line x1={px} y1={py + ph} x2={px + pw} y2={py + ph} stroke={LINE} strokeWidth={1} />}
      {plot}
    </>
  );
}
