import { useState } from "react";
import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { FONT_FAMILY, resolveColor, resolveLength } from "~/lib/wireframes/render";
import { useObservable } from "./observable";
import type { EditorState, EditorStore, Viewport } from "./store";

/** What the text sits on in the document: the element's solid fill, else its screen's background, else white. */
function paperOf(doc: WireframeDocument, el: WireframeElement): string {
  for (const value of [el.fill, doc.screens[el.screenId]?.background]) {
    const c = resolveColor(value ?? null);
    if (c !== "none" && c.startsWith("#")) return c;
  }
  return "#ffffff";
}

const selectEditing = (s: EditorState) => (s.editingText ? (s.doc.elements[s.editingText] ?? null) : null);
const selectViewport = (v: Viewport) => v;

/** Inline text editing (double-click or Enter): a text box over the element, saved when it loses focus. */
export function TextEditor({ store }: { store: EditorStore }) {
  const el = useObservable(store.state, selectEditing);
  if (!el || !("text" in el)) return null;
  return <TextBox key={el.id} store={store} el={el} />;
}

function TextBox({ store, el }: { store: EditorStore; el: Extract<WireframeElement, { text: string }> }) {
  const v = useObservable(store.viewport, selectViewport);
  const [value, setValue] = useState(el.text);
  const size = resolveLength(el.textStyle.fontSize, 16);
  const done = (save: boolean) => {
    if (store.get().editingText !== el.id) return;
    if (save) store.setText(el.id, value);
    store.patch({ editingText: null });
    document.querySelector<HTMLElement>("[data-canvas]")?.focus({ preventScroll: true });
  };
  return (
    <textarea
      aria-label={`Text of ${el.name}`}
      className="absolute z-10 resize-none rounded-sm border-0 p-0 shadow-[0_0_0_2px_var(--color-blue-600)] outline-none"
      style={{
        left: v.x + el.x * v.zoom,
        top: v.y + el.y * v.zoom,
        width: Math.max(40, el.width * v.zoom),
        height: Math.max(size * el.textStyle.lineHeight * v.zoom, el.height * v.zoom),
        fontFamily: FONT_FAMILY,
        fontSize: size * v.zoom,
        fontWeight: el.textStyle.fontWeight,
        lineHeight: el.textStyle.lineHeight,
        textAlign: el.textStyle.align,
        color: resolveColor(el.textStyle.color) === "none" ? "#111827" : resolveColor(el.textStyle.color),
        // The document's colours, whatever the app's theme: the element's fill, else its screen's background.
        backgroundColor: paperOf(store.get().doc, el),
      }}
      value={value}
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => done(true)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Escape" || (e.key === "Enter" && (e.ctrlKey || e.metaKey))) {
          e.preventDefault();
          done(true);
        }
      }}
    />
  );
}
