import { type WireframeElement } from "~/lib/wireframes/document";
import { paintOrder, selectableFor } from "~/lib/wireframes/editor/tree";
import { boundsOf } from "~/lib/wireframes/geometry";
import { PRESENCE_REFRESH_MS, PRESENCE_TTL_MS } from "~/lib/wireframes/presence";
import { postPresence, type PresenceEvent } from "./network";
import { type Tool, type EditorState, firstScreen } from "./state";
import { EditorCore } from "./store-core";

const ZOOM_MIN = 0.1;
const ZOOM_MAX = 8;
const PRESENCE_THROTTLE_MS = 200;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The editor's selection, tools, screens and view (zoom and pan), and presence: what a command acts on. */
export abstract class EditorView extends EditorCore {
  protected presenceTimer: ReturnType<typeof setTimeout> | null = null;
  protected lastPresence = "";

  /** Follows the sync engine and keeps presence going; returns what stops both. */
  start(): () => void {
    const stops: (() => void)[] = [];
    const follow = () => {
      const s = this.get();
      const patch: Partial<EditorState> = { save: this.engine.save };
      if (s.mode.kind === "wireframe" && s.doc !== this.engine.doc) {
        const next = this.engine.doc;
        patch.doc = next;
        const kept = s.selection.filter((id) => next.elements[id]);
        if (kept.length !== s.selection.length) patch.selection = kept;
        if (s.scope && !next.elements[s.scope]) patch.scope = null;
        if (s.editingText && !next.elements[s.editingText]) patch.editingText = null;
        if (!next.screens[s.screenId]) patch.screenId = firstScreen(next)?.id ?? "";
      }
      this.patch(patch);
    };
    stops.push(this.engine.subscribe(follow));
    follow();
    const heartbeat = setInterval(() => {
      this.lastPresence = "";
      this.sendPresence();
      const now = Date.now();
      const peers = Object.fromEntries(Object.entries(this.get().peers).filter(([, p]) => now - p.seen < PRESENCE_TTL_MS));
      if (Object.keys(peers).length !== Object.keys(this.get().peers).length) this.patch({ peers });
    }, PRESENCE_REFRESH_MS);
    stops.push(() => clearInterval(heartbeat));
    stops.push(this.state.subscribe(() => this.sendPresence()));
    this.lastPresence = "";
    this.sendPresence();
    return () => {
      for (const stop of stops) stop();
      if (this.presenceTimer) clearTimeout(this.presenceTimer);
      this.presenceTimer = null;
    };
  }

  // -------------------------------------------------------------------------------------
  // Selection, tools, screens

  setTool(tool: Tool): void {
    if (!this.canEdit && tool !== "select" && tool !== "hand") return;
    this.patch({ tool });
  }

  select(ids: string[], scope?: string | null): void {
    const s = this.get();
    const valid = ids.filter((id) => s.doc.elements[id]?.screenId === s.screenId);
    const same = valid.length === s.selection.length && valid.every((id, i) => id === s.selection[i]);
    const p: Partial<EditorState> = {};
    if (!same) p.selection = valid;
    if (scope !== undefined) p.scope = scope;
    else if (valid.length) {
      // Selecting something outside the entered group leaves the group.
      const first = s.doc.elements[valid[0]!]!;
      if (s.scope && first.parentId !== s.scope) p.scope = first.parentId;
    }
    this.patch(p);
  }

  /** What a click on element `id` selects (its outermost group within the entered one). */
  clickTarget(id: string): string | null {
    const s = this.get();
    return selectableFor(s.doc.elements, id, s.scope);
  }

  toggleInSelection(id: string): void {
    const s = this.get();
    this.select(s.selection.includes(id) ? s.selection.filter((x) => x !== id) : [...s.selection, id]);
  }

  selectAll(): void {
    const s = this.get();
    this.select(
      Object.values(s.doc.elements)
        .filter((el) => el.screenId === s.screenId && el.parentId === s.scope && !el.hidden && !el.locked)
        .map((el) => el.id),
    );
  }

  /** Escape: out of text editing, then the selection, then the entered group. */
  escape(): void {
    const s = this.get();
    if (s.editingText) this.patch({ editingText: null });
    else if (s.tool !== "select") this.patch({ tool: "select" });
    else if (s.selection.length) this.patch({ selection: [] });
    else if (s.scope) {
      const group = s.doc.elements[s.scope];
      this.patch({ scope: group?.parentId ?? null, selection: group ? [group.id] : [] });
    }
  }

  /** Enters a group (its children become clickable) or, for an instance, its main component. */
  enter(id: string): void {
    const el = this.get().doc.elements[id];
    if (!el) return;
    if (el.type === "group") {
      // The topmost child, as the layers panel lists it first.
      const top = paintOrder(this.get().doc, el.screenId).findLast((c) => c.parentId === el.id && !c.hidden);
      this.patch({ scope: el.id, selection: top ? [top.id] : [] });
    } else if (el.type === "instance") this.enterComponent(el.componentId);
  }

  /** Selects the next (or previous) element among the entered group's children (Tab). */
  cycle(step: 1 | -1): void {
    const s = this.get();
    const list = Object.values(s.doc.elements)
      .filter((el) => el.screenId === s.screenId && el.parentId === s.scope && !el.hidden)
      .sort((a, b) => (a.order < b.order ? 1 : a.order > b.order ? -1 : 0)); // top of the stack first, like the layers panel
    if (list.length === 0) return;
    const at = s.selection.length ? list.findIndex((el) => el.id === s.selection[s.selection.length - 1]) : -1;
    const next = list[(at + step + list.length) % list.length]!;
    this.select([next.id]);
    this.announce(`${next.name} selected`);
  }

  setScreen(screenId: string): void {
    const s = this.get();
    if (!s.doc.screens[screenId] || screenId === s.screenId) return;
    this.patch({ screenId, selection: [], scope: null, editingText: null });
    this.zoomToFit();
    if (typeof window !== "undefined" && s.mode.kind === "wireframe") {
      const url = new URL(window.location.href);
      url.searchParams.set("screen", screenId);
      window.history.replaceState(window.history.state, "", url);
    }
  }

  protected selected(): WireframeElement[] {
    const s = this.get();
    return s.selection.map((id) => s.doc.elements[id]).filter((el): el is WireframeElement => !!el);
  }

  // -------------------------------------------------------------------------------------
  // Presence and the events stream

  protected sendPresence() {
    const s = this.get();
    if (s.mode.kind !== "wireframe") return;
    const key = `${s.screenId}|${s.selection.join(",")}`;
    if (key === this.lastPresence || this.presenceTimer) return;
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = null;
      const now = this.get();
      const k = `${now.screenId}|${now.selection.join(",")}`;
      if (k === this.lastPresence || now.mode.kind !== "wireframe") return;
      this.lastPresence = k;
      postPresence(this.wireframeId, { clientId: this.clientId, screenId: now.screenId, selection: now.selection });
    }, PRESENCE_THROTTLE_MS);
  }

  /** Says where we are again (the stream just (re)connected: others may have missed it). */
  resendPresence(): void {
    this.lastPresence = "";
    this.sendPresence();
  }

  receivePresence(p: PresenceEvent): void {
    if (p.clientId === this.clientId) return;
    const peers = this.get().peers;
    const isNew = !peers[p.clientId];
    this.patch({ peers: { ...peers, [p.clientId]: { ...p, seen: Date.now() } } });
    // Someone new: tell them where we are at once.
    if (isNew) this.resendPresence();
  }

  receiveLeave(clientId: string): void {
    const peers = this.get().peers;
    if (!peers[clientId]) return;
    const next = { ...peers };
    delete next[clientId];
    this.patch({ peers: next });
  }

  // -------------------------------------------------------------------------------------
  // Viewport

  setViewportSize(width: number, height: number): void {
    const v = this.viewport.get();
    if (v.width === width && v.height === height) return;
    const first = v.width === 0;
    this.viewport.set({ ...v, width, height });
    if (first) this.zoomToFit();
  }

  /** The part of the screen in view, in screen px. */
  visibleRect(): { x: number; y: number; width: number; height: number } | null {
    const v = this.viewport.get();
    if (!v.width) return null;
    return { x: -v.x / v.zoom, y: -v.y / v.zoom, width: v.width / v.zoom, height: v.height / v.zoom };
  }

  /** Zooms to `zoom`, keeping the point (px in the canvas) where it is (default: the middle). */
  zoomTo(zoom: number, at?: { x: number; y: number }): void {
    const v = this.viewport.get();
    const z = clamp(zoom, ZOOM_MIN, ZOOM_MAX);
    const p = at ?? { x: v.width / 2, y: v.height / 2 };
    const docX = (p.x - v.x) / v.zoom;
    const docY = (p.y - v.y) / v.zoom;
    this.viewport.set({ ...v, zoom: z, x: p.x - docX * z, y: p.y - docY * z });
  }

  zoomBy(factor: number, at?: { x: number; y: number }): void {
    this.zoomTo(this.viewport.get().zoom * factor, at);
  }

  panBy(dx: number, dy: number): void {
    const v = this.viewport.get();
    this.viewport.set({ ...v, x: v.x + dx, y: v.y + dy });
  }

  /** The whole screen in view (or the selection, when there is one and `selection` is set). */
  zoomToFit(selection = false): void {
    const v = this.viewport.get();
    const s = this.get();
    const screen = s.doc.screens[s.screenId];
    if (!v.width || !screen) return;
    const box = (selection && boundsOf(this.selected())) || { x: 0, y: 0, width: screen.width, height: screen.height };
    const pad = 48;
    const zoom = clamp(
      Math.min((v.width - pad * 2) / Math.max(1, box.width), (v.height - pad * 2) / Math.max(1, box.height)),
      ZOOM_MIN,
      selection ? 4 : 2,
    );
    this.viewport.set({
      ...v,
      zoom,
      x: v.width / 2 - (box.x + box.width / 2) * zoom,
      y: v.height / 2 - (box.y + box.height / 2) * zoom,
    });
  }

  /** 100 %, keeping the middle of the view where it is. */
  zoomActual(): void {
    this.zoomTo(1);
  }

  /** Canvas px to screen px. */
  toDoc(clientX: number, clientY: number, rect: DOMRect): { x: number; y: number } {
    const v = this.viewport.get();
    return { x: (clientX - rect.left - v.x) / v.zoom, y: (clientY - rect.top - v.y) / v.zoom };
  }

  abstract enterComponent(componentId: string): void;
}
