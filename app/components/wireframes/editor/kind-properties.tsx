import type { ColorValue, TextStyle, WireframeElement } from "~/lib/wireframes/document";
import { UI_KIT } from "~/lib/wireframes/kit";
import { CheckField, ColorField, common, MIXED, NumberField, SelectField, TextField, type Mixed } from "./fields";
import { useObservable } from "./observable";
import type { EditorState, EditorStore } from "./store";
import { TokenPicker } from "./token-picker";
import { button, Section } from "./properties-section";

/** The properties only some kinds of element have: text and its style, a UI component's own options, an instance's main component and overrides. */

export const selectComponents = (s: EditorState) => s.components;

export const PROP_OPTIONS: Record<string, string[]> = {
  variant: ["primary", "secondary", "link", "info", "success", "warning", "error"],
  kind: ["bar", "line", "pie"],
};

export function TextProperties({
  els,
  ro,
  store,
  setStyle,
}: {
  store: EditorStore;
  els: Extract<WireframeElement, { text: string }>[];
  ro: boolean;
  setStyle: (key: keyof TextStyle, value: unknown) => void;
}) {
  const size = common(els, (el) => el.textStyle.fontSize);
  return (
    <Section title="Text">
      <div className="space-y-2">
        {els.length === 1 ? (
          <TextField label="Text" multiline value={els[0]!.text} disabled={ro} onCommit={(v) => store.setText(els[0]!.id, v)} />
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <NumberField
            label="Font size"
            value={size === MIXED || typeof size !== "number" ? MIXED : size}
            min={1}
            max={1000}
            disabled={ro}
            onCommit={(v) => setStyle("fontSize", v)}
          />
          <SelectField<TextStyle["fontWeight"]>
            label="Weight"
            value={common(els, (el) => el.textStyle.fontWeight)}
            disabled={ro}
            options={[
              { value: 400, label: "Regular" },
              { value: 500, label: "Medium" },
              { value: 600, label: "Semibold" },
              { value: 700, label: "Bold" },
            ]}
            onChange={(v) => setStyle("fontWeight", v)}
          />
          <SelectField<TextStyle["align"]>
            label="Align text"
            value={common(els, (el) => el.textStyle.align)}
            disabled={ro}
            options={[
              { value: "left", label: "Left" },
              { value: "center", label: "Centre" },
              { value: "right", label: "Right" },
            ]}
            onChange={(v) => setStyle("align", v)}
          />
          <NumberField
            label="Line height"
            value={common(els, (el) => el.textStyle.lineHeight)}
            min={0.5}
            max={5}
            step={0.1}
            disabled={ro}
            onCommit={(v) => setStyle("lineHeight", v)}
          />
        </div>
        <ColorField
          label="Text colour"
          value={common(els, (el) => el.textStyle.color) as Mixed<ColorValue | null>}
          allowNone={false}
          disabled={ro}
          onCommit={(v) => v && setStyle("color", v)}
        />
        <TokenPicker
          label="Text colour token"
          kind="color"
          value={common(els, (el) => el.textStyle.color)}
          disabled={ro}
          onCommit={(v) => v !== null && setStyle("color", v)}
        />
        <TokenPicker
          label="Font size token"
          kind="fontSize"
          value={size}
          disabled={ro}
          onCommit={(v) => v !== null && setStyle("fontSize", v)}
        />
      </div>
    </Section>
  );
}

export function UiProperties({ store, el, ro }: { store: EditorStore; el: Extract<WireframeElement, { type: "ui" }>; ro: boolean }) {
  const entries = Object.entries({ ...UI_KIT[el.component].props, ...el.props });
  if (!entries.length) return null;
  const setProp = (key: string, value: string | number | boolean) => store.setProperty("props", { ...el.props, [key]: value }, [el.id]);
  return (
    <Section title={UI_KIT[el.component].label}>
      <div className="space-y-2">
        {entries.map(([key, value]) => {
          const label = key.charAt(0).toUpperCase() + key.slice(1);
          if (typeof value === "boolean")
            return <CheckField key={key} label={label} checked={value} disabled={ro} onChange={(v) => setProp(key, v)} />;
          if (typeof value === "number")
            return <NumberField key={key} label={label} value={value} disabled={ro} onCommit={(v) => setProp(key, v)} />;
          const options = PROP_OPTIONS[key];
          if (options)
            return (
              <SelectField
                key={key}
                label={label}
                value={value}
                disabled={ro}
                options={[...new Set([value, ...options])].map((o) => ({ value: o, label: o }))}
                onChange={(v) => setProp(key, v)}
              />
            );
          return <TextField key={key} label={label} value={value} disabled={ro} onCommit={(v) => setProp(key, v.slice(0, 2000))} />;
        })}
      </div>
    </Section>
  );
}

/** An instance: into its main component, and its overrides (text, fill, hidden) per part. */
export function InstanceProperties({
  store,
  el,
  ro,
}: {
  store: EditorStore;
  el: Extract<WireframeElement, { type: "instance" }>;
  ro: boolean;
}) {
  const components = useObservable(store.state, selectComponents);
  const c = components[el.componentId];
  if (!c) {
    return (
      <Section title="Component">
        <p className="text-sm text-slate-600">Its main component is not available.</p>
      </Section>
    );
  }
  const parts = Object.values(c.definition.elements).filter((p) => p.type !== "group");
  const override = (id: string, change: { text?: string; fill?: ColorValue | null; hidden?: boolean }) => {
    const next = { ...el.overrides, [id]: { ...el.overrides[id], ...change } };
    store.setProperty("overrides", next, [el.id]);
  };
  return (
    <Section title={`Component: ${c.name}`}>
      <div className="space-y-2">
        <button type="button" className={button} onClick={() => store.enterComponent(c.id)}>
          Edit main component
        </button>
        {Object.keys(el.overrides).length && !ro ? (
          <button type="button" className={`${button} ml-1`} onClick={() => store.setProperty("overrides", {}, [el.id])}>
            Reset overrides
          </button>
        ) : null}
        {parts.slice(0, 20).map((p) => {
          const o = el.overrides[p.id] ?? {};
          return (
            <fieldset key={p.id} className="rounded border border-slate-200 p-2">
              <legend className="px-1 text-xs font-medium text-slate-700">{p.name}</legend>
              <div className="space-y-1.5">
                {"text" in p ? (
                  <TextField
                    label={`${p.name} text`}
                    value={o.text ?? p.text}
                    disabled={ro}
                    onCommit={(v) => override(p.id, { text: v })}
                  />
                ) : null}
                <ColorField
                  label={`${p.name} fill`}
                  value={o.fill !== undefined ? o.fill : p.fill}
                  disabled={ro}
                  onCommit={(v) => override(p.id, { fill: v })}
                />
                <CheckField
                  label={`Hide ${p.name}`}
                  checked={o.hidden ?? p.hidden}
                  disabled={ro}
                  onChange={(v) => override(p.id, { hidden: v })}
                />
              </div>
            </fieldset>
          );
        })}
      </div>
    </Section>
  );
}
