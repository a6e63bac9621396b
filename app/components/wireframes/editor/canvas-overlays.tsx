import { memo } from "react";
import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { HANDLES, handlePoint, rectFromPoints, type Point } from "~/lib/wireframes/editor/geometry";
import { boundsOf } from "~/lib/wireframes/geometry";
import { DIAMOND } from "~/lib/wireframes/elements";
import { textOn } from "./text-on";
import { type Observable, useObservable } from "./observable";
import type { EditorState, EditorStore, Tool, Viewport } from "./store";
import { type Interaction, HANDLE_PX } from "./canvas-gestures";

const selectPeers = (s: EditorState) => s.peers;
const selectViewport = (v: Viewport) => v;
const selectZoom = (v: Viewport) => v.zoom;

/** What the canvas draws over the screen: the grid, the selection and its handles, other people's selections, guides, the marquee and the shape being drawn. */

export const ViewportGroup = memo(function ViewportGroup({ store, children }: { store: EditorStore; children: React.ReactNode }) {
  const v = useObservable(store.viewport, selectViewport);
  return <g transform={`translate(${v.x} ${v.y}) scale(${v.zoom})`}>{children}</g>;
});

/** The 8 px grid, drawn once the zoom makes it readable. */
export const Grid = memo(function Grid({ store, width, height }: { store: EditorStore; width: number; height: number }) {
  const zoom = useObservable(store.viewport, selectZoom);
  if (zoom < 1) return null;
  return (
    <>
      <defs>
        <pattern id="wf-grid" width={8} height={8} patternUnits="userSpaceOnUse">
          <path
            d="M8 0H0V8"
            fill="none"
            className="stroke-slate-400"
            strokeOpacity={0.25}
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        </pattern>
      </defs>
      <rect x={0} y={0} width={width} height={height} fill="url(#wf-grid)" pointerEvents="none" />
    </>
  );
});

export const SelectionOverlay = memo(function SelectionOverlay({
  store,
  doc,
  selection,
  editing,
}: {
  store: EditorStore;
  doc: WireframeDocument;
  selection: string[];
  editing: string | null;
}) {
  const zoom = useObservable(store.viewport, selectZoom);
  const els = selection.map((id) => doc.elements[id]).filter((el): el is WireframeElement => !!el);
  if (!els.length) return null;
  const movable = els.filter((el) => !el.locked);
  const box = boundsOf(movable);
  const hs = HANDLE_PX / zoom;
  return (
    <g className="wf-follow" pointerEvents="none">
      {els.map((el) => (
        <rect
          key={el.id}
          x={el.x}
          y={el.y}
          width={el.width}
          height={el.height}
          fill="none"
          className={el.locked ? "stroke-slate-400" : "stroke-blue-600"}
          strokeWidth={1.5}
          strokeDasharray={el.locked ? "4 3" : undefined}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {box && store.editable && !editing ? (
        <>
          {els.length > 1 ? (
            <rect
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              fill="none"
              className="stroke-blue-600"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
          {HANDLES.map((h) => {
            const p = handlePoint(box, h);
            return (
              <rect
                key={h}
                x={p.x - hs / 2}
                y={p.y - hs / 2}
                width={hs}
                height={hs}
                className="fill-white stroke-blue-600"
                strokeWidth={1.5}
                vectorEffect="non-scaling-stroke"
              />
            );
          })}
        </>
      ) : null}
    </g>
  );
});

/** Other people's selections, outlined in their colour with their name. */
export function PeerOutlines({ store, doc, screenId }: { store: EditorStore; doc: WireframeDocument; screenId: string }) {
  const peers = useObservable(store.state, selectPeers);
  const zoom = useObservable(store.viewport, selectZoom);
  return (
    <g pointerEvents="none">
      {Object.values(peers)
        .filter((p) => p.screenId === screenId)
        .map((p) => {
          const els = p.selection.map((id) => doc.elements[id]).filter((el): el is WireframeElement => !!el);
          const box = boundsOf(els);
          if (!box) return null;
          return (
            <g key={p.clientId} data-peer={p.name}>
              {els.map((el) => (
                <rect
                  key={el.id}
                  x={el.x - 2 / zoom}
                  y={el.y - 2 / zoom}
                  width={el.width + 4 / zoom}
                  height={el.height + 4 / zoom}
                  fill="none"
                  stroke={p.color}
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              <rect
                x={box.x - 2 / zoom}
                y={box.y - 20 / zoom}
                width={(p.name.length * 7 + 10) / zoom}
                height={16 / zoom}
                rx={3 / zoom}
                fill={p.color}
              />
              <text x={box.x + 3 / zoom} y={box.y - 8 / zoom} fontSize={11 / zoom} fill={textOn(p.color)} fontWeight={600}>
                {p.name}
              </text>
            </g>
          );
        })}
    </g>
  );
}

export const selectInteraction = (i: Interaction) => i;

/** Guides, the marquee, the shape being drawn, the hovered element. */
export function InteractionOverlay({
  store,
  interaction,
  doc,
}: {
  store: EditorStore;
  interaction: Observable<Interaction>;
  doc: WireframeDocument;
}) {
  const i = useObservable(interaction, selectInteraction);
  const zoom = useObservable(store.viewport, selectZoom);
  const guides = i.kind === "move" || i.kind === "resize" || i.kind === "draw" ? i.guides : [];
  const hover = i.kind === "idle" && i.hover ? doc.elements[i.hover] : null;
  return (
    <g pointerEvents="none">
      {hover ? (
        <rect
          x={hover.x}
          y={hover.y}
          width={hover.width}
          height={hover.height}
          fill="none"
          className="stroke-blue-400"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {guides.map((g, k) =>
        g.axis === "x" ? (
          <line
            key={k}
            className="wf-guide stroke-pink-600"
            x1={g.at}
            x2={g.at}
            y1={g.from - 8 / zoom}
            y2={g.to + 8 / zoom}
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ) : (
          <line
            key={k}
            className="wf-guide stroke-pink-600"
            y1={g.at}
            y2={g.at}
            x1={g.from - 8 / zoom}
            x2={g.to + 8 / zoom}
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ),
      )}
      {i.kind === "marquee" ? (
        <rect
          x={i.rect.x}
          y={i.rect.y}
          width={i.rect.width}
          height={i.rect.height}
          className="fill-blue-500 stroke-blue-500"
          fillOpacity={0.08}
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
      {i.kind === "draw" ? <DrawPreview tool={i.tool} from={i.from} to={i.to} /> : null}
    </g>
  );
}

export function DrawPreview({ tool, from, to }: { tool: Tool; from: Point; to: Point }) {
  if (tool === "line" || tool === "arrow") {
    return (
      <line x1={from.x} y1={from.y} x2={to.x} y2={to.y} className="stroke-blue-600" strokeWidth={2} vectorEffect="non-scaling-stroke" />
    );
  }
  const r = rectFromPoints(from, to);
  if (tool === "polygon") {
    return (
      <polygon
        points={DIAMOND.map(([vx, vy]) => `${r.x + vx * r.width},${r.y + vy * r.height}`).join(" ")}
        fill="none"
        className="stroke-blue-600"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    );
  }
  if (tool === "ellipse") {
    return (
      <ellipse
        cx={r.x + r.width / 2}
        cy={r.y + r.height / 2}
        rx={r.width / 2}
        ry={r.height / 2}
        fill="none"
        className="stroke-blue-600"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    );
  }
  return (
    <rect
      x={r.x}
      y={r.y}
      width={r.width}
      height={r.height}
      fill="none"
      className="stroke-blue-600"
      strokeWidth={1.5}
      vectorEffect="non-scaling-stroke"
    />
  );
}
