/**
 * The properties of the selection (position, size, fill, stroke, radius, text and its style,
 * a component's switches, an instance's overrides), the commands on it (arrange, align,
 * group, lock, save as component), or with nothing selected the screen's settings.
 */
import { useState } from "react";
import type { DevicePreset, TextStyle, WireframeElement } from "~/lib/wireframes/document";
import { DEVICE_SIZES } from "~/lib/wireframes/document";
import { isLocked } from "~/lib/wireframes/editor/tree";
import { ICONS } from "~/lib/wireframes/icons";
import { boundsOf } from "~/lib/wireframes/geometry";
import { POLYGON_SHAPES, polygonShapeOf, shapeVertices, type PolygonShape } from "~/lib/wireframes/polygons";
import { ColorField, common, MIXED, NumberField, SelectField, TextField } from "./fields";
import { useObservable } from "./observable";
import type { EditorProps, EditorState, EditorStore } from "./store";
import { MissingTokens, ShadowField, TokenPicker } from "./token-picker";
import { button, Section } from "./properties-section";
import { TextProperties, UiProperties, InstanceProperties } from "./kind-properties";

const selectDoc = (s: EditorState) => s.doc;

const selectSelection = (s: EditorState) => s.selection;

const selectScreenId = (s: EditorState) => s.screenId;

const selectMode = (s: EditorState) => s.mode;

export function PropertiesPanel({ store, linkedCards }: { store: EditorStore; linkedCards: EditorProps["linkedCards"] }) {
  const doc = useObservable(store.state, selectDoc);
  const selection = useObservable(store.state, selectSelection);
  const screenId = useObservable(store.state, selectScreenId);
  const mode = useObservable(store.state, selectMode);
  const els = selection.map((id) => doc.elements[id]).filter((el): el is WireframeElement => !!el);
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <h2 className="sr-only">Properties</h2>
      <MissingTokens store={store} />
      {els.length ? <ElementProperties store={store} els={els} /> : <ScreenProperties store={store} />}
      {mode.kind === "wireframe" ? <LinkedCards cards={linkedCards.filter((c) => c.screenId === screenId)} /> : null}
    </div>
  );
}

function ScreenProperties({ store }: { store: EditorStore }) {
  const doc = useObservable(store.state, selectDoc);
  const screenId = useObservable(store.state, selectScreenId);
  const mode = useObservable(store.state, selectMode);
  const screen = doc.screens[screenId];
  if (!screen) return null;
  const ro = !store.editable;
  const component = mode.kind === "component";
  return (
    <Section title={component ? "Main component" : "Screen"}>
      <div className="space-y-2">
        {component ? null : (
          <TextField
            label="Screen name"
            value={screen.name}
            disabled={ro}
            onCommit={(v) => v.trim() && store.setScreenProperty("name", v.trim())}
          />
        )}
        {component ? null : (
          <SelectField<DevicePreset>
            label="Device"
            value={screen.device}
            disabled={ro}
            options={[
              ...(
                Object.entries(DEVICE_SIZES) as [Exclude<DevicePreset, "custom">, { label: string; width: number; height: number }][]
              ).map(([value, d]) => ({
                value,
                label: `${d.label} ${d.width}×${d.height}`,
              })),
              { value: "custom", label: "Custom size" },
            ]}
            onChange={(v) => store.setScreenProperty("device", v)}
          />
        )}
        <div className="grid grid-cols-2 gap-2">
          <NumberField
            label="Width"
            value={screen.width}
            min={1}
            max={100000}
            disabled={ro}
            onCommit={(v) => store.setScreenProperty("width", Math.round(v))}
          />
          <NumberField
            label="Height"
            value={screen.height}
            min={1}
            max={100000}
            disabled={ro}
            onCommit={(v) => store.setScreenProperty("height", Math.round(v))}
          />
        </div>
        {component ? null : (
          <ColorField
            label="Background"
            value={screen.background}
            allowNone={false}
            disabled={ro}
            onCommit={(v) => v && store.setScreenProperty("background", v)}
          />
        )}
        {!component && store.editable ? (
          <div className="flex flex-wrap gap-1 pt-1">
            <button type="button" className={button} onClick={() => store.moveScreen(-1)}>
              Move screen up
            </button>
            <button type="button" className={button} onClick={() => store.moveScreen(1)}>
              Move screen down
            </button>
            <button
              type="button"
              className={button}
              disabled={Object.keys(doc.screens).length < 2}
              onClick={() => {
                if (window.confirm(`Delete the screen “${screen.name}” and everything on it?`)) store.deleteScreen();
              }}
            >
              Delete screen
            </button>
          </div>
        ) : null}
      </div>
    </Section>
  );
}

function ElementProperties({ store, els }: { store: EditorStore; els: WireframeElement[] }) {
  const doc = useObservable(store.state, selectDoc);
  const ro = !store.editable || els.every((el) => isLocked(doc.elements, el.id));
  const one = els.length === 1 ? els[0]! : null;
  const box = boundsOf(els)!;
  const set = (key: string, value: unknown) => store.setProperty(key, value);
  const withText = els.filter((el): el is Extract<WireframeElement, { text: string }> => "textStyle" in el);
  const setStyle = (key: keyof TextStyle, value: unknown) =>
    store.commit(
      withText.flatMap((el) =>
        el.textStyle[key] === value
          ? []
          : [{ op: "set-element" as const, id: el.id, key: "textStyle", value: { ...el.textStyle, [key]: value } }],
      ),
    );
  const radius = common(els, (el) => el.radius);
  return (
    <>
      <Section title={one ? one.name || "Element" : `${els.length} elements`}>
        <div className="space-y-2">
          {one ? <TextField label="Name" value={one.name} disabled={ro} onCommit={(v) => v.trim() && store.rename(one.id, v)} /> : null}
          <div className="grid grid-cols-2 gap-2">
            <NumberField
              label="X"
              value={one ? one.x : box.x}
              disabled={ro}
              onCommit={(v) => (one ? set("x", Math.round(v)) : store.nudge(Math.round(v - box.x), 0))}
            />
            <NumberField
              label="Y"
              value={one ? one.y : box.y}
              disabled={ro}
              onCommit={(v) => (one ? set("y", Math.round(v)) : store.nudge(0, Math.round(v - box.y)))}
            />
            <NumberField
              label="Width"
              value={common(els, (el) => el.width)}
              min={1}
              disabled={ro}
              onCommit={(v) => set("width", Math.round(v))}
            />
            <NumberField
              label="Height"
              value={common(els, (el) => el.height)}
              min={0}
              disabled={ro}
              onCommit={(v) => set("height", Math.round(v))}
            />
          </div>
        </div>
      </Section>
      <Section title="Appearance">
        <div className="space-y-2">
          <ColorField label="Fill" value={common(els, (el) => el.fill)} disabled={ro} onCommit={(v) => set("fill", v)} />
          <TokenPicker
            label="Fill token"
            kind="color"
            value={common(els, (el) => el.fill)}
            disabled={ro}
            onCommit={(v) => set("fill", v)}
          />
          <ColorField label="Stroke" value={common(els, (el) => el.stroke)} disabled={ro} onCommit={(v) => set("stroke", v)} />
          <TokenPicker
            label="Stroke token"
            kind="color"
            value={common(els, (el) => el.stroke)}
            disabled={ro}
            onCommit={(v) => set("stroke", v)}
          />
          <div className="grid grid-cols-3 gap-2">
            <NumberField
              label="Stroke width"
              value={common(els, (el) => el.strokeWidth)}
              min={0}
              max={1000}
              disabled={ro}
              onCommit={(v) => set("strokeWidth", v)}
            />
            <NumberField
              label="Radius"
              value={radius === MIXED || typeof radius !== "number" ? MIXED : radius}
              min={0}
              disabled={ro}
              onCommit={(v) => set("radius", v)}
            />
            <NumberField
              label="Opacity %"
              value={common(els, (el) => Math.round(el.opacity * 100))}
              min={0}
              max={100}
              disabled={ro}
              onCommit={(v) => set("opacity", Math.round(v) / 100)}
            />
          </div>
          <TokenPicker label="Radius token" kind="dimension" value={radius} disabled={ro} onCommit={(v) => set("radius", v)} />
          <ShadowField value={common(els, (el) => el.shadow ?? null)} disabled={ro} onCommit={(v) => set("shadow", v)} />
        </div>
      </Section>
      {withText.length === els.length ? <TextProperties store={store} els={withText} ro={ro} setStyle={setStyle} /> : null}
      {one?.type === "ui" ? <UiProperties store={store} el={one} ro={ro} /> : null}
      {one?.type === "icon" ? (
        <Section title="Icon">
          <SelectField
            label="Icon"
            value={one.icon}
            disabled={ro}
            options={Object.entries(ICONS).map(([value, d]) => ({ value, label: d.label }))}
            onChange={(v) => set("icon", v)}
          />
        </Section>
      ) : null}
      {one?.type === "polygon" ? (
        <Section title="Polygon">
          <SelectField<PolygonShape | "custom">
            label="Shape"
            value={polygonShapeOf(one.vertices)}
            disabled={ro}
            options={[
              ...Object.entries(POLYGON_SHAPES).map(([value, s]) => ({ value: value as PolygonShape, label: s.label })),
              ...(polygonShapeOf(one.vertices) === "custom" ? [{ value: "custom" as const, label: "Custom (imported)" }] : []),
            ]}
            onChange={(v) => v !== "custom" && set("vertices", shapeVertices(v))}
          />
        </Section>
      ) : null}
      {one?.type === "image" ? (
        <Section title="Image">
          <TextField label="Description (alt text)" value={one.alt} disabled={ro} onCommit={(v) => set("alt", v.slice(0, 1000))} />
        </Section>
      ) : null}
      {one?.type === "instance" ? <InstanceProperties store={store} el={one} ro={ro} /> : null}
      <Commands store={store} els={els} />
    </>
  );
}

function Commands({ store, els }: { store: EditorStore; els: WireframeElement[] }) {
  const mode = useObservable(store.state, selectMode);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!store.editable) return null;
  const groups = els.some((el) => el.type === "group");
  return (
    <>
      <Section title="Arrange">
        <div className="flex flex-wrap gap-1">
          <button type="button" className={button} onClick={() => store.arrange("forward")}>
            Bring forward
          </button>
          <button type="button" className={button} onClick={() => store.arrange("backward")}>
            Send backward
          </button>
          <button type="button" className={button} onClick={() => store.arrange("front")}>
            Bring to front
          </button>
          <button type="button" className={button} onClick={() => store.arrange("back")}>
            Send to back
          </button>
          <button type="button" className={button} onClick={() => store.group()}>
            Group
          </button>
          <button type="button" className={button} disabled={!groups} onClick={() => store.ungroup()}>
            Ungroup
          </button>
          <button type="button" className={button} onClick={() => store.toggleLocked()}>
            {els.every((el) => el.locked) ? "Unlock" : "Lock"}
          </button>
          <button type="button" className={button} onClick={() => store.toggleHidden()}>
            {els.every((el) => el.hidden) ? "Show" : "Hide"}
          </button>
          <button type="button" className={button} onClick={() => store.duplicate()}>
            Duplicate
          </button>
          <button type="button" className={button} onClick={() => store.deleteSelection()}>
            Delete
          </button>
        </div>
      </Section>
      <Section title="Align">
        <div className="grid grid-cols-3 gap-1">
          {(
            [
              ["left", "Align left"],
              ["center", "Align centre"],
              ["right", "Align right"],
              ["top", "Align top"],
              ["middle", "Align middle"],
              ["bottom", "Align bottom"],
            ] as const
          ).map(([mode, label]) => (
            <button key={mode} type="button" className={button} onClick={() => store.align(mode)}>
              {label}
            </button>
          ))}
          <button
            type="button"
            className={`${button} col-span-3 sm:col-span-3`}
            disabled={els.length < 3}
            onClick={() => store.distribute("horizontal")}
          >
            Distribute horizontally
          </button>
          <button type="button" className={`${button} col-span-3`} disabled={els.length < 3} onClick={() => store.distribute("vertical")}>
            Distribute vertically
          </button>
        </div>
        {els.length === 1 ? <p className="mt-1 text-xs text-slate-600">One element aligns to its screen (or its group).</p> : null}
      </Section>
      {mode.kind === "wireframe" ? (
        <Section title="Component">
          <form
            className="space-y-1.5"
            onSubmit={async (e) => {
              e.preventDefault();
              const n = name.trim() || els[0]?.name || "Component";
              setBusy(true);
              const error = await store.saveAsComponent(n.slice(0, 200));
              setBusy(false);
              setMessage(error ?? `Saved “${n}”: it is in the library, and this is now an instance of it.`);
              if (!error) setName("");
            }}
          >
            <TextFieldPlain label="Component name" value={name} onChange={setName} placeholder={els[0]?.name} />
            <button type="submit" className={button} disabled={busy}>
              {busy ? "Saving…" : "Save as component"}
            </button>
            {message ? (
              <p role="status" className="text-xs text-slate-700">
                {message}
              </p>
            ) : null}
          </form>
        </Section>
      ) : null}
    </>
  );
}

function TextFieldPlain({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  return (
    <label className="block text-xs font-medium text-slate-600">
      {label}
      <input
        className="mt-0.5 h-7 w-full rounded border border-slate-300 bg-white px-1.5 text-sm text-slate-900 focus:border-brand-500 focus:outline-none"
        value={value}
        maxLength={200}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function LinkedCards({ cards }: { cards: EditorProps["linkedCards"] }) {
  return (
    <Section title="Linked cards">
      {cards.length ? (
        <ul className="space-y-1">
          {cards.map((c) => (
            <li key={c.cardId}>
              <a
                className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
                href={`/projects/${c.projectId}?task=${c.cardId}`}
              >
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No card links this screen yet. Link it from a card's panel.</p>
      )}
    </Section>
  );
}
