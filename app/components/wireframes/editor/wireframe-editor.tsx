/**
 * The wireframe editor (issue 8): mounted by the editor route once JavaScript runs, with
 * the route loader's data. Its code loads only on that route.
 */
import { useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { serializePayload } from "~/lib/wireframes/editor/clipboard";
import { useLeaveGuard } from "~/components/ui/leave-guard";
import { Canvas } from "./canvas";
import { ComponentBanner, ComponentConflictNotice, EditorHeader, Toolbar } from "./header";
import { LayersPanel, ScreensList } from "./layers-panel";
import { LibraryPanel } from "./library-panel";
import { connectEvents } from "./network";
import { useObservable } from "./observable";
import { PropertiesPanel } from "./properties-panel";
import { ModeSwitch, PrototypeMap } from "./prototype-mode";
import { PrototypePanel } from "./prototype-panel";
import { handleEditorKey, isTyping, ShortcutsDialog } from "./shortcuts";
import { EditorStore, type EditorProps, type EditorState } from "./store";

export type { EditorProps } from "./store";

const CLIPBOARD_KEY = "atelier:wireframe-clipboard";
const selectAnnouncement = (s: EditorState) => s.announcement;
const selectScreenName = (s: EditorState) => s.doc.screens[s.screenId]?.name ?? "";
const selectSelectionCount = (s: EditorState) => s.selection.length;

export function WireframeEditor(props: EditorProps) {
  const [params] = useSearchParams();
  const [store] = useState(() => new EditorStore(props, params.get("screen")));
  const root = useRef<HTMLDivElement>(null);
  const help = useRef<HTMLDialogElement>(null);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => store.start(), [store]);

  // Never lose an edit (decision 016): leaving for another page saves first.
  useLeaveGuard({ unsaved: () => store.unsaved, flush: () => store.flush() });

  // Newer main components from a revalidation (after someone changed one).
  useEffect(() => store.learnComponents(props.components), [store, props.components]);

  // The events stream: everyone's patches, presence, component changes.
  useEffect(() => {
    const stop = connectEvents(store.wireframeId, store.clientId, {
      patch: (p) => store.engine.receive(p),
      presence: (p) => store.receivePresence(p),
      leave: (id) => store.receiveLeave(id),
      component: (c) => {
        const known = store.get().components[c.id];
        if (known && known.version < c.version) revalidate.current();
      },
      status: (live) => {
        store.patch({ live });
        if (!live) return;
        store.engine.online();
        store.resendPresence();
      },
      since: () => store.engine.seq,
      // Unsaved edits are kept in this browser: a reload puts them back on the server's document.
      reset: () => window.location.reload(),
      deleted: () => store.markDeleted(),
    });
    const online = () => store.engine.online();
    window.addEventListener("online", online);
    return () => {
      stop();
      window.removeEventListener("online", online);
    };
  }, [store]);

  // Keys anywhere in the editor (or with nothing focused), and the clipboard. Copy, cut and
  // paste act on the key (a focused canvas is no text field, so the browser may send no
  // clipboard event); the clipboard events carry the payload to the system clipboard, and
  // localStorage keeps a copy for other tabs of this browser.
  useEffect(() => {
    const mine = (t: EventTarget | null) => t === document.body || (t instanceof Node && !!root.current?.contains(t));
    let copied: { text: string; at: number } | null = null;
    let pasteFallback: ReturnType<typeof setTimeout> | undefined;
    const keep = (text: string) => {
      copied = { text, at: Date.now() };
      try {
        localStorage.setItem(CLIPBOARD_KEY, text);
      } catch {
        // the system clipboard still has it
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !mine(e.target) || help.current?.open) return;
      const k = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (k === "c" || k === "x" || k === "v") && !isTyping(e.target)) {
        if (k === "v") {
          // The paste event (with the system clipboard) normally wins; without one, ours.
          clearTimeout(pasteFallback);
          pasteFallback = setTimeout(() => store.pasteText(localStorage.getItem(CLIPBOARD_KEY) ?? ""), 150);
          return;
        }
        const payload = k === "x" ? store.cut() : store.copy();
        if (payload) keep(serializePayload(payload));
        return;
      }
      if (handleEditorKey(store, e, () => help.current?.showModal())) e.preventDefault();
    };
    const onCopy = (e: ClipboardEvent) => {
      if (!mine(e.target) || isTyping(e.target)) return;
      // A copy from the browser's menu has had no key: copy now.
      if (!copied || Date.now() - copied.at > 1000) {
        const payload = e.type === "cut" ? store.cut() : store.copy();
        if (!payload) return;
        keep(serializePayload(payload));
      }
      e.clipboardData?.setData("text/plain", copied!.text);
      copied = null;
      e.preventDefault();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (!mine(e.target) || isTyping(e.target)) return;
      clearTimeout(pasteFallback);
      const text = e.clipboardData?.getData("text/plain") ?? "";
      if (store.pasteText(text) || store.pasteText(localStorage.getItem(CLIPBOARD_KEY) ?? "")) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    document.addEventListener("copy", onCopy);
    document.addEventListener("cut", onCopy);
    document.addEventListener("paste", onPaste);
    return () => {
      clearTimeout(pasteFallback);
      window.removeEventListener("keydown", onKey);
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("cut", onCopy);
      document.removeEventListener("paste", onPaste);
    };
  }, [store]);

  const screenName = useObservable(store.state, selectScreenName);
  const count = useObservable(store.state, selectSelectionCount);
  const announcement = useObservable(store.state, selectAnnouncement);
  const [mode, setMode] = useState<"design" | "prototype">(() => (params.get("mode") === "prototype" ? "prototype" : "design"));

  return (
    <div ref={root} data-editor className="-mx-4 -my-8 flex h-[calc(100dvh-4rem)] min-h-[560px] flex-col bg-white sm:-mx-6 lg:-mx-8">
      <EditorHeader store={store} wireframe={props.wireframe} onHelp={() => help.current?.showModal()} />
      <ComponentBanner store={store} />
      <ComponentConflictNotice store={store} />
      <ModeSwitch mode={mode} onChange={setMode} wireframeId={props.wireframe.id} />
      <div className="flex min-h-0 flex-1">
        <section aria-label="Screens, layers and library" className="flex w-56 shrink-0 flex-col border-r border-slate-200 bg-slate-50">
          <SidePanels store={store} />
        </section>
        <div className="flex min-w-0 flex-1 flex-col">
          {mode === "prototype" ? (
            <PrototypeMap store={store} />
          ) : (
            <>
              <Toolbar store={store} />
              <Canvas store={store} label={`Canvas: ${screenName}${count ? `, ${count} selected` : ""}`} />
            </>
          )}
        </div>
        <section
          aria-label={mode === "prototype" ? "Prototype" : "Properties"}
          className="flex w-64 shrink-0 flex-col border-l border-slate-200 bg-slate-50"
        >
          {mode === "prototype" ? <PrototypePanel store={store} /> : <PropertiesPanel store={store} linkedCards={props.linkedCards} />}
        </section>
      </div>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      <ShortcutsDialog ref={help} />
    </div>
  );
}

/** The left side: screens, then tabs for the layers and the library. */
function SidePanels({ store }: { store: EditorStore }) {
  const [tab, setTab] = useState<"layers" | "library">("layers");
  const id = useId();
  const tabs = [
    { key: "layers", label: "Layers" },
    { key: "library", label: "Library" },
  ] as const;
  return (
    <>
      <ScreensList store={store} />
      <div role="tablist" aria-label="Side panel" className="flex border-b border-slate-200">
        {tabs.map((t) => (
          <button
            key={t.key}
            id={`${id}-${t.key}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            aria-controls={`${id}-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            className={`flex-1 px-3 py-2 text-sm font-medium ${tab === t.key ? "border-b-2 border-brand-600 text-brand-800" : "text-slate-600 hover:text-slate-900"}`}
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                const next = tab === "layers" ? "library" : "layers";
                setTab(next);
                document.getElementById(`${id}-${next}-tab`)?.focus();
              }
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${id}-${tab}`} role="tabpanel" aria-labelledby={`${id}-${tab}-tab`} className="flex min-h-0 flex-1 flex-col">
        {tab === "layers" ? <LayersPanel store={store} /> : <LibraryPanel store={store} />}
      </div>
    </>
  );
}
