/**
 * The editor's state and every command it offers (the toolbar, the keys, the panels and
 * the canvas all call these). Edits go through `commit`: the ops are applied (through the
 * sync engine, or to the main component being edited), and their inverse goes on the undo
 * stack (decision 013). The state lives in observables, outside React, so a drag or a pan
 * re-renders only what shows it. The class is built in layers: store-core.ts (state, edits,
 * undo, main components' saves), store-view.ts (selection, screens, zoom and pan, presence)
 * and this file (the commands); state.ts holds the types.
 */
import { DEVICE_SIZES, type DevicePreset, type Op, type Screen, type WireframeElement } from "~/lib/wireframes/document";
import { copyPayload, parsePayload, pasteOffset, pasteOps, type ClipboardPayload } from "~/lib/wireframes/editor/clipboard";
import { COMPONENT_SCREEN, componentFromSelection } from "~/lib/wireframes/editor/components";
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
import { isLocked, rootsOf } from "~/lib/wireframes/editor/tree";
import { applyOpsSkipping } from "~/lib/wireframes/ops";
import { defaultElement, newScreen } from "~/lib/wireframes/elements";
import { wrapText } from "~/lib/wireframes/text";
import { bringForward, bringToFront, keyBetween, lastScreenKey, sendBackward, sendToBack } from "~/lib/wireframes/order";
import { createComponent, imageSize, uploadImage } from "./network";
import { libraryElement, type LibraryItem } from "./library-items";
import { type Tool, firstScreen } from "./state";
import { EditorView } from "./store-view";

export type { EditorComponent, EditorProps, EditorState, Peer, Tool, Viewport } from "./state";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export class EditorStore extends EditorView {
  // -------------------------------------------------------------------------------------
  // Commands on the selection

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
}
