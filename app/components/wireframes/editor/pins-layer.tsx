/**
 * Feedback pins in the editor (issue 15): the comments left while playing the prototype,
 * drawn at their spot on the Design canvas (through its pan and zoom) and on each screen of
 * Prototype mode's map. Read from /prototypes/{id}/pins once the view opens; each pin links
 * to its thread in the player.
 */
import { useEffect, useState } from "react";
import { useObservable } from "./observable";
import type { EditorStore, Viewport } from "./store";

export type EditorPin = { id: string; screenId: string; x: number; y: number; resolved: boolean; count: number; first: string };

/** The wireframe's pins, loaded once (an empty list until they arrive or when they cannot be read). */
export function usePins(wireframeId: string): EditorPin[] {
  const [pins, setPins] = useState<EditorPin[]>([]);
  useEffect(() => {
    let live = true;
    fetch(`/prototypes/${wireframeId}/pins`, { headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ pins: EditorPin[] }>) : { pins: [] }))
      .then((d) => {
        if (live) setPins(d.pins);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wireframeId]);
  return pins;
}

export function PinsLayer({
  pins,
  wireframeId,
  screenId,
  scale,
  offset = { x: 0, y: 0 },
}: {
  pins: EditorPin[];
  wireframeId: string;
  screenId: string;
  scale: number;
  /** Where the screen's origin is in the layer (the canvas's pan), px. */
  offset?: { x: number; y: number };
}) {
  const mine = pins.filter((p) => p.screenId === screenId);
  if (mine.length === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" data-testid="editor-pins">
      {mine.map((p, i) => (
        <a
          key={p.id}
          href={`/prototypes/${wireframeId}?screen=${encodeURIComponent(screenId)}&comments=1#pin-${p.id}`}
          className={`pointer-events-auto absolute flex h-6 w-6 -translate-x-1/2 -translate-y-full items-center justify-center rounded-full rounded-bl-none text-[11px] font-semibold text-white shadow ${
            p.resolved ? "bg-slate-400" : "bg-brand-600"
          }`}
          style={{ left: offset.x + p.x * scale, top: offset.y + p.y * scale }}
          title={p.first}
          aria-label={`Comment ${i + 1}${p.resolved ? " (resolved)" : ""}: ${p.first}`}
          data-editor-pin
          // A pin is a link: the canvas under it starts no gesture.
          onPointerDown={(e) => e.stopPropagation()}
        >
          {i + 1}
        </a>
      ))}
    </div>
  );
}

const viewportOf = (v: Viewport) => v;

/** The pins of the screen shown on the Design canvas, following its pan and zoom. */
export function CanvasPins({ store, screenId }: { store: EditorStore; screenId: string }) {
  const pins = usePins(store.wireframeId);
  const v = useObservable(store.viewport, viewportOf);
  return <PinsLayer pins={pins} wireframeId={store.wireframeId} screenId={screenId} scale={v.zoom} offset={{ x: v.x, y: v.y }} />;
}
