import { memo, type ReactNode } from "react";
import type {
  ColorValue,
  ComponentDefinition,
  LengthValue,
  Screen,
  TextStyle,
  UiElement,
  WireframeDocument,
  WireframeElement,
} from "./document";
import { isTokenRef } from "./document";
import { iconOf } from "./icons";
import { INK, itemsOf, LINE, MUTED, SUBTLE, SURFACE } from "./kit";
import { childIndex, lineEndpoints } from "./ops";
import { resolveShadow, shadowFilter } from "./shadow";
import { textWidth, truncate, wrapText } from "./text";

/**
 * The one wireframe renderer: React SVG with no browser APIs, so the server draws the
 * thumbnails and the read-only screens, and the editor canvas, the prototypes and the
 * exports draw the same thing. Elements keep their absolute screen coordinates; a screen's
 * viewBox is its size. Instances draw their main component's elements scaled into their
 * box, with their overrides; token references are drawn with a fallback until the design
 * system gives them values (`tokens`).
 */

export const FONT_FAMILY = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** What a colour token without a value is drawn with. */
export const TOKEN_FALLBACK_COLOR = "#a1a1aa";

/** The workspace's main components, by id (the loader's `components`, or just their definitions). */
export type RenderComponents = Record<string, { definition: ComponentDefinition }>;
/** Design-token values by path, when the design system provides them. */
export type TokenValues = Record<string, string | number>;

export type RenderOptions = {
  components?: RenderComponents;
  /** The URL of an uploaded image (`/wireframes/:id/images/:fileId`); without it images draw as placeholders. */
  imageUrl?: (fileId: string) => string;
  tokens?: TokenValues;
};

export function resolveColor(value: ColorValue | null | undefined, tokens?: TokenValues): string {
  if (value === null || value === undefined) return "none";
  if (isTokenRef(value)) {
    const v = tokens?.[value.token];
    return typeof v === "string" ? v : TOKEN_FALLBACK_COLOR;
  }
  return value === "transparent" ? "none" : value;
}

export function resolveLength(value: LengthValue | null | undefined, fallback: number, tokens?: TokenValues): number {
  if (typeof value === "number") return value;
  if (isTokenRef(value)) {
    const v = tokens?.[value.token];
    return typeof v === "number" ? v : fallback;
  }
  return fallback;
}

type Ctx = RenderOptions & {
  elements: Record<string, WireframeElement>;
  index: Map<string | null, WireframeElement[]>;
  /** Instances inside instances: stop at a depth (and at a component that contains itself). */
  componentPath: string[];
};

type Resolved = { fill: string; stroke: string; sw: number; radius: number; ts: ResolvedText };
type ResolvedText = { size: number; weight: TextStyle["fontWeight"]; align: TextStyle["align"]; color: string; lineHeight: number };

function resolveText(ts: TextStyle | undefined, tokens?: TokenValues): ResolvedText {
  return {
    size: resolveLength(ts?.fontSize, 16, tokens),
    weight: ts?.fontWeight ?? 400,
    align: ts?.align ?? "left",
    color: resolveColor(ts?.color ?? INK, tokens),
    lineHeight: ts?.lineHeight ?? 1.4,
  };
}

/**
 * A computed size, never negative (nor NaN): a component drawn in a box smaller than its
 * parts clamps them at 0, and parts that cannot fit are skipped (`fits`).
 */
const nn = (v: number) => (v > 0 ? v : 0);
/** Whether a part of `w`×`h` fits in the room left. */
const fits = (roomW: number, roomH: number, w: number, h: number) => roomW >= w && roomH >= h;

const anchorOf = (align: TextStyle["align"]) => (align === "center" ? "middle" : align === "right" ? "end" : "start");

/** One line of text, vertically centred on `cy`. */
function Line1({
  x,
  cy,
  text,
  ts,
  width,
  color,
  weight,
  size,
}: {
  x: number;
  cy: number;
  text: string;
  ts: ResolvedText;
  width?: number;
  color?: string;
  weight?: number;
  size?: number;
}) {
  const fontSize = size ?? ts.size;
  const fontWeight = weight ?? ts.weight;
  if (width !== undefined && !(width > 0)) return null;
  return (
    <text x={x} y={cy + fontSize * 0.35} fontSize={fontSize} fontWeight={fontWeight} fill={color ?? ts.color}>
      {width !== undefined ? truncate(text, width, fontSize, fontWeight) : text}
    </text>
  );
}

/** Wrapped text in a box, from its top (paragraph text, text elements, card bodies). */
function Paragraph({
  x,
  y,
  width,
  height,
  text,
  ts,
  color,
}: {
  x: number;
  y: number;
  width: number;
  height?: number;
  text: string;
  ts: ResolvedText;
  color?: string;
}) {
  const lineHeight = ts.size * ts.lineHeight;
  if (!(width > 0) || (height !== undefined && !(height > 0))) return null;
  let lines = wrapText(text, width, ts.size, ts.weight);
  if (height !== undefined) lines = lines.slice(0, Math.max(1, Math.floor(height / lineHeight)));
  const tx = ts.align === "center" ? x + width / 2 : ts.align === "right" ? x + width : x;
  const first = y + (lineHeight - ts.size) / 2 + ts.size * 0.8;
  return (
    <text x={tx} y={first} fontSize={ts.size} fontWeight={ts.weight} fill={color ?? ts.color} textAnchor={anchorOf(ts.align)}>
      {lines.map((line, i) => (
        <tspan key={i} x={tx} dy={i === 0 ? 0 : lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function IconPaths({
  name,
  x,
  y,
  size,
  color,
  strokeWidth = 2,
}: {
  name: string;
  x: number;
  y: number;
  size: number;
  color: string;
  strokeWidth?: number;
}) {
  if (!(size > 0)) return null;
  const s = size / 24;
  return (
    <g
      transform={`translate(${x} ${y}) scale(${s})`}
      fill="none"
      stroke={color}
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {iconOf(name).paths.map((d, i) => (
        <path key={i} d={d} />
      ))}
    </g>
  );
}

// ---------------------------------------------------------------------------------------
// UI components: each draws into its element's box.

const ALERT_COLORS: Record<string, { accent: string; icon: string }> = {
  info: { accent: "#2563eb", icon: "info" },
  success: { accent: "#16a34a", icon: "check" },
  warning: { accent: "#d97706", icon: "warning" },
  error: { accent: "#dc2626", icon: "close" },
};

function num(value: unknown, fallback: number): number {
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function UiSvg({ el, r }: { el: UiElement; r: Resolved }): ReactNode {
  const { x, y, width: w, height: h } = el;
  const { fill, stroke, sw, radius, ts } = r;
  const box = <rect x={x} y={y} width={w} height={h} rx={radius} fill={fill} stroke={stroke} strokeWidth={sw} />;
  const cy = y + h / 2;
  const items = itemsOf(el.text);
  switch (el.component) {
    case "button": {
      const variant = el.props.variant;
      const tx = ts.align === "center" ? x + w / 2 : ts.align === "right" ? x + w - 16 : x + 16;
      const label = (color: string) =>
        w > 16 ? (
          <text x={tx} y={cy + ts.size * 0.35} fontSize={ts.size} fontWeight={ts.weight} fill={color} textAnchor={anchorOf(ts.align)}>
            {truncate(el.text, w - 16, ts.size, ts.weight)}
          </text>
        ) : null;
      if (variant === "secondary")
        return (
          <>
            <rect
              x={x}
              y={y}
              width={w}
              height={h}
              rx={radius}
              fill={SURFACE}
              stroke={fill === "none" ? INK : fill}
              strokeWidth={Math.max(1, sw)}
            />
            {label(fill === "none" ? INK : fill)}
          </>
        );
      if (variant === "link") return label(fill === "none" ? INK : fill);
      return (
        <>
          {box}
          {label(ts.color)}
        </>
      );
    }
    case "text-input":
    case "select":
    case "search": {
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
    case "textarea":
      return (
        <>
          {box}
          <Paragraph x={x + 12} y={y + 10} width={w - 24} height={h - 20} text={el.text} ts={ts} />
          {fits(w, h, 16, 12) && (
            <path d={`M${x + w - 12} ${y + h - 4}l8 -8M${x + w - 8} ${y + h - 4}l4 -4`} stroke={MUTED} strokeWidth={1} />
          )}
        </>
      );
    case "checkbox":
    case "radio": {
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
            <path
              d={`M${x + 4} ${cy}l3 3 6 -6`}
              fill="none"
              stroke={SURFACE}
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          )}
          {checked && el.component === "radio" && <circle cx={x + s / 2 + 0.5} cy={cy} r={s / 4} fill={INK} />}
          <Line1 x={x + s + 8} cy={cy} text={el.text} ts={ts} width={w - s - 8} />
        </>
      );
    }
    case "toggle": {
      const on = el.props.on !== false;
      const th = Math.min(20, h);
      const tw = th * 1.8;
      return (
        <>
          <rect x={x} y={cy - th / 2} width={tw} height={th} rx={th / 2} fill={on ? fill : LINE} stroke={stroke} strokeWidth={sw} />
          {th >= 6 && <circle cx={on ? x + tw - th / 2 : x + th / 2} cy={cy} r={th / 2 - 2} fill={SURFACE} />}
          <Line1 x={x + tw + 8} cy={cy} text={el.text} ts={ts} width={w - tw - 8} />
        </>
      );
    }
    case "tabs": {
      const active = num(el.props.active, 0);
      const tw = w / Math.max(1, items.length);
      return (
        <>
          {fill !== "none" && <rect x={x} y={y} width={w} height={h} fill={fill} />}
          <line x1={x} y1={y + h - 0.5} x2={x + w} y2={y + h - 0.5} stroke={stroke === "none" ? LINE : stroke} strokeWidth={1} />
          {items.map((item, i) => (
            <g key={i}>
              {tw > 8 && (
                <text
                  x={x + tw * i + tw / 2}
                  y={cy + ts.size * 0.35}
                  fontSize={ts.size}
                  fontWeight={i === active ? 600 : ts.weight}
                  fill={i === active ? ts.color : MUTED}
                  textAnchor="middle"
                >
                  {truncate(item, tw - 8, ts.size, ts.weight)}
                </text>
              )}
              {i === active && <rect x={x + tw * i} y={y + h - 2} width={tw} height={2} fill={INK} />}
            </g>
          ))}
        </>
      );
    }
    case "navbar": {
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
    case "sidebar": {
      const active = num(el.props.active, 0);
      const title = typeof el.props.title === "string" ? el.props.title : "";
      const top = y + (title ? 64 : 16);
      return (
        <>
          {box}
          {title && <Line1 x={x + 24} cy={y + 32} text={title} ts={ts} weight={700} size={ts.size + 4} width={w - 48} />}
          {items.map((item, i) =>
            // Items below the bar's end are left out.
            top + i * 40 + 36 > y + h ? null : (
              <g key={i}>
                {i === active && w > 24 && <rect x={x + 12} y={top + i * 40} width={w - 24} height={36} rx={6} fill={LINE} />}
                {w >= 48 && (
                  <rect x={x + 24} y={top + i * 40 + 10} width={16} height={16} rx={4} fill="none" stroke={MUTED} strokeWidth={1.5} />
                )}
                <Line1 x={x + 52} cy={top + i * 40 + 18} text={item} ts={ts} width={w - 64} weight={i === active ? 600 : ts.weight} />
              </g>
            ),
          )}
        </>
      );
    }
    case "breadcrumb": {
      let bx = x;
      return (
        <>
          {items.map((item, i) => {
            const at = bx;
            bx += textWidth(item, ts.size, ts.weight) + textWidth(" / ", ts.size);
            const last = i === items.length - 1;
            return (
              <text
                key={i}
                x={at}
                y={cy + ts.size * 0.35}
                fontSize={ts.size}
                fontWeight={last ? 600 : ts.weight}
                fill={last ? INK : ts.color}
              >
                {last ? item : `${item} /`}
              </text>
            );
          })}
        </>
      );
    }
    case "pagination": {
      const pages = Math.max(1, Math.min(7, Math.round(num(el.props.pages, 5))));
      const current = num(el.props.current, 1);
      const cells = ["‹", ...Array.from({ length: pages }, (_, i) => String(i + 1)), "›"];
      const cw = nn(Math.min(h, (w - (cells.length - 1) * 4) / cells.length));
      if (cw < 4) return null;
      return (
        <>
          {cells.map((c, i) => {
            const on = c === String(current);
            return (
              <g key={i}>
                <rect
                  x={x + i * (cw + 4)}
                  y={cy - cw / 2}
                  width={cw}
                  height={cw}
                  rx={radius}
                  fill={on ? INK : fill}
                  stroke={on ? INK : stroke}
                  strokeWidth={sw}
                />
                <text
                  x={x + i * (cw + 4) + cw / 2}
                  y={cy + ts.size * 0.35}
                  fontSize={ts.size}
                  fontWeight={ts.weight}
                  fill={on ? SURFACE : ts.color}
                  textAnchor="middle"
                >
                  {c}
                </text>
              </g>
            );
          })}
        </>
      );
    }
    case "card": {
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
    case "modal": {
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
    case "table": {
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
              <line
                x1={x}
                y1={y + rh * (r + 1)}
                x2={x + w}
                y2={y + rh * (r + 1)}
                stroke={stroke === "none" ? LINE : stroke}
                strokeWidth={1}
              />
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
    case "list": {
      const rh = Math.min(44, h / Math.max(1, items.length));
      const bullets = el.props.bullets !== false;
      return (
        <>
          {box}
          {items.map((item, i) => (
            <g key={i}>
              {i > 0 && w > 24 && (
                <line
                  x1={x + 12}
                  y1={y + rh * i}
                  x2={x + w - 12}
                  y2={y + rh * i}
                  stroke={stroke === "none" ? LINE : stroke}
                  strokeWidth={1}
                />
              )}
              {bullets && fits(w, rh, 24, 6) && <circle cx={x + 20} cy={y + rh * i + rh / 2} r={3} fill={MUTED} />}
              <Line1 x={x + (bullets ? 32 : 16)} cy={y + rh * i + rh / 2} text={item} ts={ts} width={w - 48} />
            </g>
          ))}
        </>
      );
    }
    case "chart": {
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
            <path
              d={`M${pcx} ${pcy}V${pcy - rr}A${rr} ${rr} 0 0 1 ${pcx + rr * Math.sin(2.2)} ${pcy - rr * Math.cos(2.2)}z`}
              fill={MUTED}
            />
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
          <rect
            key={i}
            x={px + i * bw + bw * 0.2}
            y={py + ph - v * ph}
            width={bw * 0.6}
            height={v * ph}
            rx={2}
            fill={i % 2 ? MUTED : INK}
          />
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
    case "alert": {
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
    case "badge":
    case "avatar":
      return (
        <>
          {el.component === "avatar" ? (
            <ellipse cx={x + w / 2} cy={cy} rx={w / 2} ry={h / 2} fill={fill} stroke={stroke} strokeWidth={sw} />
          ) : (
            box
          )}
          {w > 8 && (
            <text x={x + w / 2} y={cy + ts.size * 0.35} fontSize={ts.size} fontWeight={ts.weight} fill={ts.color} textAnchor="middle">
              {truncate(el.text, w - 8, ts.size, ts.weight)}
            </text>
          )}
        </>
      );
    case "progress": {
      const value = Math.max(0, Math.min(100, num(el.props.value, 60)));
      return (
        <>
          {box}
          <rect x={x} y={y} width={(w * value) / 100} height={h} rx={radius} fill={INK} />
        </>
      );
    }
  }
}

// ---------------------------------------------------------------------------------------
// Elements

/** The placeholder's cross, corner to corner, stopping where a rounded corner begins. */
function crossPath(x: number, y: number, w: number, h: number, radius: number): string {
  const i = radius * 0.3;
  return `M${x + i} ${y + i}L${x + w - i} ${y + h - i}M${x + w - i} ${y + i}L${x + i} ${y + h - i}`;
}

function Shape({ el, ctx }: { el: WireframeElement; ctx: Ctx }): ReactNode {
  const tokens = ctx.tokens;
  const r: Resolved = {
    fill: resolveColor(el.fill, tokens),
    stroke: resolveColor(el.stroke, tokens),
    sw: el.stroke === null ? 0 : el.strokeWidth,
    radius: nn(Math.min(resolveLength(el.radius, 0, tokens), el.width / 2, el.height / 2)),
    ts: resolveText("textStyle" in el ? el.textStyle : undefined, tokens),
  };
  const { x, y, width: w, height: h } = el;
  switch (el.type) {
    case "rectangle":
      return <rect x={x} y={y} width={w} height={h} rx={r.radius} fill={r.fill} stroke={r.stroke} strokeWidth={r.sw} />;
    case "ellipse":
      return <ellipse cx={x + w / 2} cy={y + h / 2} rx={w / 2} ry={h / 2} fill={r.fill} stroke={r.stroke} strokeWidth={r.sw} />;
    case "polygon":
      return (
        <polygon
          points={el.vertices.map(([vx, vy]) => `${x + vx * w},${y + vy * h}`).join(" ")}
          fill={r.fill}
          stroke={r.stroke}
          strokeWidth={r.sw}
          strokeLinejoin="round"
        />
      );
    case "image-placeholder":
      return (
        <>
          <rect x={x} y={y} width={w} height={h} rx={r.radius} fill={r.fill} stroke={r.stroke} strokeWidth={r.sw} />
          <path d={crossPath(x, y, w, h, r.radius)} stroke={r.stroke === "none" ? LINE : r.stroke} strokeWidth={1} />
        </>
      );
    case "image":
      if (el.fileId && ctx.imageUrl)
        return (
          <>
            <rect x={x} y={y} width={w} height={h} rx={r.radius} fill={r.fill} />
            <image href={ctx.imageUrl(el.fileId)} x={x} y={y} width={w} height={h} preserveAspectRatio="xMidYMid slice">
              {el.alt ? <title>{el.alt}</title> : null}
            </image>
            {r.sw > 0 && <rect x={x} y={y} width={w} height={h} rx={r.radius} fill="none" stroke={r.stroke} strokeWidth={r.sw} />}
          </>
        );
      return (
        <>
          <rect x={x} y={y} width={w} height={h} rx={r.radius} fill={r.fill} stroke={r.stroke} strokeWidth={r.sw} />
          {fits(w, h, 24, 24) && <IconPaths name="image" x={x + w / 2 - 12} y={y + h / 2 - 12} size={24} color={MUTED} />}
        </>
      );
    case "line":
    case "arrow": {
      const [x1, y1, x2, y2] = lineEndpoints(ctx.elements, el);
      const color = r.stroke === "none" ? INK : r.stroke;
      const sw = Math.max(1, el.strokeWidth);
      if (el.type === "line") return <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={color} strokeWidth={sw} strokeLinecap="round" />;
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const head = 6 + sw * 3;
      const p = (a: number) => `${x2 - head * Math.cos(angle + a)},${y2 - head * Math.sin(angle + a)}`;
      return (
        <>
          <line
            x1={x1}
            y1={y1}
            x2={x2 - (head / 2) * Math.cos(angle)}
            y2={y2 - (head / 2) * Math.sin(angle)}
            stroke={color}
            strokeWidth={sw}
            strokeLinecap="round"
          />
          <polygon points={`${x2},${y2} ${p(0.45)} ${p(-0.45)}`} fill={color} />
        </>
      );
    }
    case "text":
      return (
        <>
          {r.fill !== "none" && <rect x={x} y={y} width={w} height={h} rx={r.radius} fill={r.fill} stroke={r.stroke} strokeWidth={r.sw} />}
          <Paragraph x={x} y={y} width={w} text={el.text} ts={r.ts} />
        </>
      );
    case "icon": {
      const size = Math.min(w, h);
      return (
        <>
          {r.fill !== "none" && <rect x={x} y={y} width={w} height={h} rx={r.radius} fill={r.fill} />}
          <IconPaths
            name={el.icon}
            x={x + (w - size) / 2}
            y={y + (h - size) / 2}
            size={size}
            color={r.stroke === "none" ? INK : r.stroke}
            strokeWidth={el.strokeWidth || 2}
          />
        </>
      );
    }
    case "ui":
      return <UiSvg el={el} r={r} />;
    case "group":
      return <Children parentId={el.id} ctx={ctx} />;
    case "instance":
      return <InstanceSvg el={el} ctx={ctx} />;
  }
}

function InstanceSvg({ el, ctx }: { el: Extract<WireframeElement, { type: "instance" }>; ctx: Ctx }): ReactNode {
  const def = ctx.components?.[el.componentId]?.definition;
  if (!def || ctx.componentPath.includes(el.componentId) || ctx.componentPath.length >= 4) {
    return (
      <>
        <rect x={el.x} y={el.y} width={el.width} height={el.height} fill="none" stroke={MUTED} strokeWidth={1} strokeDasharray="4 3" />
        <Line1
          x={el.x + 6}
          cy={el.y + 12}
          text={def ? "Nested too deep" : "Missing component"}
          ts={resolveText(undefined)}
          size={11}
          color={MUTED}
          width={el.width - 12}
        />
      </>
    );
  }
  // The definition's elements with this instance's overrides on top.
  const elements: Record<string, WireframeElement> = {};
  for (const [id, child] of Object.entries(def.elements)) {
    const o = el.overrides[id];
    if (!o) elements[id] = child;
    else {
      let c = child as WireframeElement & { text?: string };
      if (o.hidden !== undefined) c = { ...c, hidden: o.hidden };
      if (o.fill !== undefined) c = { ...c, fill: o.fill };
      if (o.text !== undefined && "text" in c) c = { ...c, text: o.text };
      elements[id] = c;
    }
  }
  const sx = el.width / def.width;
  const sy = el.height / def.height;
  const inner: Ctx = { ...ctx, elements, index: childIndex(elements), componentPath: [...ctx.componentPath, el.componentId] };
  return (
    <g transform={`translate(${el.x} ${el.y}) scale(${sx} ${sy})`}>
      <Children parentId={null} ctx={inner} />
    </g>
  );
}

function Children({ parentId, ctx }: { parentId: string | null; ctx: Ctx }): ReactNode {
  const list = ctx.index.get(parentId);
  if (!list) return null;
  return list.map((child) => (child.hidden ? null : <ElementNode key={child.id} el={child} ctx={ctx} />));
}

function ElementNode({ el, ctx }: { el: WireframeElement; ctx: Ctx }) {
  const css = resolveShadow(el.shadow, ctx.tokens);
  const shadow = css ? shadowFilter(el.id, css, el) : null;
  return (
    <g data-id={el.id} opacity={el.opacity < 1 ? el.opacity : undefined} filter={shadow ? `url(#${shadow.id})` : undefined}>
      {shadow?.defs}
      <Shape el={el} ctx={ctx} />
    </g>
  );
}

/**
 * One element (a group with its children, an instance from its main component), in screen
 * coordinates, for a canvas that draws elements one by one. Hidden elements draw nothing.
 */
export const ElementSvg = memo(function ElementSvg({
  element,
  doc,
  ...options
}: { element: WireframeElement; doc: Pick<WireframeDocument, "elements"> } & RenderOptions) {
  if (element.hidden) return null;
  const ctx: Ctx = {
    ...options,
    elements: doc.elements,
    index: element.type === "group" ? childIndex(doc.elements, element.screenId) : new Map(),
    componentPath: [],
  };
  return <ElementNode el={element} ctx={ctx} />;
});

/**
 * A whole screen: background, then its top-level elements in z-order (hidden ones
 * skipped). The viewBox is the screen's size; `width` fixes the drawn width (the height
 * follows), otherwise the SVG fills what CSS gives it. `title` names it for screen readers.
 */
export function ScreenSvg({
  doc,
  screenId,
  width,
  className,
  title,
  ...options
}: { doc: WireframeDocument; screenId: string; width?: number; className?: string; title?: string } & RenderOptions) {
  const screen: Screen | undefined = doc.screens[screenId];
  if (!screen) return null;
  const ctx: Ctx = { ...options, elements: doc.elements, index: childIndex(doc.elements, screenId), componentPath: [] };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${screen.width} ${screen.height}`}
      width={width}
      height={width ? Math.round((width * screen.height) / screen.width) : undefined}
      className={className}
      fontFamily={FONT_FAMILY}
      role={title ? "img" : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      {title ? <title>{title}</title> : null}
      <rect width={screen.width} height={screen.height} fill={resolveColor(screen.background, options.tokens)} />
      <Children parentId={null} ctx={ctx} />
    </svg>
  );
}
