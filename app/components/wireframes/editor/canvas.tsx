/**
 * The canvas: the current screen drawn by the shared renderer, and every pointer gesture
 * on it (select, marquee, move, resize, draw, pan, zoom, drop from the library). A move
 * drags the selection with a CSS transform (no re-render of the elements) and commits one
 * patch when the pointer lets go; a resize redraws only the elements it changes.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import type { WireframeDocument } from "~/lib/wireframes/document";
import { resizeOps } from "~/lib/wireframes/editor/edits";
import { HANDLES, handlePoint, rectFromPoints, resizeRect, type Handle, type Point } from "~/lib/wireframes/editor/geometry";
import { snapMove, snapPoint } from "~/lib/wireframes/editor/snap";
import { hitTest, rootsOf, selectInRect, withDescendants } from "~/lib/wireframes/editor/tree";
import { applyOpsSkipping } from "~/lib/wireframes/ops";
import { ElementSvg, FONT_FAMILY, resolveColor } from "~/lib/wireframes/render";
import { MissingTokenMarks, useDesign } from "./token-picker";
import { ElementLayer } from "./element-layer";
import { LIBRARY_MIME, type LibraryItem } from "./library-items";
import { CanvasPins } from "./pins-layer";
import { Observable, useObservable } from "./observable";
import type { EditorState, EditorStore } from "./store";
import { TextEditor } from "./text-editor";
import {
  type Interaction,
  type Gesture,
  IDLE,
  HANDLE_PX,
  SNAP_PX,
  DRAG_START_PX,
  snapTargets,
  selectionBox,
  constrain,
  selectableWithin,
  drawElement,
} from "./canvas-gestures";
import { ViewportGroup, Grid, SelectionOverlay, PeerOutlines, InteractionOverlay } from "./canvas-overlays";

const selectDoc = (s: EditorState) => s.doc;

const selectScreenId = (s: EditorState) => s.screenId;

const selectSelection = (s: EditorState) => s.selection;

const selectTool = (s: EditorState) => s.tool;

const selectComponents = (s: EditorState) => s.components;

const selectEditing = (s: EditorState) => s.editingText;

export function Canvas({ store, label }: { store: EditorStore; label: string }) {
  const doc = useObservable(store.state, selectDoc);
  const screenId = useObservable(store.state, selectScreenId);
  const selection = useObservable(store.state, selectSelection);
  const tool = useObservable(store.state, selectTool);
  const components = useObservable(store.state, selectComponents);
  const editing = useObservable(store.state, selectEditing);
  const wrap = useRef<HTMLDivElement>(null);
  const dragLayer = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const [interaction] = useState(() => new Observable<Interaction>(IDLE));
  const [dragIds, setDragIds] = useState<string[]>([]);
  const [preview, setPreview] = useState<WireframeDocument | null>(null);
  const [space, setSpace] = useState(false);
  const screen = doc.screens[screenId];
  const imageUrl = useCallback((fileId: string) => `/wireframes/${store.wireframeId}/images/${fileId}`, [store.wireframeId]);
  const { tokens } = useDesign();

  // The canvas's size, for zoom to fit and for where a placed component goes.
  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => store.setViewportSize(el.clientWidth, el.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [store]);

  // Wheel: pan; with Ctrl/Cmd (and a trackpad pinch, which the browser sends as Ctrl+wheel): zoom.
  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      if (e.ctrlKey || e.metaKey) store.zoomBy(Math.exp(-e.deltaY * 0.01), { x: e.clientX - rect.left, y: e.clientY - rect.top });
      else store.panBy(-(e.shiftKey && !e.deltaX ? e.deltaY : e.deltaX), e.shiftKey && !e.deltaX ? 0 : -e.deltaY);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [store]);

  // Space held: the pointer pans (like the hand tool).
  useEffect(() => {
    const typing = (t: EventTarget | null) =>
      !!(t as HTMLElement | null)?.closest?.("input, textarea, select, button, [contenteditable=true]");
    const down = (e: KeyboardEvent) => {
      if (e.code === "Space" && !e.repeat && !typing(e.target) && wrap.current?.contains(document.activeElement)) {
        e.preventDefault();
        setSpace(true);
      }
    };
    const up = (e: KeyboardEvent) => e.code === "Space" && setSpace(false);
    const blur = () => setSpace(false);
    window.addEventListener("keydown", down);
    window.addEventListener("keyup", up);
    window.addEventListener("blur", blur);
    return () => {
      window.removeEventListener("blur", blur);
      window.removeEventListener("keydown", down);
      window.removeEventListener("keyup", up);
    };
  }, []);

  const setDrag = (dx: number, dy: number) => {
    const zoom = store.viewport.get().zoom;
    if (dragLayer.current) dragLayer.current.style.transform = dx || dy ? `translate(${dx * zoom}px, ${dy * zoom}px)` : "";
  };

  const docPoint = (e: { clientX: number; clientY: number }) => store.toDoc(e.clientX, e.clientY, wrap.current!.getBoundingClientRect());

  /** Which resize handle of the selection is under the pointer. */
  const handleAt = (p: Point): Handle | null => {
    const s = store.get();
    if (!store.editable || s.editingText) return null;
    const movable = s.selection.filter((id) => !s.doc.elements[id]?.locked);
    const box = selectionBox(s.doc, movable);
    if (!box) return null;
    const tol = (HANDLE_PX / 2 + 3) / store.viewport.get().zoom;
    return (
      HANDLES.find((h) => {
        const hp = handlePoint(box, h);
        return Math.abs(hp.x - p.x) <= tol && Math.abs(hp.y - p.y) <= tol;
      }) ?? null
    );
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.target instanceof HTMLElement && e.target.closest("textarea")) return;
    wrap.current?.focus({ preventScroll: true });
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      pinch.current = { distance: Math.hypot(a!.x - b!.x, a!.y - b!.y), zoom: store.viewport.get().zoom };
      gesture.current = null;
      return;
    }
    if (e.button !== 0 && e.button !== 1) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const s = store.get();
    if (s.editingText) store.patch({ editingText: null });
    if (e.button === 1 || space || s.tool === "hand") {
      gesture.current = { kind: "pan", last: { x: e.clientX, y: e.clientY } };
      return;
    }
    const at = docPoint(e);
    const zoom = store.viewport.get().zoom;
    if (s.tool !== "select") {
      if (!store.editable) return;
      const targets = snapTargets(s.doc, s.screenId, new Set());
      const start = e.altKey ? at : snapPoint(at, targets, { threshold: SNAP_PX / zoom }).point;
      gesture.current = { kind: "draw", tool: s.tool, at: start, targets, to: start };
      interaction.set({ kind: "draw", tool: s.tool, from: start, to: start, guides: [] });
      return;
    }
    const handle = handleAt(at);
    if (handle) {
      const ids = s.selection.filter((id) => !s.doc.elements[id]?.locked);
      const box = selectionBox(s.doc, ids)!;
      const exclude = new Set(withDescendants(s.doc.elements, ids).map((el) => el.id));
      gesture.current = { kind: "resize", handle, box, ids, at, targets: snapTargets(s.doc, s.screenId, exclude), rect: box };
      return;
    }
    const hit = hitTest(s.doc, s.screenId, at, 4 / zoom);
    const target = hit ? store.clickTarget(hit) : null;
    if (!target) {
      if (!e.shiftKey) store.select([]);
      gesture.current = { kind: "marquee", at, base: e.shiftKey ? s.selection : [] };
      return;
    }
    let ids = s.selection;
    if (e.shiftKey) {
      store.toggleInSelection(target);
      ids = store.get().selection;
      if (!ids.includes(target)) {
        gesture.current = null;
        return;
      }
    } else if (!s.selection.includes(target)) {
      store.select([target]);
      ids = [target];
    }
    gesture.current = { kind: "press", client: { x: e.clientX, y: e.clientY }, at, ids };
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch.current && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const rect = wrap.current!.getBoundingClientRect();
      const mid = { x: (a!.x + b!.x) / 2 - rect.left, y: (a!.y + b!.y) / 2 - rect.top };
      store.zoomTo((pinch.current.zoom * Math.hypot(a!.x - b!.x, a!.y - b!.y)) / pinch.current.distance, mid);
      return;
    }
    const g = gesture.current;
    const zoom = store.viewport.get().zoom;
    if (!g) {
      if (e.pointerType === "mouse" && store.get().tool === "select") {
        const s = store.get();
        const hit = hitTest(s.doc, s.screenId, docPoint(e), 4 / zoom);
        const hover = hit ? store.clickTarget(hit) : null;
        const now = interaction.get();
        if (now.kind !== "idle" || now.hover !== hover) interaction.set({ kind: "idle", hover });
      }
      return;
    }
    if (g.kind === "pan") {
      store.panBy(e.clientX - g.last.x, e.clientY - g.last.y);
      g.last = { x: e.clientX, y: e.clientY };
      return;
    }
    const at = docPoint(e);
    if (g.kind === "press") {
      if (Math.hypot(e.clientX - g.client.x, e.clientY - g.client.y) < DRAG_START_PX || !store.editable) return;
      const s = store.get();
      const ids = rootsOf(s.doc.elements, g.ids).filter((id) => !s.doc.elements[id]?.locked);
      const box = selectionBox(s.doc, ids);
      if (!box) return;
      const exclude = new Set(withDescendants(s.doc.elements, ids).map((el) => el.id));
      gesture.current = { kind: "move", client: g.client, box, ids, targets: snapTargets(s.doc, s.screenId, exclude), dx: 0, dy: 0 };
      setDragIds(ids);
      return onPointerMove(e);
    }
    if (g.kind === "move") {
      const start = store.toDoc(g.client.x, g.client.y, wrap.current!.getBoundingClientRect());
      const rawDx = at.x - start.x;
      const rawDy = at.y - start.y;
      const moving = { ...g.box, x: g.box.x + rawDx, y: g.box.y + rawDy };
      const snap = e.altKey ? { dx: 0, dy: 0, guides: [] } : snapMove(moving, g.targets, { threshold: SNAP_PX / zoom });
      g.dx = Math.round(rawDx + snap.dx);
      g.dy = Math.round(rawDy + snap.dy);
      setDrag(g.dx, g.dy);
      interaction.set({ kind: "move", guides: snap.guides });
      return;
    }
    if (g.kind === "resize") {
      const hp = handlePoint(g.box, g.handle);
      const moved = { x: hp.x + at.x - g.at.x, y: hp.y + at.y - g.at.y };
      const snapped = e.altKey ? { point: moved, guides: [] } : snapPoint(moved, g.targets, { threshold: SNAP_PX / zoom });
      const rect = resizeRect(g.box, g.handle, snapped.point.x - hp.x, snapped.point.y - hp.y, { keepRatio: e.shiftKey });
      g.rect = rect;
      const s = store.get();
      setPreview(applyOpsSkipping(s.doc, resizeOps(s.doc, g.ids, g.box, rect)).doc);
      interaction.set({ kind: "resize", guides: snapped.guides });
      return;
    }
    if (g.kind === "marquee") {
      const rect = rectFromPoints(g.at, at);
      interaction.set({ kind: "marquee", rect });
      const s = store.get();
      const caught = selectInRect(s.doc, s.screenId, rect, s.scope);
      store.select([...new Set([...g.base, ...caught])]);
      return;
    }
    if (g.kind === "draw") {
      const snapped = e.altKey ? { point: at, guides: [] } : snapPoint(at, g.targets, { threshold: SNAP_PX / zoom });
      const to = e.shiftKey ? constrain(g.at, snapped.point, g.tool) : snapped.point;
      g.to = to;
      interaction.set({ kind: "draw", tool: g.tool, from: g.at, to, guides: e.shiftKey ? [] : snapped.guides });
    }
  };

  const finish = (e: ReactPointerEvent<HTMLDivElement>, cancel = false) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    const g = gesture.current;
    gesture.current = null;
    if (!g) return;
    const s = store.get();
    if (g.kind === "move") {
      setDrag(0, 0);
      setDragIds([]);
      interaction.set(IDLE);
      if (!cancel && (g.dx || g.dy)) store.nudgeIds(g.ids, g.dx, g.dy);
    } else if (g.kind === "resize") {
      setPreview(null);
      interaction.set(IDLE);
      if (!cancel && (g.rect.width !== g.box.width || g.rect.height !== g.box.height || g.rect.x !== g.box.x || g.rect.y !== g.box.y)) {
        store.commit(resizeOps(s.doc, g.ids, g.box, g.rect), { say: "Resized" });
      }
    } else if (g.kind === "marquee") {
      interaction.set(IDLE);
    } else if (g.kind === "draw") {
      interaction.set(IDLE);
      if (!cancel) drawElement(store, g.tool, g.at, g.to);
    }
  };

  const onDoubleClick = (e: React.MouseEvent) => {
    const s = store.get();
    const at = docPoint(e);
    const hit = hitTest(s.doc, s.screenId, at, 4 / store.viewport.get().zoom);
    if (!hit) return;
    const target = store.clickTarget(hit);
    if (!target) return;
    const el = s.doc.elements[target]!;
    if (el.type === "group") {
      // Into the group, and select what was under the pointer inside it.
      const inner = selectableWithin(s.doc, hit, el.id);
      store.select(inner ? [inner] : [], el.id);
    } else if (el.type === "instance") store.enterComponent(el.componentId);
    else store.startTextEdit(target);
  };

  const onDragOver = (e: React.DragEvent) => {
    if (store.editable && e.dataTransfer.types.includes(LIBRARY_MIME)) {
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
    }
  };

  const onDrop = (e: React.DragEvent) => {
    const raw = e.dataTransfer.getData(LIBRARY_MIME);
    if (!raw) return;
    e.preventDefault();
    try {
      const item = JSON.parse(raw) as LibraryItem;
      store.placeFromLibrary(item, docPoint(e));
    } catch {
      // not ours
    }
  };

  // While dragged, the elements (and the selection's frame) leave the main drawing for the drag layer.
  const dragStyle = useMemo(
    () =>
      dragIds.length
        ? `${[".wf-main .wf-follow", ...dragIds.map((id) => `.wf-elements [data-id="${CSS.escape(id)}"]`)].join(",")}{display:none}`
        : "",
    [dragIds],
  );

  const cursor = space || tool === "hand" ? "grab" : tool === "select" ? "default" : "crosshair";
  const shown = preview ?? doc;

  return (
    // The canvas is one interactive widget (role application): pointer gestures here, its keys in shortcuts.tsx.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={wrap}
      className="relative min-h-0 flex-1 touch-none overflow-hidden bg-slate-200 outline-none select-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
      style={{ cursor }}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="application"
      aria-roledescription="canvas"
      aria-label={label}
      aria-describedby="wf-canvas-help"
      data-canvas
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => finish(e)}
      onPointerCancel={(e) => finish(e, true)}
      onDoubleClick={onDoubleClick}
      onKeyDown={(e) => {
        // Space pans (held down); it never scrolls the page.
        if (e.key === " ") e.preventDefault();
      }}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      <p id="wf-canvas-help" className="sr-only">
        Arrow keys move the selection (Shift: 10 px), Alt with arrows resizes it, Tab selects the next element, Enter edits its text or
        enters a group, Delete removes it. With a shape tool, Enter adds the shape in the middle of the view. Question mark lists every
        shortcut.
      </p>
      <svg className="wf-main absolute inset-0 h-full w-full" fontFamily={FONT_FAMILY} aria-hidden="true" style={{ overflow: "hidden" }}>
        {dragStyle ? <style>{dragStyle}</style> : null}
        <ViewportGroup store={store}>
          {screen ? (
            <>
              <rect
                data-screen-id={screen.id}
                x={0}
                y={0}
                width={screen.width}
                height={screen.height}
                fill={resolveColor(screen.background, tokens) === "none" ? "#ffffff" : resolveColor(screen.background, tokens)}
                className="wf-screen stroke-slate-300"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
              <Grid store={store} width={screen.width} height={screen.height} />
              {/* Keyed by screen: another screen's elements arrive as one new subtree, not one insertion each. */}
              <ElementLayer key={screenId} doc={shown} screenId={screenId} components={components} imageUrl={imageUrl} tokens={tokens} />
              <MissingTokenMarks doc={shown} screenId={screenId} />
              <PeerOutlines store={store} doc={doc} screenId={screenId} />
              <SelectionOverlay store={store} doc={shown} selection={selection} editing={editing} />
            </>
          ) : null}
        </ViewportGroup>
      </svg>
      {/* What a move drags: drawn apart, on a layer of its own that only the compositor moves. */}
      <div ref={dragLayer} className="pointer-events-none absolute inset-0 overflow-hidden" style={{ willChange: "transform" }}>
        {dragIds.length ? (
          <svg className="absolute inset-0 h-full w-full" fontFamily={FONT_FAMILY} aria-hidden="true">
            <ViewportGroup store={store}>
              {dragIds.map((id) =>
                doc.elements[id] ? (
                  <ElementSvg key={id} element={doc.elements[id]} doc={doc} components={components} imageUrl={imageUrl} tokens={tokens} />
                ) : null,
              )}
              <SelectionOverlay store={store} doc={doc} selection={selection} editing={null} />
            </ViewportGroup>
          </svg>
        ) : null}
      </div>
      <svg className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden="true">
        <ViewportGroup store={store}>
          <InteractionOverlay store={store} interaction={interaction} doc={doc} />
        </ViewportGroup>
      </svg>
      <CanvasPins store={store} screenId={screenId} />
      <TextEditor store={store} />
    </div>
  );
}
