import { type Op, type WireframeDocument } from "~/lib/wireframes/document";
import { definitionAsDocument, documentAsDefinition } from "~/lib/wireframes/editor/components";
import { UndoStack } from "~/lib/wireframes/editor/history";
import { SyncEngine } from "~/lib/wireframes/editor/sync";
import { applyOpsSkipping, invertOps } from "~/lib/wireframes/ops";
import { newId } from "~/lib/wireframes/elements";
import { localPendingStore, patchTransport, updateComponent } from "./network";
import { mergeDefinitions } from "~/lib/wireframes/editor/merge";
import { Observable } from "./observable";
import { type EditorComponent, type EditorProps, type EditorState, type Viewport, type HistoryEntry, firstScreen } from "./state";

/**
 * The editor's state and its edits: every change goes through `commit` (the ops are applied
 * through the sync engine, or to the main component being edited, decision 013) and its
 * inverse goes on the undo stack. Main components save over the version they were edited
 * from, merging a teammate's newer one (`sendComponent`). The selection, the view and the
 * commands are the subclasses' (store-view.ts, store.ts).
 */
export abstract class EditorCore {
  readonly state: Observable<EditorState>;
  readonly viewport: Observable<Viewport>;
  readonly engine: SyncEngine;
  readonly clientId = newId();
  readonly wireframeId: string;
  readonly canEdit: boolean;
  readonly me: EditorProps["me"];
  protected history = new UndoStack<HistoryEntry>({
    limit: 200,
    merge: (prev, next) => ({ ...next, ops: [...next.ops, ...prev.ops], selection: prev.selection }),
  });
  /** Main components being edited as documents (only the ones opened or undone into). */
  protected componentDocs = new Map<string, WireframeDocument>();
  protected componentTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /**
   * For each main component with edits the server does not have yet: the version they were
   * made on, as the server had it (a save goes over it; a refused one merges from it).
   */
  protected componentBases = new Map<string, EditorComponent>();
  /** Each component's save in flight (the next one waits for it). */
  protected componentSaves = new Map<string, Promise<boolean>>();

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

  protected docOf(target: string): WireframeDocument | null {
    if (target === "doc") return this.engine.doc;
    const open = this.componentDocs.get(target);
    if (open) return open;
    const c = this.get().components[target];
    if (!c) return null;
    const doc = definitionAsDocument(c.definition, c.name);
    this.componentDocs.set(target, doc);
    return doc;
  }

  protected applyTo(target: string, ops: Op[]) {
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

  protected saveComponentSoon(id: string) {
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
  protected saveComponent(id: string): Promise<boolean> {
    const before = this.componentSaves.get(id) ?? Promise.resolve(true);
    const run = before.then(() => this.sendComponent(id));
    this.componentSaves.set(id, run);
    void run.finally(() => {
      if (this.componentSaves.get(id) === run) this.componentSaves.delete(id);
      this.settleComponentSave();
    });
    return run;
  }

  protected settleComponentSave() {
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
  protected async sendComponent(id: string, attempts = 3): Promise<boolean> {
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
  protected setComponent(id: string, next: EditorComponent) {
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

  protected perform(entry: HistoryEntry): HistoryEntry | null {
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

  abstract select(ids: string[], scope?: string | null): void;
  abstract setScreen(screenId: string): void;
}
