/**
 * Feedback pins in the editor (issue 15): the comments left while playing the prototype,
 * drawn at their spot on each screen of Prototype mode's map. Read from
 * /prototypes/{id}/pins once the mode opens; each pin links to its thread in the player.
 */
import { useEffect, useState } from "react";

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
}: {
  pins: EditorPin[];
  wireframeId: string;
  screenId: string;
  scale: number;
}) {
  const mine = pins.filter((p) => p.screenId === screenId);
  if (mine.length === 0) return null;
  return (
    <div className="pointer-events-none absolute inset-0" data-testid="editor-pins">
      {mine.map((p, i) => (
        <a
          key={p.id}
          href={`/prototypes/${wireframeId}?screen=${encodeURIComponent(screenId)}&comments=1#pin-${p.id}`}
          className={`pointer-events-auto absolute flex h-6 w-6 -translate-x-1/2 -translate-y-full items-center justify-center rounded-full rounded-bl-none text-[11px] font-semibold text-white shadow ${
            p.resolved ? "bg-slate-400" : "bg-brand-600"
          }`}
          style={{ left: p.x * scale, top: p.y * scale }}
          title={p.first}
          aria-label={`Comment ${i + 1}${p.resolved ? " (resolved)" : ""}: ${p.first}`}
          data-editor-pin
        >
          {i + 1}
        </a>
      ))}
    </div>
  );
}
