/**
 * Prototype mode's panel: the flows (named starting screens), the selected element's click
 * interactions and the current screen's "after a delay" ones. Every field is a plain
 * control (keyboard first); each change is one patch through the store (undo works).
 */
import { useId } from "react";
import type { Interaction, InteractionAction, WireframeDocument } from "~/lib/wireframes/document";
import { newId } from "~/lib/wireframes/elements";
import { ACTION_LABELS, flowsOf, interactionsOf, newFlow, nextInteractionOrder, sortedScreens } from "~/lib/wireframes/prototype";
import { prototypeUrlSchema } from "~/lib/wireframes/schema";
import { useObservable } from "./observable";
import type { EditorState, EditorStore } from "./store";

const selectDoc = (s: EditorState) => s.doc;
const selectSelection = (s: EditorState) => s.selection;
const selectScreenId = (s: EditorState) => s.screenId;

const inputCls = "mt-0.5 block w-full rounded border border-slate-300 bg-white px-1.5 py-1 text-sm text-slate-900 disabled:bg-slate-100";
const smallBtn =
  "rounded px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-100 disabled:opacity-50";

/** An action of `type`, keeping what the old one had that still fits. */
function actionOf(type: InteractionAction["type"], old: InteractionAction, doc: WireframeDocument, here: string): InteractionAction {
  const firstOther = sortedScreens(doc).find((s) => s.id !== here)?.id ?? here;
  const screenId = old.type === "navigate" || old.type === "overlay" ? old.screenId : firstOther;
  switch (type) {
    case "navigate":
      return { type, screenId };
    case "overlay":
      return { type, screenId, position: null, backdrop: true };
    case "url":
      return { type, url: old.type === "url" ? old.url : "https://example.com" };
    case "back":
    case "close-overlay":
      return { type };
  }
}

export function PrototypePanel({ store }: { store: EditorStore }) {
  const doc = useObservable(store.state, selectDoc);
  const selection = useObservable(store.state, selectSelection);
  const screenId = useObservable(store.state, selectScreenId);
  const element = selection.length === 1 ? doc.elements[selection[0]!] : undefined;
  const screen = doc.screens[screenId];
  const editable = store.editable;

  const add = (source: Interaction["source"]) => {
    const here = "elementId" in source ? (doc.elements[source.elementId]?.screenId ?? screenId) : source.screenId;
    const target = sortedScreens(doc).find((s) => s.id !== here)?.id ?? here;
    const interaction: Interaction = {
      id: newId(),
      source,
      order: nextInteractionOrder(doc, source),
      trigger: "elementId" in source ? { type: "click" } : { type: "delay", ms: 3000 },
      action: { type: "navigate", screenId: target },
    };
    store.commit([{ op: "add-interaction", interaction }], { say: "Interaction added" });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-3 text-sm text-slate-700" data-prototype-panel>
      <h2 className="text-sm font-semibold text-slate-900">Interactions</h2>
      {element ? (
        <InteractionSection
          label={`Interactions of ${element.name}`}
          className="mt-2"
          caption={`On click of “${element.name}”`}
          store={store}
          doc={doc}
          source={{ elementId: element.id }}
          here={element.screenId}
          add={editable ? { label: "Add interaction", run: add } : null}
        />
      ) : (
        <p className="mt-2 text-xs text-slate-500">Select one element or group (on the map or in the layers) to give it interactions.</p>
      )}
      {screen ? (
        <InteractionSection
          label={`Interactions of the screen ${screen.name}`}
          className="mt-4 border-t border-slate-200 pt-3"
          caption={`After a delay on “${screen.name}”`}
          store={store}
          doc={doc}
          source={{ screenId: screen.id }}
          here={screen.id}
          add={editable ? { label: "Add timed interaction", run: add } : null}
        />
      ) : null}
      <Flows store={store} doc={doc} editable={editable} />
    </div>
  );
}

/** The interactions of one source (an element's clicks, a screen's delays) and the button that adds one. */
function InteractionSection({
  label,
  className,
  caption,
  store,
  doc,
  source,
  here,
  add,
}: {
  label: string;
  className: string;
  caption: string;
  store: EditorStore;
  doc: WireframeDocument;
  source: Interaction["source"];
  here: string;
  add: { label: string; run: (source: Interaction["source"]) => void } | null;
}) {
  return (
    <section aria-label={label} className={className}>
      <p className="text-xs text-slate-500">{caption}</p>
      <InteractionList store={store} doc={doc} list={interactionsOf(doc, source)} here={here} editable={add !== null} />
      {add ? (
        <button type="button" className={`${smallBtn} mt-2`} onClick={() => add.run(source)}>
          {add.label}
        </button>
      ) : null}
    </section>
  );
}

/** A labelled control of a row (an interaction's or a flow's); `first` has no space above it. */
function Labelled({ id, label, first, children }: { id: string; label: string; first?: boolean; children: React.ReactNode }) {
  return (
    <div className={first ? "block text-xs" : "mt-1 block text-xs"}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/** A select of the document's screens, in their order. */
function ScreenSelect({
  id,
  screens,
  value,
  disabled,
  onChange,
}: {
  id: string;
  screens: { id: string; name: string }[];
  value: string;
  disabled: boolean;
  onChange: (screenId: string) => void;
}) {
  return (
    <select id={id} value={value} disabled={disabled} className={inputCls} onChange={(e) => onChange(e.currentTarget.value)}>
      {screens.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="mt-2 text-xs font-medium text-red-700 hover:underline" onClick={onClick}>
      {label}
    </button>
  );
}

function InteractionList({
  store,
  doc,
  list,
  here,
  editable,
}: {
  store: EditorStore;
  doc: WireframeDocument;
  list: Interaction[];
  here: string;
  editable: boolean;
}) {
  const uid = useId();
  if (list.length === 0) return <p className="mt-1 text-xs text-slate-500">None yet.</p>;
  const screens = sortedScreens(doc);
  const set = (it: Interaction, key: "action" | "trigger", value: unknown) =>
    store.commit([{ op: "set-interaction", id: it.id, key, value }], { say: "Interaction changed" });
  return (
    <ul className="mt-1 space-y-2">
      {list.map((it, i) => {
        const a = it.action;
        const id = `${uid}-${i}`;
        return (
          <li key={it.id} className="rounded border border-slate-200 bg-white p-2" data-interaction={it.id}>
            {it.trigger.type === "delay" ? (
              <Labelled id={`${id}-delay`} label="Delay (seconds)" first>
                <input
                  id={`${id}-delay`}
                  key={it.trigger.ms}
                  type="number"
                  min={0}
                  max={600}
                  step={0.5}
                  defaultValue={it.trigger.ms / 1000}
                  disabled={!editable}
                  className={inputCls}
                  onBlur={(e) => {
                    const ms = Math.round(Number(e.currentTarget.value) * 1000);
                    if (Number.isFinite(ms) && ms >= 0 && ms <= 600_000 && it.trigger.type === "delay" && ms !== it.trigger.ms)
                      set(it, "trigger", { type: "delay", ms });
                  }}
                />
              </Labelled>
            ) : null}
            <Labelled id={`${id}-action`} label="Action">
              <select
                id={`${id}-action`}
                value={a.type}
                disabled={!editable}
                className={inputCls}
                onChange={(e) => set(it, "action", actionOf(e.currentTarget.value as InteractionAction["type"], a, doc, here))}
              >
                {(Object.keys(ACTION_LABELS) as InteractionAction["type"][]).map((t) => (
                  <option key={t} value={t}>
                    {ACTION_LABELS[t]}
                  </option>
                ))}
              </select>
            </Labelled>
            {a.type === "navigate" || a.type === "overlay" ? (
              <Labelled id={`${id}-target`} label="Screen">
                <ScreenSelect
                  id={`${id}-target`}
                  screens={screens}
                  value={a.screenId}
                  disabled={!editable}
                  onChange={(screenId) => set(it, "action", { ...a, screenId })}
                />
              </Labelled>
            ) : null}
            {a.type === "url" ? (
              <Labelled id={`${id}-url`} label="Address (opens in a new tab)">
                <input
                  id={`${id}-url`}
                  key={a.url}
                  type="url"
                  defaultValue={a.url}
                  disabled={!editable}
                  className={inputCls}
                  onBlur={(e) => {
                    const url = e.currentTarget.value.trim();
                    if (url === a.url) return;
                    if (prototypeUrlSchema.safeParse(url).success) set(it, "action", { type: "url", url });
                    else {
                      e.currentTarget.setCustomValidity("Enter an http or https address.");
                      e.currentTarget.reportValidity();
                    }
                  }}
                  onInput={(e) => e.currentTarget.setCustomValidity("")}
                />
              </Labelled>
            ) : null}
            {a.type === "overlay" ? (
              <fieldset className="mt-1 text-xs">
                <legend>Position</legend>
                <label className="mr-3 inline-flex items-center gap-1">
                  <input
                    type="radio"
                    name={`${id}-pos`}
                    checked={a.position === null}
                    disabled={!editable}
                    onChange={() => set(it, "action", { ...a, position: null })}
                  />
                  Centred
                </label>
                <label className="inline-flex items-center gap-1">
                  <input
                    type="radio"
                    name={`${id}-pos`}
                    checked={a.position !== null}
                    disabled={!editable}
                    onChange={() => set(it, "action", { ...a, position: { x: 0, y: 0 } })}
                  />
                  At
                </label>
                {a.position ? (
                  <span className="mt-1 flex gap-2">
                    {(["x", "y"] as const).map((axis) => (
                      <div key={axis} className="flex-1">
                        <label htmlFor={`${id}-${axis}`}>{axis}</label>
                        <input
                          id={`${id}-${axis}`}
                          key={a.position![axis]}
                          type="number"
                          defaultValue={a.position![axis]}
                          disabled={!editable}
                          className={inputCls}
                          onBlur={(e) => {
                            const v = Math.round(Number(e.currentTarget.value));
                            if (Number.isFinite(v) && v !== a.position![axis])
                              set(it, "action", { ...a, position: { ...a.position!, [axis]: v } });
                          }}
                        />
                      </div>
                    ))}
                  </span>
                ) : null}
                <label className="mt-1 flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={a.backdrop}
                    disabled={!editable}
                    onChange={(e) => set(it, "action", { ...a, backdrop: e.currentTarget.checked })}
                  />
                  Dim the screen behind
                </label>
              </fieldset>
            ) : null}
            {editable ? (
              <RemoveButton
                label="Remove"
                onClick={() => store.commit([{ op: "remove-interaction", id: it.id }], { say: "Interaction removed" })}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function Flows({ store, doc, editable }: { store: EditorStore; doc: WireframeDocument; editable: boolean }) {
  const uid = useId();
  const flows = flowsOf(doc);
  const stored = doc.flows ?? {};
  const screens = sortedScreens(doc);
  /** A flow the document does not store yet (the default "Flow 1") is added on its first edit. */
  const change = (flowId: string, key: "name" | "startScreenId", value: string) => {
    const flow = flows.find((f) => f.id === flowId);
    if (!flow) return;
    if (stored[flowId]) store.commit([{ op: "set-flow", id: flowId, key, value }], { say: "Flow changed" });
    else store.commit([{ op: "add-flow", flow: { ...flow, id: newId(), [key]: value } }], { say: "Flow changed" });
  };
  return (
    <section aria-label="Flows" className="mt-4 border-t border-slate-200 pt-3">
      <h2 className="text-sm font-semibold text-slate-900">Flows</h2>
      <p className="text-xs text-slate-500">Named starting screens; the player offers each.</p>
      <ul className="mt-1 space-y-2">
        {flows.map((f, i) => (
          <li key={f.id} className="rounded border border-slate-200 bg-white p-2" data-flow={f.name}>
            <Labelled id={`${uid}-${i}-name`} label="Name" first>
              <input
                id={`${uid}-${i}-name`}
                key={f.name}
                defaultValue={f.name}
                maxLength={200}
                disabled={!editable}
                className={inputCls}
                onBlur={(e) => {
                  const name = e.currentTarget.value.trim();
                  if (name && name !== f.name) change(f.id, "name", name);
                }}
                onKeyDown={(e) => {
                  if (e.key === "Enter") e.currentTarget.blur();
                }}
              />
            </Labelled>
            <Labelled id={`${uid}-${i}-start`} label="Starts on">
              <ScreenSelect
                id={`${uid}-${i}-start`}
                screens={screens}
                value={f.startScreenId}
                disabled={!editable}
                onChange={(screenId) => change(f.id, "startScreenId", screenId)}
              />
            </Labelled>
            {editable && flows.length > 1 && stored[f.id] ? (
              <RemoveButton label="Remove flow" onClick={() => store.commit([{ op: "remove-flow", id: f.id }], { say: "Flow removed" })} />
            ) : null}
          </li>
        ))}
      </ul>
      {editable && screens[0] ? (
        <button
          type="button"
          className={`${smallBtn} mt-2`}
          onClick={() => {
            // A document without stored flows keeps its default one too.
            const ops = flows.filter((f) => !stored[f.id]).map((f) => ({ op: "add-flow" as const, flow: { ...f, id: newId() } }));
            const base = { ...doc, flows: { ...stored, ...Object.fromEntries(ops.map((o) => [o.flow.id, o.flow])) } };
            store.commit([...ops, { op: "add-flow", flow: newFlow(base, store.get().screenId || screens[0]!.id) }], { say: "Flow added" });
          }}
        >
          Add flow
        </button>
      ) : null}
    </section>
  );
}
