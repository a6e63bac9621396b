/**
 * The editor's state and every command it offers (the toolbar, the keys, the panels and
 * the canvas all call these). Edits go through `commit`: the ops are applied (through the
 * sync engine, or to the main component being edited), and their inverse goes on the undo
 * stack (decision 013). The state lives in observables, outside React, so a drag or a pan
 * re-renders only what shows it.
 */
import {
  DEVICE_SIZES,
  type ComponentDefinition,
  type DevicePreset,
  type Op,
  type Screen,
  type WireframeDocument,
  type WireframeElement,
} from "~/lib/wireframes/document";
import { copyPayload, parsePayload, pasteOffset, pasteOps, type ClipboardPayload } from "~/lib/wireframes/editor/clipboard";
import { COMPONENT_SCREEN, componentFromSelection, definitionAsDocument, documentAsDefinition } from "~/lib/wireframes/editor/components";
import {
  alignOps,
  deleteOps,
  distributeOps,
  groupOps,
  insertOps,
  moveOps,
  reparentOps,
  resizeOps,
  setPropertyOps,
  toggleFlagOps,
  ungroupOps,
  type AlignMode,
} from "~/lib/wireframes/editor/edits";
import { UndoStack } from "~/lib/wireframes/editor/history";
import { SyncEngine, type SaveState } from "~/lib/wireframes/editor/sync";
import { isLocked, paintOrder, rootsOf, selectableFor } from "~/lib/wireframes/editor/tree";
import { applyOpsSkipping, invertOps } from "~/lib/wireframes/ops";
import { boundsOf } from "~/lib/wireframes/geometry";
import { defaultElement, newId, newScreen } from "~/lib/wireframes/elements";
import { PRESENCE_REFRESH_MS, PRESENCE_TTL_MS } from "~/lib/wireframes/presence";
import { wrapText } from "~/lib/wireframes/text";
import { bringForward, bringToFront, keyBetween, lastScreenKey, sendBackward, sendToBack } from "~/lib/wireframes/order";
import {
  createComponent,
  imageSize,
  localPendingStore,
  patchTransport,
  postPresence,
  updateComponent,
  uploadImage,
  type PresenceEvent,
} from "./network";
import { mergeDefinitions, type MergeConflict } from "~/lib/wireframes/editor/merge";
import { libraryElement, type LibraryItem } from "./library-items";
import { Observable } from "./observable";

export type EditorComponent = { id: string; name: string; definition: ComponentDefinition; version: number };

export type EditorProps = {
  wireframe: { id: string; name: string; projectId: string; projectName: string; seq: number; document: WireframeDocument };
  components: Record<string, EditorComponent>;
  me: { userId: string; name: string; color: string };
  canEdit: boolean;
  canDelete: boolean;
  linkedCards: { cardId: string; title: string; screenId: string; projectId: string }[];
};

export type Tool = "select" | "rectangle" | "ellipse" | "polygon" | "line" | "arrow" | "text" | "hand";

export type Mode = { kind: "wireframe" } | { kind: "component"; componentId: string; back: { screenId: string; selection: string[] } };

export type Peer = PresenceEvent & { seen: number };

export type EditorState = {
  doc: WireframeDocument;
  screenId: string;
  selection: string[];
  /** The group the person has entered (double-click): clicks select inside it. */
  scope: string | null;
  tool: Tool;
  editingText: string | null;
  mode: Mode;
  components: Record<string, EditorComponent>;
  save: SaveState;
  /** A main component's definition waiting to be saved, or the reason it was refused. */
  componentSave: { state: "saving" } | { state: "error"; message: string } | null;
  /**
   * Someone saved a main component this editor was changing, and changed the same things:
   * the edits here are kept (and not saved) until the person chooses (`keepMyComponent`,
   * `useTheirComponent`).
   */
  componentConflict: ComponentConflict | null;
  live: boolean;
  /** Someone deleted the wireframe while it was open. */
  deleted: boolean;
  peers: Record<string, Peer>;
  canUndo: boolean;
  canRedo: boolean;
  /** The last thing done, for screen readers (an aria-live region). */
  announcement: string;
};

export type ComponentConflict = {
  componentId: string;
  name: string;
  /** Who saved the other version (null: someone no longer known). */
  by: string | null;
  /** What both changed, with their value. */
  conflicts: MergeConflict[];
  theirs: EditorComponent;
};

export type Viewport = { zoom: number; x: number; y: number; width: number; height: number };

type HistoryEntry = { target: "doc" | string; ops: Op[]; screenId: string; selection: string[] };

const ZOOM_MIN = 0.1;
const ZOOM_MAX = 8;
const PRESENCE_THROTTLE_MS = 200;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The first screen by order (the one a wireframe opens on). */
export function firstScreen(doc: WireframeDocument): Screen | undefined {
  return Object.values(doc.screens).sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : a.id < b.id ? -1 : 1))[0];
}

export class EditorStore {
  readonly state: Observable<EditorState>;
  readonly viewport: Observable<Viewport>;
  readonly engine: SyncEngine;
  readonly clientId = newId();
  readonly wireframeId: string;
  readonly canEdit: boolean;
  readonly me: EditorProps["me"];
  private history = new UndoStack<HistoryEntry>({
    limit: 200,
    merge: (prev, next) => ({ ...next, ops: [...next.ops, ...prev.ops], selection: prev.selection }),
  });
  /** Main components being edited as documents (only the ones opened or undone into). */
  private componentDocs = new Map<string, WireframeDocument>();
  private componentTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /**
   * For each main component with edits the server does not have yet: the version they were
   * made on, as the server had it (a save goes over it; a refused one merges from it).
   */
  private componentBases = new Map<string, EditorComponent>();
  /** Each component's save in flight (the next one waits for it). */
  private componentSaves = new Map<string, Promise<boolean>>();
  private presenceTimer: ReturnType<typeof setTimeout> | null = null;
  private lastPresence = "";

  constructor(props: EditorProps, initialScreenId?: string | null) {
    this.wireframeId = props.wireframe.id;
    this.canEdit = props.canEdit;
    this.me = props.me;
    this.engine = new SyncEngine({
      doc: props.wireframe.document,
      seq: props.wireframe.seq,
      clientId: this.clientId,
      transport: patchTransport(props.wireframe.id),
      store: typeof window !== "undefined" && props.canEdit ? localPendingStore(props.wireframe.id, this.clientId) : undefined,
    });
    const doc = this.engine.doc;
    const screenId = initialScreenId && doc.screens[initialScreenId] ? initialScreenId : (firstScreen(doc)?.id ?? "");
    this.state = new Observable<EditorState>({
      doc,
      screenId,
      selection: [],
      scope: null,
      tool: "select",
      editingText: null,
      mode: { kind: "wireframe" },
      components: props.components,
      save: this.engine.save,
      componentSave: null,
      componentConflict: null,
      live: false,
      deleted: false,
      peers: {},
      canUndo: false,
      canRedo: false,
      announcement: "",
    });
    this.viewport = new Observable<Viewport>({ zoom: 1, x: 0, y: 0, width: 0, height: 0 });
  }

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

  get(): EditorState {
    return this.state.get();
  }

  patch(p: Partial<EditorState>): void {
    const s = this.get();
    if ((Object.keys(p) as (keyof EditorState)[]).every((k) => Object.is(s[k], p[k]))) return;
    this.state.set({ ...s, ...p });
  }

  announce(text: string): void {
    // The same text twice still speaks: a zero-width change makes it new.
    this.patch({ announcement: this.get().announcement === text ? `${text}\u200b` : text });
  }

  get editable(): boolean {
    return this.canEdit;
  }

  // -------------------------------------------------------------------------------------
  // Edits and undo

  /** Applies an edit and records its undo. `merge` folds quick repeats (nudges) into one step. */
  commit(ops: Op[], opts: { merge?: string; select?: string[]; say?: string } = {}): boolean {
    if (!this.canEdit || ops.length === 0) return false;
    const s = this.get();
    const target = s.mode.kind === "component" ? s.mode.componentId : "doc";
    let inverse: Op[];
    try {
      inverse = invertOps(s.doc, ops);
    } catch {
      return false; // built from a document that changed under it
    }
    this.history.push({ target, ops: inverse, screenId: s.screenId, selection: s.selection }, opts.merge ?? null);
    this.applyTo(target, ops);
    if (opts.select) this.select(opts.select);
    this.patch({ canUndo: this.history.canUndo, canRedo: this.history.canRedo });
    if (opts.say) this.announce(opts.say);
    return true;
  }

  private docOf(target: string): WireframeDocument | null {
    if (target === "doc") return this.engine.doc;
    const open = this.componentDocs.get(target);
    if (open) return open;
    const c = this.get().components[target];
    if (!c) return null;
    const doc = definitionAsDocument(c.definition, c.name);
    this.componentDocs.set(target, doc);
    return doc;
  }

  private applyTo(target: string, ops: Op[]) {
    if (target === "doc") {
      this.engine.apply(ops);
      return;
    }
    const doc = this.docOf(target);
    if (!doc) return;
    const next = applyOpsSkipping(doc, ops).doc;
    this.componentDocs.set(target, next);
    const s = this.get();
    const c = s.components[target]!;
    if (!this.componentBases.has(target)) this.componentBases.set(target, c);
    const components = { ...s.components, [target]: { ...c, definition: documentAsDefinition(next) } };
    const p: Partial<EditorState> = { components, componentSave: { state: "saving" } };
    if (s.mode.kind === "component" && s.mode.componentId === target) {
      p.doc = next;
      p.selection = s.selection.filter((id) => next.elements[id]);
    }
    this.patch(p);
    this.saveComponentSoon(target);
  }

  private saveComponentSoon(id: string) {
    clearTimeout(this.componentTimers.get(id));
    this.componentTimers.set(
      id,
      setTimeout(() => {
        this.componentTimers.delete(id);
        void this.saveComponent(id);
      }, 500),
    );
  }

  /** Saves a component's edits now, after any save of it in flight; true once the server has them. */
  private saveComponent(id: string): Promise<boolean> {
    const before = this.componentSaves.get(id) ?? Promise.resolve(true);
    const run = before.then(() => this.sendComponent(id));
    this.componentSaves.set(id, run);
    void run.finally(() => {
      if (this.componentSaves.get(id) === run) this.componentSaves.delete(id);
      this.settleComponentSave();
    });
    return run;
  }

  private settleComponentSave() {
    const s = this.get();
    if (this.componentTimers.size === 0 && this.componentSaves.size === 0 && s.componentSave?.state === "saving")
      this.patch({ componentSave: null });
  }

  /**
   * One save of a component's definition over its base version. Refused because someone
   * saved it meanwhile: their version and the edits here are merged per property; with
   * nothing changed on both sides the merge is saved at once (so nobody's edit is lost and
   * each sees the other's), otherwise it waits for the person's choice.
   */
  private async sendComponent(id: string, attempts = 3): Promise<boolean> {
    const base = this.componentBases.get(id);
    const mine = this.get().components[id];
    if (!base || !mine) return true;
    if (this.get().componentConflict?.componentId === id) return false;
    const sent = mine.definition;
    const r = await updateComponent(id, sent, base.version);
    if (r.ok) {
      const now = this.get().components[id];
      if (!now) return true;
      if (now.definition === sent) this.componentBases.delete(id);
      else this.componentBases.set(id, { ...now, definition: sent, version: r.version });
      this.patch({ components: { ...this.get().components, [id]: { ...now, version: r.version } } });
      return true;
    }
    if ("message" in r) {
      this.patch({ componentSave: { state: "error", message: r.message } });
      return false;
    }
    const theirs: EditorComponent = { id, name: r.conflict.name, definition: r.conflict.definition, version: r.conflict.version };
    const local = this.get().components[id] ?? mine;
    const merge = mergeDefinitions(base.definition, local.definition, theirs.definition);
    this.componentBases.set(id, theirs);
    this.setComponent(id, { ...local, name: theirs.name, definition: merge.definition, version: theirs.version });
    const by = r.conflict.updatedBy?.name ?? null;
    if (merge.conflicts.length === 0 && attempts > 1) {
      this.announce(`${by ?? "Someone"} changed ${theirs.name} too: both changes are kept`);
      return this.sendComponent(id, attempts - 1);
    }
    this.patch({ componentConflict: { componentId: id, name: theirs.name, by, conflicts: merge.conflicts, theirs } });
    this.announce(`${by ?? "Someone"} changed ${theirs.name} while you were editing it`);
    return false;
  }

  /** Puts a component's definition in place here (and in the editing document if it is open). */
  private setComponent(id: string, next: EditorComponent) {
    const s = this.get();
    const doc = definitionAsDocument(next.definition, next.name);
    this.componentDocs.set(id, doc);
    const p: Partial<EditorState> = { components: { ...s.components, [id]: next } };
    if (s.mode.kind === "component" && s.mode.componentId === id) {
      p.doc = doc;
      p.selection = s.selection.filter((x) => doc.elements[x]);
    }
    this.patch(p);
  }

  /** The conflict's answer "keep mine": the edits here (with their changes to other things) are saved over theirs. */
  async keepMyComponent(): Promise<boolean> {
    const conflict = this.get().componentConflict;
    if (!conflict) return true;
    this.patch({ componentConflict: null, componentSave: { state: "saving" } });
    return this.saveComponent(conflict.componentId);
  }

  /** The conflict's answer "use theirs": the edits here are dropped for the saved version. */
  useTheirComponent(): void {
    const conflict = this.get().componentConflict;
    if (!conflict) return;
    const id = conflict.componentId;
    clearTimeout(this.componentTimers.get(id));
    this.componentTimers.delete(id);
    this.componentBases.delete(id);
    this.patch({ componentConflict: null });
    this.setComponent(id, conflict.theirs);
    this.settleComponentSave();
    this.announce(`${conflict.name}: their version is used`);
  }

  private perform(entry: HistoryEntry): HistoryEntry | null {
    const doc = this.docOf(entry.target);
    if (!doc) return null;
    const { applied } = applyOpsSkipping(doc, entry.ops);
    if (applied.length === 0) return null;
    const s = this.get();
    const redo: HistoryEntry = { target: entry.target, ops: invertOps(doc, applied), screenId: s.screenId, selection: s.selection };
    this.applyTo(entry.target, applied);
    const now = this.get();
    const inView = (entry.target === "doc") === (now.mode.kind === "wireframe");
    if (inView) {
      if (now.doc.screens[entry.screenId] && entry.screenId !== now.screenId) this.setScreen(entry.screenId);
      this.select(entry.selection.filter((id) => this.get().doc.elements[id]));
    }
    return redo;
  }

  /** Saves what waits (main components too) now; true once nothing would be lost by leaving. */
  async flush(): Promise<boolean> {
    const waiting = new Set([...this.componentTimers.keys(), ...this.componentSaves.keys(), ...this.componentBases.keys()]);
    for (const id of waiting) {
      clearTimeout(this.componentTimers.get(id));
      this.componentTimers.delete(id);
      if (!(await this.saveComponent(id))) return false;
    }
    return this.engine.flushNow();
  }

  /** True while an edit has not reached the server. */
  get unsaved(): boolean {
    return !this.engine.settled || this.componentTimers.size > 0 || this.componentBases.size > 0;
  }

  markDeleted(): void {
    this.patch({ deleted: true });
    this.announce("Someone deleted this wireframe.");
  }

  /** Drops the edits the server refused (and the undo steps that led to them). */
  discard(): void {
    this.engine.discard();
    this.history.clear();
    this.patch({ canUndo: false, canRedo: false });
    this.announce("Unsaved changes discarded");
  }

  undo(): void {
    if (!this.canEdit) return;
    const done = this.history.undo((e) => this.perform(e));
    this.patch({ canUndo: this.history.canUndo, canRedo: this.history.canRedo, editingText: null });
    this.announce(done ? "Undone" : "Nothing to undo");
  }

  redo(): void {
    if (!this.canEdit) return;
    const done = this.history.redo((e) => this.perform(e));
    this.patch({ canUndo: this.history.canUndo, canRedo: this.history.canRedo, editingText: null });
    this.announce(done ? "Redone" : "Nothing to redo");
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

  // -------------------------------------------------------------------------------------
  // Commands on the selection

  private selected(): WireframeElement[] {
    const s = this.get();
    return s.selection.map((id) => s.doc.elements[id]).filter((el): el is WireframeElement => !!el);
  }

  /** Commits a drag: one patch for the whole move. */
  nudgeIds(ids: string[], dx: number, dy: number): void {
    const s = this.get();
    this.commit(moveOps(s.doc, ids, dx, dy), { say: `Moved ${plural(rootsOf(s.doc.elements, ids).length, "element")}` });
  }

  nudge(dx: number, dy: number): void {
    const s = this.get();
    const movable = s.selection.filter((id) => !isLocked(s.doc.elements, id));
    if (!movable.length) return;
    this.commit(moveOps(s.doc, movable, dx, dy), { merge: "nudge" });
  }

  /** Grows or shrinks each selected element from its top-left corner (Alt+arrows). */
  resizeBy(dw: number, dh: number): void {
    const s = this.get();
    let doc = s.doc;
    const ops: Op[] = [];
    for (const el of this.selected()) {
      if (isLocked(doc.elements, el.id)) continue;
      const now = doc.elements[el.id]!;
      const part = resizeOps(doc, [el.id], now, { ...now, width: Math.max(1, now.width + dw), height: Math.max(1, now.height + dh) });
      doc = applyOpsSkipping(doc, part).doc;
      ops.push(...part);
    }
    this.commit(ops, { merge: "resize" });
  }

  setProperty(key: string, value: unknown, ids = this.get().selection): void {
    this.commit(setPropertyOps(this.get().doc, ids, key, value));
  }

  setScreenProperty(key: keyof Screen, value: unknown): void {
    const s = this.get();
    const screen = s.doc.screens[s.screenId];
    if (!screen || screen[key] === value) return;
    const ops: Op[] = [{ op: "set-screen", id: screen.id, key, value }];
    if (key === "device" && value !== "custom") {
      const size = DEVICE_SIZES[value as Exclude<DevicePreset, "custom">];
      ops.push(
        { op: "set-screen", id: screen.id, key: "width", value: size.width },
        { op: "set-screen", id: screen.id, key: "height", value: size.height },
      );
    } else if ((key === "width" || key === "height") && screen.device !== "custom") {
      ops.push({ op: "set-screen", id: screen.id, key: "device", value: "custom" });
    }
    this.commit(ops);
  }

  deleteSelection(): void {
    const s = this.get();
    const ids = s.selection.filter((id) => !isLocked(s.doc.elements, id));
    if (!ids.length) return;
    if (this.commit(deleteOps(s.doc, ids), { select: [], say: `Deleted ${plural(rootsOf(s.doc.elements, ids).length, "element")}` })) {
      this.patch({ editingText: null });
    }
  }

  insert(element: WireframeElement, opts: { say?: string } = {}): void {
    const s = this.get();
    this.commit(insertOps(s.doc, { ...element, screenId: s.screenId, parentId: element.parentId ?? null }), {
      select: [element.id],
      say: opts.say ?? `${element.name} added`,
    });
    this.patch({ tool: "select" });
  }

  group(): void {
    const s = this.get();
    if (s.selection.length < 1) return;
    const r = groupOps(s.doc, s.selection);
    if (r) this.commit(r.ops, { select: [r.groupId], say: "Grouped" });
  }

  ungroup(): void {
    const s = this.get();
    const r = ungroupOps(s.doc, s.selection);
    if (r.ops.length) this.commit(r.ops, { select: r.childIds, say: "Ungrouped" });
  }

  toggleLocked(ids = this.get().selection): void {
    const ops = toggleFlagOps(this.get().doc, ids, "locked");
    const value = ops[0] && (ops[0] as { value: boolean }).value;
    this.commit(ops, { say: value ? "Locked" : "Unlocked" });
  }

  toggleHidden(ids = this.get().selection): void {
    const ops = toggleFlagOps(this.get().doc, ids, "hidden");
    const value = ops[0] && (ops[0] as { value: boolean }).value;
    this.commit(ops, { say: value ? "Hidden" : "Shown" });
  }

  arrange(how: "forward" | "backward" | "front" | "back", ids = this.get().selection): void {
    const doc = this.get().doc;
    const fn = { forward: bringForward, backward: sendBackward, front: bringToFront, back: sendToBack }[how];
    const say = { forward: "Brought forward", backward: "Sent backward", front: "Brought to front", back: "Sent to back" }[how];
    this.commit(fn(doc, [...ids]), { say });
  }

  align(mode: AlignMode): void {
    this.commit(alignOps(this.get().doc, this.get().selection, mode), { say: `Aligned ${mode}` });
  }

  distribute(axis: "horizontal" | "vertical"): void {
    this.commit(distributeOps(this.get().doc, this.get().selection, axis), { say: `Distributed ${axis}ly` });
  }

  /** Layers panel: moves elements into `parentId`, just above `below` (null: bottom). */
  moveInTree(ids: string[], parentId: string | null, below: string | null): void {
    this.commit(reparentOps(this.get().doc, ids, parentId, below), { say: "Moved in layers" });
  }

  rename(id: string, name: string): void {
    const trimmed = name.trim().slice(0, 200);
    if (trimmed) this.commit(setPropertyOps(this.get().doc, [id], "name", trimmed));
  }

  /** New text; a text element's height follows its wrapped lines. */
  setText(id: string, text: string): void {
    const doc = this.get().doc;
    const el = doc.elements[id];
    if (!el || !("text" in el) || el.text === text) return;
    const ops = setPropertyOps(doc, [id], "text", text);
    if (el.type === "text") {
      const size = typeof el.textStyle.fontSize === "number" ? el.textStyle.fontSize : 16;
      const lines = wrapText(text, el.width, size, el.textStyle.fontWeight).length;
      const height = Math.ceil(lines * size * el.textStyle.lineHeight);
      if (height !== el.height) ops.push(...setPropertyOps(applyOpsSkipping(doc, ops).doc, [id], "height", height));
    }
    this.commit(ops, { say: "Text changed" });
  }

  /** Adds a shape of the tool's kind in the middle of the view (Enter with a shape tool). */
  addAtCentre(tool: Tool): void {
    if (!this.canEdit) return;
    const s = this.get();
    const view = this.visibleRect();
    const screen = s.doc.screens[s.screenId];
    if (!screen) return;
    const c = view ? { x: view.x + view.width / 2, y: view.y + view.height / 2 } : { x: screen.width / 2, y: screen.height / 2 };
    const snap = (v: number) => Math.round(v / 8) * 8;
    const at = { screenId: s.screenId, x: snap(c.x - 80), y: snap(c.y - 50) };
    if (tool === "rectangle" || tool === "ellipse" || tool === "polygon") this.insert(defaultElement(tool, at));
    else if (tool === "line" || tool === "arrow")
      this.insert(defaultElement(tool, { ...at, points: [0, 0, 160, 0], width: 160, height: 0 }));
    else if (tool === "text") {
      const el = defaultElement("text", at);
      this.insert(el);
      this.startTextEdit(el.id);
    }
  }

  /** Adds a library item: at `at` (a drop), or in the middle of the view (a click or Enter). */
  placeFromLibrary(item: LibraryItem, at?: { x: number; y: number }): void {
    if (!this.canEdit) return;
    const s = this.get();
    const el = libraryElement(item, s.screenId, s.components);
    if (!el) return;
    const view = this.visibleRect();
    const screen = s.doc.screens[s.screenId];
    const centre =
      at ??
      (view ? { x: view.x + view.width / 2, y: view.y + view.height / 2 } : { x: (screen?.width ?? 0) / 2, y: (screen?.height ?? 0) / 2 });
    const snap = (v: number) => Math.round(v / 8) * 8;
    this.insert({ ...el, x: snap(centre.x - el.width / 2), y: snap(centre.y - el.height / 2) }, { say: `${el.name} added` });
  }

  startTextEdit(id?: string): void {
    const s = this.get();
    const target = id ?? (s.selection.length === 1 ? s.selection[0] : undefined);
    const el = target ? s.doc.elements[target] : undefined;
    if (!el || !this.canEdit || isLocked(s.doc.elements, el.id)) return;
    if (el.type === "group" || el.type === "instance") {
      this.enter(el.id);
      return;
    }
    if (!("text" in el)) return;
    this.patch({ editingText: el.id, selection: [el.id] });
  }

  /** Uploads an image file and adds it in the middle of the view; returns what to tell the person. */
  async uploadImage(file: File): Promise<string> {
    if (!this.canEdit) return "You can view this wireframe but not change it.";
    const r = await uploadImage(this.wireframeId, file);
    if (!r.ok) return r.message;
    const size = await imageSize(`/wireframes/${this.wireframeId}/images/${r.value.fileId}`);
    const scale = Math.min(1, 480 / size.width);
    const s = this.get();
    const view = this.visibleRect();
    const width = Math.max(8, Math.round(size.width * scale));
    const height = Math.max(8, Math.round(size.height * scale));
    const c = view ? { x: view.x + view.width / 2, y: view.y + view.height / 2 } : { x: width / 2, y: height / 2 };
    const name = file.name.replace(/\.[^.]+$/, "").slice(0, 200) || "Image";
    const el = defaultElement("image", {
      screenId: s.screenId,
      name,
      alt: name,
      fileId: r.value.fileId,
      x: Math.round(c.x - width / 2),
      y: Math.round(c.y - height / 2),
      width,
      height,
    });
    this.insert(el, { say: `${name} added` });
    return `${name} added.`;
  }

  // -------------------------------------------------------------------------------------
  // Clipboard

  copy(): ClipboardPayload | null {
    const s = this.get();
    const payload = copyPayload(s.doc, this.wireframeId, s.selection);
    if (payload) this.announce(`Copied ${plural(rootsOf(s.doc.elements, s.selection).length, "element")}`);
    return payload;
  }

  cut(): ClipboardPayload | null {
    const payload = this.copy();
    if (payload) this.deleteSelection();
    return payload;
  }

  paste(payload: ClipboardPayload | null): void {
    if (!payload) return;
    const s = this.get();
    const offset = pasteOffset(s.doc, payload, s.screenId, this.visibleRect());
    const { ops, ids } = pasteOps(s.doc, payload, s.screenId, offset);
    this.commit(ops, { select: ids, say: `Pasted ${plural(ids.length, "element")}` });
  }

  pasteText(text: string): boolean {
    const payload = parsePayload(text);
    if (!payload) return false;
    this.paste(payload);
    return true;
  }

  duplicate(): void {
    const s = this.get();
    const payload = copyPayload(s.doc, this.wireframeId, s.selection);
    if (!payload) return;
    const { ops, ids } = pasteOps(s.doc, payload, s.screenId, pasteOffset(s.doc, payload, s.screenId, null));
    this.commit(ops, { select: ids, say: `Duplicated ${plural(ids.length, "element")}` });
  }

  // -------------------------------------------------------------------------------------
  // Screens

  addScreen(device: DevicePreset = "desktop"): void {
    const s = this.get();
    if (s.mode.kind !== "wireframe") return;
    const screen = newScreen(device, undefined, `Screen ${Object.keys(s.doc.screens).length + 1}`, lastScreenKey(s.doc));
    if (this.commit([{ op: "add-screen", screen }], { say: `${screen.name} added` })) this.setScreen(screen.id);
  }

  deleteScreen(): void {
    const s = this.get();
    if (s.mode.kind !== "wireframe" || Object.keys(s.doc.screens).length < 2) return;
    const screen = s.doc.screens[s.screenId];
    if (!screen) return;
    if (this.commit([{ op: "remove-screen", id: screen.id }], { select: [], say: `${screen.name} deleted` })) {
      const next = firstScreen(this.get().doc);
      if (next) this.setScreen(next.id);
    }
  }

  /** Moves the current screen one place up or down the list. */
  moveScreen(step: -1 | 1): void {
    const s = this.get();
    const list = Object.values(s.doc.screens).sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
    const i = list.findIndex((x) => x.id === s.screenId);
    const j = i + step;
    if (i < 0 || j < 0 || j >= list.length) return;
    const [lo, hi] = step < 0 ? [list[j - 1]?.order ?? null, list[j]!.order] : [list[j]!.order, list[j + 1]?.order ?? null];
    const order = lo !== null && hi !== null && lo >= hi ? keyBetween(hi, null) : keyBetween(lo, hi);
    this.commit([{ op: "set-screen", id: s.screenId, key: "order", value: order }], { say: "Screen moved" });
  }

  // -------------------------------------------------------------------------------------
  // Main components

  async saveAsComponent(name: string): Promise<string | null> {
    const s = this.get();
    if (s.mode.kind !== "wireframe" || !this.canEdit) return "Open the wireframe to save a component.";
    const made = componentFromSelection(s.doc, s.selection);
    if (!made) return "Select what the component should hold first.";
    const r = await createComponent(name, made.definition);
    if (!r.ok) return r.message;
    const id = r.value.id;
    this.patch({ components: { ...this.get().components, [id]: { id, name, definition: made.definition, version: 1 } } });
    const { ops, instanceId } = made.replace(id, name);
    this.commit(ops, { select: [instanceId], say: `Saved as the component ${name}` });
    return null;
  }

  /** Adds components (the library's list, or a revalidated loader's) the editor does not know yet or has older. */
  learnComponents(list: Record<string, EditorComponent>): void {
    const known = this.get().components;
    let changed = false;
    const next = { ...known };
    for (const c of Object.values(list)) {
      const k = known[c.id];
      if (!k || c.version > k.version) {
        if (k && this.componentBases.has(c.id)) continue; // ours are on their way: a save merges with it
        next[c.id] = c;
        this.componentDocs.delete(c.id);
        changed = true;
      }
    }
    if (!changed) return;
    const s = this.get();
    const p: Partial<EditorState> = { components: next };
    const open = s.mode.kind === "component" ? next[s.mode.componentId] : undefined;
    if (open && s.mode.kind === "component" && open !== known[s.mode.componentId]) {
      // The open component's document from the version just learnt (not the state's, which is still the old one).
      const doc = definitionAsDocument(open.definition, open.name);
      this.componentDocs.set(open.id, doc);
      p.doc = doc;
      p.selection = s.selection.filter((id) => doc.elements[id]);
    }
    this.patch(p);
  }

  enterComponent(componentId: string): void {
    const s = this.get();
    const doc = this.docOf(componentId);
    if (!doc) return;
    const back = s.mode.kind === "wireframe" ? { screenId: s.screenId, selection: s.selection } : s.mode.back;
    this.patch({
      mode: { kind: "component", componentId, back },
      doc,
      screenId: COMPONENT_SCREEN,
      selection: [],
      scope: null,
      editingText: null,
    });
    this.zoomToFit();
    this.announce(`Editing the main component ${s.components[componentId]?.name ?? ""}`);
  }

  exitComponent(): void {
    const s = this.get();
    if (s.mode.kind !== "component") return;
    const { back } = s.mode;
    const doc = this.engine.doc;
    this.patch({
      mode: { kind: "wireframe" },
      doc,
      screenId: doc.screens[back.screenId] ? back.screenId : (firstScreen(doc)?.id ?? ""),
      selection: back.selection.filter((id) => doc.elements[id]),
      scope: null,
      editingText: null,
    });
    this.zoomToFit();
    this.announce("Back to the wireframe");
  }

  // -------------------------------------------------------------------------------------
  // Presence and the events stream

  private sendPresence() {
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
}
