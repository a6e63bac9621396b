/**
 * The editor's keyboard: one table of shortcuts, shown by `?`, and the handler that acts
 * on them. Keys typed into a field (the properties, a rename, the text editor) stay there.
 */
import { forwardRef } from "react";
import type { EditorStore, Tool } from "./store";

export const TOOLS: { tool: Tool; key: string; label: string }[] = [
  { tool: "select", key: "V", label: "Select" },
  { tool: "rectangle", key: "R", label: "Rectangle" },
  { tool: "ellipse", key: "O", label: "Ellipse" },
  { tool: "polygon", key: "P", label: "Polygon" },
  { tool: "line", key: "L", label: "Line" },
  { tool: "arrow", key: "A", label: "Arrow" },
  { tool: "text", key: "T", label: "Text" },
  { tool: "hand", key: "H", label: "Hand" },
];

const mod = "Ctrl/⌘";

export const SHORTCUTS: { group: string; items: [string, string][] }[] = [
  {
    group: "Tools",
    items: [
      ...TOOLS.map((t): [string, string] => [t.key, `${t.label} tool`]),
      ["Space + drag", "Pan"],
      ["Enter (with a shape tool, on the canvas)", "Add the shape in the middle of the view"],
    ],
  },
  {
    group: "Selection",
    items: [
      ["Tab / Shift+Tab (on the canvas)", "Select the next / previous element"],
      [`${mod}+A`, "Select all"],
      ["Shift+click", "Add to or remove from the selection"],
      ["Escape", "Clear the selection, leave a group"],
      ["Enter / double-click", "Edit text, enter a group or a component"],
    ],
  },
  {
    group: "Edit",
    items: [
      ["Arrow keys", "Move 1 px (Shift: 10 px)"],
      ["Alt+arrow keys", "Resize 1 px (Shift: 10 px)"],
      [`${mod}+Z`, "Undo"],
      [`Shift+${mod}+Z`, "Redo"],
      [`${mod}+C / X / V`, "Copy, cut, paste (also into another wireframe or tab)"],
      [`${mod}+D`, "Duplicate"],
      ["Delete / Backspace", "Delete"],
      [`${mod}+G`, "Group"],
      [`Shift+${mod}+G`, "Ungroup"],
      [`Shift+${mod}+L`, "Lock or unlock"],
      [`Shift+${mod}+H`, "Hide or show"],
      [`${mod}+] / ${mod}+[`, "Bring forward / send backward"],
      [`Shift+${mod}+] / [`, "Bring to front / send to back"],
      ["Alt+A / D / H", "Align left / right / centre"],
      ["Alt+W / S / V", "Align top / bottom / middle"],
      ["Alt+Shift+H / V", "Distribute horizontally / vertically"],
    ],
  },
  {
    group: "View",
    items: [
      ["Ctrl+wheel or pinch", "Zoom"],
      ["Wheel", "Pan"],
      ["+ / -", "Zoom in / out"],
      ["Shift+1", "Zoom to fit"],
      ["Shift+2", "Zoom to the selection"],
      ["Shift+0", "Zoom to 100 %"],
      ["?", "Show these shortcuts"],
    ],
  },
  {
    group: "Layers panel",
    items: [
      ["↑ ↓", "Select the element above / below"],
      ["→ ←", "Open / close a group"],
      ["Alt+↑ / Alt+↓", "Move up / down in the stack"],
      ["Enter or F2", "Rename"],
    ],
  },
];

export function isTyping(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return !!t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));
}

/**
 * The editor-wide keys (tools, undo, clipboard-free commands, zoom). Canvas-only keys
 * (arrows, Tab, Enter, Delete) are handled when the canvas has the focus. Returns true when
 * the key was the editor's.
 */
export function handleEditorKey(store: EditorStore, e: React.KeyboardEvent | KeyboardEvent, openHelp: () => void): boolean {
  if (isTyping(e.target)) return false;
  const onCanvas = (e.target as HTMLElement).closest?.("[data-canvas]") !== null;
  const inLayers = (e.target as HTMLElement).closest?.("[role=tree]") !== null;
  const cmd = e.ctrlKey || e.metaKey;
  const key = e.key;
  const code = e.code;
  const edit = store.editable;
  const s = store.get();

  if (cmd && !e.altKey) {
    const k = key.toLowerCase();
    if (k === "z") return (e.shiftKey ? store.redo() : store.undo(), true);
    if (k === "y") return (store.redo(), true);
    if (!onCanvas && !inLayers) return false;
    if (k === "a") return (store.selectAll(), true);
    if (k === "d" && edit) return (store.duplicate(), true);
    if (k === "g" && edit) return (e.shiftKey ? store.ungroup() : store.group(), true);
    if (k === "l" && e.shiftKey && edit) return (store.toggleLocked(), true);
    if (k === "h" && e.shiftKey && edit) return (store.toggleHidden(), true);
    if ((code === "BracketRight" || code === "BracketLeft") && edit) {
      const up = code === "BracketRight";
      store.arrange(e.shiftKey ? (up ? "front" : "back") : up ? "forward" : "backward");
      return true;
    }
    if (key === "0") return (store.zoomActual(), true);
    return false;
  }
  if (key === "?") return (openHelp(), true);
  if (e.altKey && !cmd && (onCanvas || inLayers) && edit && s.selection.length) {
    const align: Record<string, () => void> = {
      KeyA: () => store.align("left"),
      KeyD: () => store.align("right"),
      KeyW: () => store.align("top"),
      KeyS: () => store.align("bottom"),
      KeyH: () => (e.shiftKey ? store.distribute("horizontal") : store.align("center")),
      KeyV: () => (e.shiftKey ? store.distribute("vertical") : store.align("middle")),
    };
    const run = align[code];
    if (run) return (run(), true);
  }
  if (e.altKey || cmd) {
    if (onCanvas && e.altKey && key.startsWith("Arrow") && edit) {
      const step = e.shiftKey ? 10 : 1;
      const [dw, dh] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[key] ?? [0, 0];
      store.resizeBy(dw!, dh!);
      return true;
    }
    return false;
  }
  if (e.shiftKey && (code === "Digit1" || code === "Digit2" || code === "Digit0")) {
    if (code === "Digit1") store.zoomToFit();
    else if (code === "Digit2") store.zoomToFit(true);
    else store.zoomActual();
    return true;
  }
  if (key === "+" || key === "=") return (store.zoomBy(1.25), true);
  if (key === "-" || key === "_") return (store.zoomBy(0.8), true);
  if (!e.shiftKey) {
    const tool = TOOLS.find((t) => t.key.toLowerCase() === key.toLowerCase());
    if (tool && (onCanvas || inLayers || (e.target as HTMLElement).closest?.("[data-editor]"))) {
      store.setTool(tool.tool);
      return true;
    }
  }
  if (key === "Escape" && (onCanvas || inLayers)) return (store.escape(), true);
  if (!onCanvas) return false;
  // Canvas only.
  if (key.startsWith("Arrow") && edit) {
    const step = e.shiftKey ? 10 : 1;
    const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[key] ?? [0, 0];
    store.nudge(dx!, dy!);
    return true;
  }
  if (key === "Tab" && (s.selection.length > 0 || s.scope)) return (store.cycle(e.shiftKey ? -1 : 1), true);
  if ((key === "Delete" || key === "Backspace") && edit) return (store.deleteSelection(), true);
  if (key === "Enter") {
    if (s.tool !== "select" && s.tool !== "hand") {
      store.addAtCentre(s.tool);
      return true;
    }
    if (s.selection.length === 1) return (store.startTextEdit(), true);
  }
  return false;
}

/** The list `?` opens: a native dialog. */
export const ShortcutsDialog = forwardRef<HTMLDialogElement>(function ShortcutsDialog(_props, ref) {
  return (
    <dialog
      ref={ref}
      aria-labelledby="wf-shortcuts-title"
      className="m-auto max-h-[90vh] w-full max-w-5xl rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/40"
    >
      <div className="p-5">
        <h2 id="wf-shortcuts-title" className="text-base font-semibold text-slate-900">
          Keyboard shortcuts
        </h2>
        <div className="mt-3 grid gap-x-8 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          {SHORTCUTS.map((g) => (
            <section key={g.group} aria-label={g.group}>
              <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{g.group}</h3>
              <dl className="mt-1 space-y-1 text-sm">
                {g.items.map(([key, what]) => (
                  <div key={key} className="grid grid-cols-[minmax(0,11rem)_1fr] gap-3">
                    <dt>
                      <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs whitespace-normal">
                        {key}
                      </kbd>
                    </dt>
                    <dd className="text-slate-700">{what}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
        <form method="dialog" className="mt-4 text-right">
          <button className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">Close</button>
        </form>
      </div>
    </dialog>
  );
});
