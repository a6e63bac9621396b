import { Link } from "@remix-run/react";
import { useObservable } from "./observable";
import { textOn } from "./text-on";
import { TOOLS } from "./shortcuts";
import { ThemeSwitch } from "./token-picker";
import type { MergeConflict } from "~/lib/wireframes/editor/merge";
import type { EditorProps, EditorState, EditorStore, Peer, Viewport } from "./store";

const selectSave = (s: EditorState) => s.save;
const selectComponentSave = (s: EditorState) => s.componentSave;
const selectComponentConflict = (s: EditorState) => s.componentConflict;
const selectDeleted = (s: EditorState) => s.deleted;
const selectPeers = (s: EditorState) => s.peers;
const selectCanUndo = (s: EditorState) => s.canUndo;
const selectCanRedo = (s: EditorState) => s.canRedo;
const selectTool = (s: EditorState) => s.tool;
const selectMode = (s: EditorState) => s.mode;
const selectComponents = (s: EditorState) => s.components;
const selectZoom = (v: Viewport) => v.zoom;

const iconButton =
  "inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50";

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join("") || "?"
  );
}

/** Saved / Saving… / Offline, or why a save was refused (with what can be done about it). */
function SaveStatus({ store }: { store: EditorStore }) {
  const save = useObservable(store.state, selectSave);
  const componentSave = useObservable(store.state, selectComponentSave);
  const conflict = useObservable(store.state, selectComponentConflict);
  const deleted = useObservable(store.state, selectDeleted);
  if (deleted) {
    return (
      <p role="status" className="rounded bg-red-50 px-2 py-0.5 text-sm font-medium text-red-800">
        Someone deleted this wireframe: changes are no longer saved.
      </p>
    );
  }
  if (!store.editable) {
    return (
      <p role="status" className="text-sm text-slate-600">
        View only
      </p>
    );
  }
  const error =
    save.state === "error"
      ? save.message
      : componentSave?.state === "error"
        ? componentSave.message
        : conflict
          ? `${conflict.name} was changed by someone else too.`
          : null;
  if (error) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p role="status" className="rounded bg-red-50 px-2 py-0.5 text-sm font-medium text-red-800">
          Not saved: {error}
        </p>
        {save.state === "error" ? (
          <>
            <button type="button" className="text-sm font-semibold text-red-800 underline" onClick={() => store.engine.retry()}>
              Try again
            </button>
            <button
              type="button"
              className="text-sm text-slate-700 underline"
              onClick={() => {
                if (window.confirm("Discard the changes that could not be saved?")) store.discard();
              }}
            >
              Discard unsaved changes
            </button>
          </>
        ) : null}
      </div>
    );
  }
  const text =
    save.state === "offline"
      ? "Offline: changes are kept in this browser"
      : save.state === "saving" || componentSave?.state === "saving"
        ? "Saving…"
        : "Saved";
  return (
    <p
      role="status"
      className={`text-sm ${save.state === "offline" ? "font-medium text-amber-800" : "text-slate-600"}`}
      data-save-state={save.state}
    >
      {text}
    </p>
  );
}

function Avatars({ store }: { store: EditorStore }) {
  const peers = useObservable(store.state, selectPeers);
  const people = new Map<string, Peer>();
  for (const p of Object.values(peers)) if (p.userId !== store.me.userId && !people.has(p.userId)) people.set(p.userId, p);
  const all = [{ userId: store.me.userId, name: `${store.me.name} (you)`, color: store.me.color }, ...people.values()];
  return (
    <ul aria-label="People in this wireframe" className="flex -space-x-1.5">
      {all.map((p) => (
        <li
          key={p.userId}
          title={p.name}
          className="flex h-7 w-7 items-center justify-center rounded-full text-xs font-semibold ring-2 ring-white"
          style={{ background: p.color, color: textOn(p.color) }}
        >
          <span aria-hidden="true">{initials(p.name)}</span>
          <span className="sr-only">{p.name}</span>
        </li>
      ))}
    </ul>
  );
}

export function EditorHeader({
  store,
  wireframe,
  onHelp,
}: {
  store: EditorStore;
  wireframe: EditorProps["wireframe"];
  onHelp: () => void;
}) {
  const canUndo = useObservable(store.state, selectCanUndo);
  const canRedo = useObservable(store.state, selectCanRedo);
  const zoom = useObservable(store.viewport, selectZoom);
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 px-3 py-2">
      <div className="min-w-0">
        <p className="text-xs text-slate-600">
          <Link to="/wireframes" className="hover:underline">
            Wireframes
          </Link>
          <span aria-hidden="true"> / </span>
          <Link to={`/projects/${wireframe.projectId}/wireframes`} className="hover:underline">
            {wireframe.projectName}
          </Link>
        </p>
        <h1 className="truncate text-base font-semibold text-slate-900">{wireframe.name}</h1>
      </div>
      <SaveStatus store={store} />
      <Avatars store={store} />
      <div className="ml-auto flex flex-wrap items-center gap-1">
        {store.editable ? (
          <>
            <button type="button" className={iconButton} disabled={!canUndo} onClick={() => store.undo()} title="Undo (Ctrl/⌘+Z)">
              Undo
            </button>
            <button type="button" className={iconButton} disabled={!canRedo} onClick={() => store.redo()} title="Redo (Shift+Ctrl/⌘+Z)">
              Redo
            </button>
            <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
          </>
        ) : null}
        <ThemeSwitch />
        <button type="button" className={iconButton} aria-label="Zoom out" title="Zoom out (-)" onClick={() => store.zoomBy(0.8)}>
          −
        </button>
        <output className="w-12 text-center text-sm text-slate-700 tabular-nums" aria-label="Zoom">
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" className={iconButton} aria-label="Zoom in" title="Zoom in (+)" onClick={() => store.zoomBy(1.25)}>
          +
        </button>
        <button type="button" className={iconButton} title="Zoom to fit (Shift+1)" onClick={() => store.zoomToFit()}>
          Fit
        </button>
        <button type="button" className={iconButton} title="Zoom to 100 % (Shift+0)" onClick={() => store.zoomActual()}>
          100%
        </button>
        <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
        <button type="button" className={iconButton} onClick={onHelp} title="Keyboard shortcuts (?)">
          Shortcuts
        </button>
      </div>
    </header>
  );
}

export function Toolbar({ store }: { store: EditorStore }) {
  const tool = useObservable(store.state, selectTool);
  return (
    <div role="toolbar" aria-label="Tools" className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-white px-1.5 py-1">
      {TOOLS.filter((t) => store.editable || t.tool === "select" || t.tool === "hand").map((t) => (
        <button
          key={t.tool}
          type="button"
          aria-pressed={tool === t.tool}
          title={`${t.label} (${t.key})`}
          onClick={() => store.setTool(t.tool)}
          className={`rounded-md px-2 py-1 text-xs font-medium ${tool === t.tool ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {t.label}
          <span className="ml-1 text-xs opacity-75" aria-hidden="true">
            {t.key}
          </span>
        </button>
      ))}
    </div>
  );
}

/** While a main component is open: what is being edited, and the way back. */
export function ComponentBanner({ store }: { store: EditorStore }) {
  const mode = useObservable(store.state, selectMode);
  const components = useObservable(store.state, selectComponents);
  if (mode.kind !== "component") return null;
  return (
    <div className="flex flex-wrap items-center gap-3 border-b border-violet-200 bg-violet-50 px-3 py-1.5 text-sm text-violet-900">
      <p>
        Editing the main component <strong>{components[mode.componentId]?.name}</strong>: every instance in every wireframe follows it.
      </p>
      <button
        type="button"
        className="rounded-md bg-violet-700 px-2.5 py-1 text-sm font-semibold text-white hover:bg-violet-800"
        onClick={() => store.exitComponent()}
      >
        Back to the wireframe
      </button>
    </div>
  );
}

function shortValue(value: unknown): string {
  if (typeof value === "string") return `“${value.length > 40 ? `${value.slice(0, 39)}…` : value}”`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value && typeof value === "object" && "token" in value) return `token ${String((value as { token: unknown }).token)}`;
  return "a different value";
}

function describeConflict(c: MergeConflict): string {
  if (c.key === "removed")
    return c.theirs === null ? `${c.label}: they removed it, you changed it` : `${c.label}: you removed it, they changed it`;
  return `${c.label}: ${c.key}, theirs is ${shortValue(c.theirs)}`;
}

/**
 * Someone saved a main component this editor was changing, and changed the same things:
 * what they changed, with the edits here kept on screen until the person chooses (as the
 * card panel does for a field: decision 016).
 */
export function ComponentConflictNotice({ store }: { store: EditorStore }) {
  const conflict = useObservable(store.state, selectComponentConflict);
  if (!conflict) return null;
  return (
    <div role="alert" className="border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>
        {conflict.by ?? "Someone"} changed the main component <strong>{conflict.name}</strong> while you were editing it. Your changes are
        kept here and not saved yet; their other changes are already in.
      </p>
      <ul className="mt-1 list-disc pl-5" aria-label="Changed by both">
        {conflict.conflicts.map((c) => (
          <li key={`${c.elementId ?? ""}:${c.key}`}>{describeConflict(c)}</li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="rounded-md bg-amber-700 px-2.5 py-1 font-semibold text-white hover:bg-amber-800"
          onClick={() => void store.keepMyComponent()}
        >
          Keep my changes
        </button>
        <button
          type="button"
          className="rounded-md border border-amber-700 px-2.5 py-1 font-semibold text-amber-900 hover:bg-amber-100"
          onClick={() => store.useTheirComponent()}
        >
          Use their version instead
        </button>
      </div>
    </div>
  );
}
