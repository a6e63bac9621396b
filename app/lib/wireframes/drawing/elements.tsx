import type { ReactNode } from "react";
import type { ComponentDefinition, WireframeElement } from "../document";
import { INK, LINE, MUTED } from "../kit";
import { childIndex } from "../tree";
import { lineEndpoints } from "../geometry";
import { resolveShadow, shadowFilter } from "../shadow";
import { fits, IconPaths, Line1, nn, Paragraph, resolveColor, resolveLength, resolveText, type Resolved, type TokenValues } from "./draw";
import { UiSvg } from "./ui";

/**
 * Drawing one element of each kind (a UI component by its own module, app/lib/wireframes/drawing/ui/),
 * a group's children, and an instance from its main component with its overrides.
 */

export type RenderComponents = Record<string, { definition: ComponentDefinition }>;

export type RenderOptions = {
  components?: RenderComponents;
  /** The URL of an uploaded image (`/wireframes/:id/images/:fileId`); without it images draw as placeholders. */
  imageUrl?: (fileId: string) => string;
  tokens?: TokenValues;
};

export type Ctx = RenderOptions & {
  elements: Record<string, WireframeElement>;
  index: Map<string | null, WireframeElement[]>;
  /** Instances inside instances: stop at a depth (and at a component that contains itself). */
  componentPath: string[];
};

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

export function Children({ parentId, ctx }: { parentId: string | null; ctx: Ctx }): ReactNode {
  const list = ctx.index.get(parentId);
  if (!list) return null;
  return list.map((child) => (child.hidden ? null : <ElementNode key={child.id} el={child} ctx={ctx} />));
}

export function ElementNode({ el, ctx }: { el: WireframeElement; ctx: Ctx }) {
  const css = resolveShadow(el.shadow, ctx.tokens);
  const shadow = css ? shadowFilter(el.id, css, el) : null;
  return (
    <g data-id={el.id} opacity={el.opacity < 1 ? el.opacity : undefined} filter={shadow ? `url(#${shadow.id})` : undefined}>
      {shadow?.defs}
      <Shape el={el} ctx={ctx} />
    </g>
  );
}
