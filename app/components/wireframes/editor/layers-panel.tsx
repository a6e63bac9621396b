/**
 * The screens of the wireframe, and the layers of the current screen: the element tree,
 * top of the stack first. Select (click, Shift/Ctrl-click, arrows), rename (double-click,
 * Enter, F2), reorder (drag, Alt+arrows), lock and hide. The tree is one focusable widget
 * (aria-activedescendant), so Tab goes past it in one step.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import type { ElementType, WireframeElement } from "~/lib/wireframes/document";
import { ancestry } from "~/lib/wireframes/editor/tree";
import { childIndex } from "~/lib/wireframes/tree";
import { useObservable } from "./observable";
import type { EditorState, EditorStore } from "./store";

const LAYER_MIME = "application/x-atelier-layer";
/** A row's height (h-7), for drawing only the rows in view. */
const ROW_PX = 28;
const OVERSCAN = 8;

type Row = { el: WireframeElement; level: number; open: boolean; hasChildren: boolean };
type Drop = { id: string; where: "above" | "below" | "inside" };

const selectDoc = (s: EditorState) => s.doc;
const selectScreenId = (s: EditorState) => s.screenId;
const selectSelection = (s: EditorState) => s.selection;
const selectMode = (s: EditorState) => s.mode;

export function ScreensList({ store }: { store: EditorStore }) {
  const doc = useObservable(store.state, selectDoc);
  const screenId = useObservable(store.state, selectScreenId);
  const mode = useObservable(store.state, selectMode);
  if (mode.kind !== "wireframe") return null;
  const screens = Object.values(doc.screens).sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0));
  return (
    <section aria-labelledby="wf-screens-title" className="border-b border-slate-200 p-3">
      <div className="flex items-center justify-between">
        <h2 id="wf-screens-title" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Screens
        </h2>
        {store.editable ? (
          <button
            type="button"
            className="rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50"
            onClick={() => store.addScreen()}
          >
            Add screen
          </button>
        ) : null}
      </div>
      <ul className="mt-2 max-h-32 space-y-0.5 overflow-y-auto">
        {screens.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              aria-current={s.id === screenId ? "true" : undefined}
              className={`w-full truncate rounded px-2 py-1 text-left text-sm ${s.id === screenId ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
              onClick={() => store.setScreen(s.id)}
            >
              {s.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LayersPanel({ store }: { store: EditorStore }) {
  const doc = useObservable(store.state, selectDoc);
  const screenId = useObservable(store.state, selectScreenId);
  const selection = useObservable(store.state, selectSelection);
  const [closed, setClosed] = useState<Set<string>>(() => new Set());
  const [renaming, setRenaming] = useState<string | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const index = useMemo(() => childIndex(doc.elements, screenId), [doc.elements, screenId]);

  // A selected element's groups open so it shows.
  const opened = useMemo(() => {
    const forced = new Set<string>();
    for (const id of selection) for (const a of ancestry(doc.elements, id).slice(1)) forced.add(a.id);
    return forced;
  }, [selection, doc.elements]);

  const rows = useMemo(() => {
    const out: Row[] = [];
    const walk = (parentId: string | null, level: number) => {
      const kids = index.get(parentId) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) {
        const el = kids[i]!;
        const hasChildren = (index.get(el.id)?.length ?? 0) > 0;
        const open = hasChildren && (opened.has(el.id) || !closed.has(el.id));
        out.push({ el, level, open, hasChildren });
        if (open) walk(el.id, level + 1);
      }
    };
    walk(null, 1);
    return out;
  }, [index, closed, opened]);

  // Only the rows in view are in the page (a screen may hold thousands of elements). The view
  // is never taller than the window, whatever a measure taken mid-layout said.
  const list = useRef<HTMLDivElement | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const measure = useCallback(
    (el: HTMLElement) => setView({ top: el.scrollTop, height: Math.min(el.clientHeight || 600, window.innerHeight) }),
    [],
  );
  const listRef = useCallback(
    (el: HTMLDivElement | null) => {
      observer.current?.disconnect();
      list.current = el;
      if (!el) return;
      measure(el);
      observer.current = new ResizeObserver(() => measure(el));
      observer.current.observe(el);
    },
    [measure],
  );

  const active = rows.find((r) => r.el.id === cursor)
    ? cursor
    : (selection.findLast((id) => rows.some((r) => r.el.id === id)) ?? rows[0]?.el.id ?? null);

  // The active row stays in view (and so in the page, for aria-activedescendant).
  const activeIndex = rows.findIndex((r) => r.el.id === active);
  useEffect(() => {
    const el = list.current;
    if (!el || activeIndex < 0) return;
    const top = activeIndex * ROW_PX;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_PX > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_PX - el.clientHeight;
  }, [activeIndex]);
  const first = Math.max(0, Math.floor(view.top / ROW_PX) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_PX) + OVERSCAN);

  const choose = (el: WireframeElement, how: "only" | "toggle" | "extend" = "only") => {
    setCursor(el.id);
    if (how === "toggle") store.toggleInSelection(el.id);
    else if (how === "extend") store.select([...new Set([...selection, el.id])]);
    else store.select([el.id], el.parentId);
  };

  const toggleOpen = (id: string, open: boolean) =>
    setClosed((c) => {
      const next = new Set(c);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (renaming || (e.target as HTMLElement).tagName === "INPUT") return;
    const i = rows.findIndex((r) => r.el.id === active);
    const row = rows[i];
    const go = (j: number) => {
      const r = rows[Math.max(0, Math.min(rows.length - 1, j))];
      if (r) choose(r.el, e.shiftKey ? "extend" : "only");
    };
    let handled = true;
    if (e.altKey && (e.key === "ArrowUp" || e.key === "ArrowDown")) {
      if (row && store.editable) store.arrange(e.key === "ArrowUp" ? "forward" : "backward", [row.el.id]);
    } else if (e.key === "ArrowDown") go(i + 1);
    else if (e.key === "ArrowUp") go(i - 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(rows.length - 1);
    else if (e.key === "ArrowRight" && row?.hasChildren) {
      if (!row.open) toggleOpen(row.el.id, true);
      else go(i + 1);
    } else if (e.key === "ArrowLeft" && row) {
      if (row.open && !opened.has(row.el.id)) toggleOpen(row.el.id, false);
      else if (row.el.parentId) {
        const parent = rows.find((r) => r.el.id === row.el.parentId);
        if (parent) choose(parent.el);
      }
    } else if ((e.key === "Enter" || e.key === "F2") && row && store.editable) setRenaming(row.el.id);
    else if (e.key === " " && row) choose(row.el, e.ctrlKey || e.metaKey ? "toggle" : "only");
    else if ((e.key === "Delete" || e.key === "Backspace") && store.editable) store.deleteSelection();
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const dragIds = (id: string) => (selection.includes(id) ? selection : [id]);

  /** Where a drop on row `r` puts the dragged layers: above it, below it, or into its group. */
  const whereOf = (e: DragEvent, r: Row): Drop["where"] => {
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
    const y = (e.clientY - box.top) / box.height;
    return r.el.type === "group" && y > 0.3 && y < 0.7 ? "inside" : y < 0.5 ? "above" : "below";
  };

  const onDragOver = (e: DragEvent, r: Row) => {
    if (!e.dataTransfer.types.includes(LAYER_MIME)) return;
    e.preventDefault();
    const where = whereOf(e, r);
    if (drop?.id !== r.el.id || drop.where !== where) setDrop({ id: r.el.id, where });
  };

  const onDrop = (e: DragEvent, r: Row) => {
    e.preventDefault();
    const raw = e.dataTransfer.getData(LAYER_MIME);
    const where = whereOf(e, r);
    setDrop(null);
    if (!raw) return;
    const ids = (JSON.parse(raw) as string[]).filter((id) => id !== r.el.id);
    if (!ids.length) return;
    if (where === "inside") {
      const kids = (index.get(r.el.id) ?? []).filter((k) => !ids.includes(k.id));
      store.moveInTree(ids, r.el.id, kids[kids.length - 1]?.id ?? null);
    } else if (where === "above") store.moveInTree(ids, r.el.parentId, r.el.id);
    else {
      const sibs = (index.get(r.el.parentId) ?? []).filter((k) => !ids.includes(k.id));
      const at = sibs.findIndex((k) => k.id === r.el.id);
      store.moveInTree(ids, r.el.parentId, sibs[at - 1]?.id ?? null);
    }
  };

  return (
    <section aria-labelledby="wf-layers-title" className="flex min-h-0 flex-1 flex-col p-3">
      <h2 id="wf-layers-title" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Layers
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">This screen is empty. Pick a tool or a component to add something.</p>
      ) : (
        <div
          id="wf-layers-tree"
          role="tree"
          aria-label="Layers"
          aria-multiselectable="true"
          tabIndex={0}
          aria-activedescendant={active ? `wf-layer-${active}` : undefined}
          ref={listRef}
          className="mt-2 min-h-0 flex-1 overflow-y-auto rounded outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          onScroll={(e) => measure(e.currentTarget)}
          onKeyDown={onKeyDown}
          onDragLeave={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node)) setDrop(null);
          }}
        >
          {rows.slice(first, last).map((r, k) => {
            const selected = selection.includes(r.el.id);
            const hint = drop?.id === r.el.id ? drop.where : null;
            return (
              // The tree has the focus and names its active item (aria-activedescendant); its keys are onKeyDown above.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
              <div
                key={r.el.id}
                id={`wf-layer-${r.el.id}`}
                role="treeitem"
                aria-level={r.level}
                aria-selected={selected}
                aria-expanded={r.hasChildren ? r.open : undefined}
                aria-label={`${r.el.name}${r.el.hidden ? ", hidden" : ""}${r.el.locked ? ", locked" : ""}`}
                draggable={store.editable && renaming !== r.el.id}
                onDragStart={(e) => {
                  e.dataTransfer.setData(LAYER_MIME, JSON.stringify(dragIds(r.el.id)));
                  e.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(e) => onDragOver(e, r)}
                onDrop={(e) => onDrop(e, r)}
                onDragEnd={() => setDrop(null)}
                onClick={(e) => choose(r.el, e.shiftKey ? "extend" : e.ctrlKey || e.metaKey ? "toggle" : "only")}
                onDoubleClick={() => store.editable && setRenaming(r.el.id)}
                className={`group flex h-7 shrink-0 cursor-default items-center gap-1 rounded pr-1 text-sm ${
                  selected ? "bg-brand-100 text-brand-900" : "text-slate-800 hover:bg-slate-100"
                } ${r.el.id === active ? "outline-1 outline-brand-400 -outline-offset-1" : ""} ${
                  hint === "inside" ? "ring-2 ring-brand-500 ring-inset" : ""
                } ${hint === "above" ? "shadow-[inset_0_2px_0_var(--color-blue-600)]" : ""} ${hint === "below" ? "shadow-[inset_0_-2px_0_var(--color-blue-600)]" : ""}`}
                style={{
                  paddingLeft: 4 + (r.level - 1) * 14,
                  // The rows out of view, as room above and below the ones drawn (margins: padding
                  // would keep the list from being shorter than itself).
                  marginTop: k === 0 ? first * ROW_PX : undefined,
                  marginBottom: k === last - first - 1 ? (rows.length - last) * ROW_PX : undefined,
                }}
              >
                <span
                  aria-hidden="true"
                  className="w-3 text-center text-xs text-slate-500"
                  onClick={(e) => {
                    if (!r.hasChildren) return;
                    e.stopPropagation();
                    toggleOpen(r.el.id, !r.open);
                  }}
                >
                  {r.hasChildren ? (r.open ? "▾" : "▸") : ""}
                </span>
                <span aria-hidden="true" className="w-9 shrink-0 text-[10px] font-medium text-slate-600 uppercase">
                  {TYPE_TAGS[r.el.type]}
                </span>
                {renaming === r.el.id ? (
                  <RenameInput
                    name={r.el.name}
                    onDone={(name) => {
                      setRenaming(null);
                      if (name !== null && name !== r.el.name) store.rename(r.el.id, name);
                      document.getElementById("wf-layers-tree")?.focus();
                    }}
                  />
                ) : (
                  <span className={`min-w-0 flex-1 truncate ${r.el.hidden ? "text-slate-500 italic" : ""}`}>{r.el.name}</span>
                )}
                {store.editable ? (
                  <>
                    <button
                      type="button"
                      tabIndex={-1}
                      aria-label={`${r.el.locked ? "Unlock" : "Lock"} ${r.el.name}`}
                      aria-pressed={r.el.locked}
                      title={r.el.locked ? "Unlock" : "Lock"}
                      className={`rounded px-1 text-xs ${r.el.locked ? "text-slate-700" : "text-slate-400 opacity-0 group-hover:opacity-100"}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        store.toggleLocked([r.el.id]);
                      }}
                    >
                      <LockIcon locked={r.el.locked} />
                    </button>
                    <button
                      type="button"
                      tabIndex={-1}
                      aria-label={`${r.el.hidden ? "Show" : "Hide"} ${r.el.name}`}
                      aria-pressed={r.el.hidden}
                      title={r.el.hidden ? "Show" : "Hide"}
                      className={`rounded px-1 text-xs ${r.el.hidden ? "text-slate-700" : "text-slate-400 opacity-0 group-hover:opacity-100"}`}
                      onClick={(e) => {
                        e.stopPropagation();
                        store.toggleHidden([r.el.id]);
                      }}
                    >
                      <EyeIcon hidden={r.el.hidden} />
                    </button>
                  </>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}

/** A short tag per element type, before each layer's name. */
const TYPE_TAGS: Record<ElementType, string> = {
  rectangle: "Rect",
  ellipse: "Oval",
  polygon: "Poly",
  line: "Line",
  arrow: "Arrow",
  text: "Text",
  image: "Img",
  "image-placeholder": "Img",
  icon: "Icon",
  ui: "UI",
  group: "Group",
  instance: "Comp",
};

const icon = {
  width: 14,
  height: 14,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg {...icon} aria-hidden="true">
      <rect x={5} y={11} width={14} height={10} rx={2} />
      <path d={locked ? "M8 11V7a4 4 0 0 1 8 0v4" : "M8 11V7a4 4 0 0 1 7.5-2"} />
    </svg>
  );
}

function EyeIcon({ hidden }: { hidden: boolean }) {
  return (
    <svg {...icon} aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx={12} cy={12} r={3} />
      {hidden ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

function RenameInput({ name, onDone }: { name: string; onDone: (name: string | null) => void }) {
  const [value, setValue] = useState(name);
  const [finished, setFinished] = useState(false);
  const done = (v: string | null) => {
    if (finished) return;
    setFinished(true);
    onDone(v);
  };
  return (
    <input
      aria-label="Layer name"
      className="h-6 min-w-0 flex-1 rounded border border-brand-400 px-1 text-sm"
      value={value}
      autoFocus
      maxLength={200}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setValue(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      onBlur={() => done(value)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Enter") done(value);
        if (e.key === "Escape") done(null);
      }}
    />
  );
}
