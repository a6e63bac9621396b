/**
 * The editor's Prototype mode (issue 15): every screen side by side, each interaction drawn
 * as an arrow from its element to the screen it opens. Click an element to select it (its
 * interactions are edited in the panel, prototype-panel.tsx); drag an arrow's end onto
 * another screen to change its target. Every change is a patch through the store, so it
 * saves, co-edits and undoes like any other edit. Feedback pins show on their screens.
 */
import { Link } from "@remix-run/react";
import { useMemo, useRef, useState } from "react";
import type { Interaction, WireframeDocument } from "~/lib/wireframes/document";
import { sortedScreens, sourceScreenId } from "~/lib/wireframes/prototype";
import { ScreenSvg } from "~/lib/wireframes/render";
import { actionTarget } from "~/lib/wireframes/schema";
import { useObservable } from "./observable";
import { PinsLayer, usePins } from "./pins-layer";
import type { EditorState, EditorStore } from "./store";

const selectDoc = (s: EditorState) => s.doc;
const selectSelection = (s: EditorState) => s.selection;
const selectScreenId = (s: EditorState) => s.screenId;

const ROW_HEIGHT = 260;
const GAP = 96;
const PAD = 32;

type Placed = { id: string; name: string; x: number; y: number; w: number; h: number; scale: number };

/** Where each screen sits on the map: one row, each scaled to the row's height (wide ones narrower). */
function layout(doc: WireframeDocument): Placed[] {
  let x = PAD;
  return sortedScreens(doc).map((s) => {
    const scale = Math.min(ROW_HEIGHT / s.height, 360 / s.width);
    const placed = { id: s.id, name: s.name, x, y: PAD + 24, w: s.width * scale, h: s.height * scale, scale };
    x += placed.w + GAP;
    return placed;
  });
}

/** The mode switch: Design (the canvas) or Prototype (this map). */
export function ModeSwitch({
  mode,
  onChange,
  wireframeId,
}: {
  mode: "design" | "prototype";
  onChange: (mode: "design" | "prototype") => void;
  wireframeId: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-1.5 text-sm">
      <div role="radiogroup" aria-label="Editor mode" className="inline-flex rounded-md ring-1 ring-slate-300">
        {(["design", "prototype"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => onChange(m)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                e.preventDefault();
                onChange(mode === "design" ? "prototype" : "design");
              }
            }}
            tabIndex={mode === m ? 0 : -1}
            className={`px-3 py-1 font-medium first:rounded-l-md last:rounded-r-md ${mode === m ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {m === "design" ? "Design" : "Prototype"}
          </button>
        ))}
      </div>
      <Link
        to={`/prototypes/${wireframeId}`}
        className="ml-auto rounded-md px-3 py-1 font-medium text-brand-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
      >
        Play
      </Link>
    </div>
  );
}

export function PrototypeMap({ store }: { store: EditorStore }) {
  const doc = useObservable(store.state, selectDoc);
  const selection = useObservable(store.state, selectSelection);
  const current = useObservable(store.state, selectScreenId);
  const placed = useMemo(() => layout(doc), [doc]);
  const pins = usePins(store.wireframeId);
  const byId = useMemo(() => new Map(placed.map((p) => [p.id, p])), [placed]);
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ id: string; x: number; y: number } | null>(null);
  const width = (placed[placed.length - 1]?.x ?? 0) + (placed[placed.length - 1]?.w ?? 0) + PAD;
  const height = PAD * 2 + 24 + ROW_HEIGHT + 80;

  const arrows = Object.values(doc.interactions ?? {}).flatMap((it) => {
    const target = actionTarget(it.action);
    const from = sourceScreenId(doc, it);
    const src = from ? byId.get(from) : undefined;
    const dst = target ? byId.get(target) : undefined;
    if (!src || !dst) return [];
    const el = "elementId" in it.source ? doc.elements[it.source.elementId] : undefined;
    const sx = el ? src.x + (el.x + el.width / 2) * src.scale : src.x + src.w / 2;
    const sy = el ? src.y + (el.y + el.height / 2) * src.scale : src.y;
    const right = dst.x > src.x;
    const ex = dst.id === src.id ? dst.x + dst.w : right ? dst.x : dst.x + dst.w;
    const ey = dst.y + dst.h / 2;
    return [{ it, sx, sy, ex, ey, selected: el ? selection.includes(el.id) : false }];
  });

  const point = (e: React.PointerEvent) => {
    const box = svg.current!.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  const drop = (it: Interaction, x: number, y: number) => {
    const hit = placed.find((p) => x >= p.x && x <= p.x + p.w && y >= p.y - 24 && y <= p.y + p.h);
    const a = it.action;
    if (!hit || (a.type !== "navigate" && a.type !== "overlay") || a.screenId === hit.id) return;
    store.commit([{ op: "set-interaction", id: it.id, key: "action", value: { ...a, screenId: hit.id } }], {
      say: `Now opens ${hit.name}`,
    });
  };

  return (
    <div className="relative min-h-0 flex-1 overflow-auto bg-slate-100" data-prototype-map>
      <div className="relative" style={{ width, height }}>
        {placed.map((p) => {
          const screen = doc.screens[p.id]!;
          return (
            <figure key={p.id} className="absolute m-0" style={{ left: p.x, top: p.y - 24, width: p.w }}>
              <figcaption className="mb-1 truncate text-xs font-medium text-slate-700">
                <button
                  type="button"
                  className={`hover:underline ${p.id === current ? "text-brand-700" : ""}`}
                  onClick={() => store.setScreen(p.id)}
                >
                  {screen.name}
                </button>
              </figcaption>
              <div
                className={`relative bg-white shadow ${p.id === current ? "ring-2 ring-brand-500" : "ring-1 ring-slate-300"}`}
                style={{ width: p.w, height: p.h }}
                data-map-screen={screen.name}
              >
                <ScreenSvg doc={doc} screenId={p.id} components={store.get().components} className="block h-full w-full" />
                {Object.values(doc.elements)
                  .filter((el) => el.screenId === p.id && el.parentId === null && !el.hidden)
                  .map((el) => (
                    <button
                      key={el.id}
                      type="button"
                      tabIndex={-1}
                      aria-hidden
                      className={`absolute ${selection.includes(el.id) ? "outline-2 outline-brand-600" : "hover:outline hover:outline-1 hover:outline-brand-400"}`}
                      style={{ left: el.x * p.scale, top: el.y * p.scale, width: el.width * p.scale, height: el.height * p.scale }}
                      onClick={() => {
                        if (p.id !== current) store.setScreen(p.id);
                        store.select([el.id]);
                      }}
                      data-map-element={el.name}
                    />
                  ))}
                <PinsLayer pins={pins} wireframeId={store.wireframeId} screenId={p.id} scale={p.scale} />
              </div>
            </figure>
          );
        })}
        <svg ref={svg} className="pointer-events-none absolute inset-0" width={width} height={height} aria-hidden>
          <defs>
            <marker id="proto-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" fill="#2563eb" />
            </marker>
          </defs>
          {arrows.map(({ it, sx, sy, ex, ey, selected }) => {
            const dragging = drag?.id === it.id;
            const tx = dragging ? drag.x : ex;
            const ty = dragging ? drag.y : ey;
            const mid = (sx + tx) / 2;
            return (
              <g key={it.id} data-arrow={it.id}>
                <path
                  d={`M${sx},${sy} C${mid},${sy} ${mid},${ty} ${tx},${ty}`}
                  fill="none"
                  stroke={selected ? "#1d4ed8" : "#3b82f6"}
                  strokeWidth={selected ? 2.5 : 1.5}
                  strokeDasharray={it.action.type === "overlay" ? "6 4" : undefined}
                  markerEnd="url(#proto-arrow)"
                />
                <circle cx={sx} cy={sy} r={4} fill="#2563eb" />
                {store.editable ? (
                  <circle
                    cx={tx}
                    cy={ty}
                    r={8}
                    fill="#ffffff"
                    stroke="#2563eb"
                    strokeWidth={2}
                    className="pointer-events-auto cursor-grab"
                    data-arrow-end={it.id}
                    onPointerDown={(e) => {
                      e.currentTarget.setPointerCapture(e.pointerId);
                      setDrag({ id: it.id, ...point(e) });
                    }}
                    onPointerMove={(e) => {
                      if (drag?.id === it.id) setDrag({ id: it.id, ...point(e) });
                    }}
                    onPointerUp={(e) => {
                      const p = point(e);
                      setDrag(null);
                      drop(it, p.x, p.y);
                    }}
                  />
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      {placed.length > 0 && arrows.length === 0 ? (
        <p className="absolute bottom-4 left-4 rounded-md bg-white px-3 py-2 text-sm text-slate-600 shadow">
          No interactions yet. Select an element, then add one in the panel.
        </p>
      ) : null}
    </div>
  );
}
