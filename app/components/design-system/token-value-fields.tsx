/**
 * The token form's value fields, one set per type: colour (picker, hex and oklch that follow
 * each other with JavaScript), number and unit, font family and weight, cubic Bézier with its
 * curve, shadow layers, the parts of typography and border, and JSON for the rest.
 */
import { useState } from "react";
import { Field } from "~/components/ui/form";
import { formatOklch, parseColor, toHex } from "~/lib/design-tokens/color";
import { FONT_WEIGHT_KEYWORDS, STROKE_STYLES } from "~/lib/design-tokens/values";
import { SHADOW_LAYERS } from "~/lib/forms/design";
import { Select, ui } from "./manager-ui";

export type FieldFns = { initial: (name: string) => string; errorOf: (name: string) => string | undefined };

export function TypeFields({ type, initial, errorOf }: FieldFns & { type: string }) {
  switch (type) {
    case "color":
      return <ColorFields initial={initial} errorOf={errorOf} />;
    case "dimension":
    case "duration":
      return (
        <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
          <Field
            label="Amount"
            name="amount"
            id="token-amount"
            inputMode="decimal"
            defaultValue={initial("amount")}
            error={errorOf("amount")}
          />
          <Select
            label="Unit"
            name="unit"
            id="token-unit"
            defaultValue={initial("unit") || (type === "duration" ? "ms" : "px")}
            options={(type === "duration" ? ["ms", "s"] : ["px", "rem"]).map((u) => ({ value: u, label: u }))}
          />
        </div>
      );
    case "fontFamily":
      return (
        <Field
          label="Font families"
          name="fontFamily"
          id="token-fontFamily"
          defaultValue={initial("fontFamily")}
          hint="Separated by commas, first choice first: Inter, system-ui, sans-serif."
          error={errorOf("fontFamily")}
        />
      );
    case "fontWeight":
      return <WeightField name="fontWeight" initial={initial} errorOf={errorOf} />;
    case "number":
      return (
        <Field
          label="Number"
          name="number"
          id="token-number"
          inputMode="decimal"
          defaultValue={initial("number")}
          error={errorOf("number")}
        />
      );
    case "strokeStyle":
      return (
        <Select
          label="Stroke style"
          name="strokeStyle"
          id="token-strokeStyle"
          defaultValue={initial("strokeStyle") || "solid"}
          options={STROKE_STYLES.map((s) => ({ value: s, label: s }))}
          error={errorOf("strokeStyle")}
        />
      );
    case "cubicBezier":
      return <BezierFields initial={initial} errorOf={errorOf} />;
    case "shadow":
      return <ShadowFields initial={initial} errorOf={errorOf} />;
    case "typography":
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Font families"
            name="fontFamily"
            id="token-ty-family"
            defaultValue={initial("fontFamily")}
            error={errorOf("fontFamily")}
          />
          <Field
            label="Font size"
            name="fontSize"
            id="token-ty-size"
            defaultValue={initial("fontSize")}
            placeholder="16px"
            error={errorOf("fontSize")}
          />
          <WeightField name="fontWeight" initial={initial} errorOf={errorOf} />
          <Field label="Line height" name="lineHeight" id="token-ty-lh" defaultValue={initial("lineHeight")} placeholder="1.5" />
          <Field label="Letter spacing" name="letterSpacing" id="token-ty-ls" defaultValue={initial("letterSpacing")} placeholder="0px" />
        </div>
      );
    case "border":
      return (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Colour"
            name="borderColor"
            id="token-b-color"
            defaultValue={initial("borderColor")}
            placeholder="#cbd5e1 or {color.border.default}"
            error={errorOf("borderColor")}
          />
          <Field
            label="Width"
            name="borderWidth"
            id="token-b-width"
            defaultValue={initial("borderWidth")}
            placeholder="1px"
            error={errorOf("borderWidth")}
          />
          <Select
            label="Style"
            name="borderStyle"
            id="token-b-style"
            defaultValue={initial("borderStyle") || "solid"}
            options={STROKE_STYLES.map((s) => ({ value: s, label: s }))}
          />
        </div>
      );
    default:
      return <JsonValueField initial={initial} errorOf={errorOf} />;
  }
}

function JsonValueField({ initial, errorOf }: FieldFns) {
  const error = errorOf("json");
  return (
    <div>
      <label htmlFor="token-json" className="block text-sm font-medium text-slate-700">
        Value as JSON
      </label>
      <textarea
        id="token-json"
        name="json"
        rows={6}
        defaultValue={initial("json")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "token-json-error" : undefined}
        className={`mt-1 ${ui.textarea}`}
      />
      {error ? (
        <p id="token-json-error" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function WeightField({ name, initial, errorOf }: FieldFns & { name: string }) {
  const options = [
    ...[100, 200, 300, 400, 500, 600, 700, 800, 900].map((n) => ({ value: String(n), label: String(n) })),
    ...Object.keys(FONT_WEIGHT_KEYWORDS).map((k) => ({ value: k, label: k })),
  ];
  return (
    <Select
      label="Font weight"
      name={name}
      id={`token-${name}`}
      defaultValue={initial(name) || "400"}
      options={options}
      error={errorOf(name)}
    />
  );
}

function ColorFields({ initial, errorOf }: FieldFns) {
  const [hex, setHex] = useState(initial("hex"));
  const [oklch, setOklch] = useState(initial("oklch"));
  const pickerValue = /^#[0-9a-f]{6}$/i.test(hex)
    ? hex.toLowerCase()
    : /^#[0-9a-f]{8}$/i.test(hex)
      ? hex.slice(0, 7).toLowerCase()
      : "#000000";
  const fromHex = (next: string) => {
    setHex(next);
    const c = parseColor(next);
    if (c) setOklch(formatOklch(c));
  };
  const fromOklch = (next: string) => {
    setOklch(next);
    const c = parseColor(next);
    if (c) setHex(toHex(c));
  };
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr_1fr] sm:items-start">
      <input type="hidden" name="initialHex" value={initial("initialHex")} />
      <input type="hidden" name="initialOklch" value={initial("initialOklch")} />
      <div>
        <label htmlFor="token-picker" className="block text-sm font-medium text-slate-700">
          Picker
        </label>
        <input
          id="token-picker"
          type="color"
          name="picker"
          value={pickerValue}
          onChange={(e) => fromHex(e.target.value)}
          className="mt-1 h-10 w-16 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
      </div>
      <Field
        label="Hex"
        name="hex"
        id="token-hex"
        value={hex}
        onChange={(e) => fromHex(e.target.value)}
        placeholder="#0f62fe"
        error={errorOf("hex")}
      />
      <Field
        label="oklch"
        name="oklch"
        id="token-oklch"
        value={oklch}
        onChange={(e) => fromOklch(e.target.value)}
        placeholder="oklch(55% 0.2 260)"
        error={errorOf("oklch")}
        hint="Change either; the one you changed is saved."
      />
    </div>
  );
}

function BezierFields({ initial, errorOf }: FieldFns) {
  const [p, setP] = useState(() =>
    ["x1", "y1", "x2", "y2"].map((k) => initial(k) || (k === "x1" || k === "y1" ? "0.25" : k === "x2" ? "0.25" : "1")),
  );
  const nums = p.map((v) => (Number.isFinite(Number(v)) ? Number(v) : 0));
  const [x1, y1, x2, y2] = nums as [number, number, number, number];
  const pt = (x: number, y: number) => `${10 + x * 100},${110 - y * 100}`;
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(["x1", "y1", "x2", "y2"] as const).map((k, i) => (
          <Field
            key={k}
            label={k}
            name={k}
            id={`token-${k}`}
            inputMode="decimal"
            value={p[i]}
            onChange={(e) => setP((prev) => prev.map((v, j) => (j === i ? e.target.value : v)))}
            error={i === 0 ? errorOf("x1") : undefined}
            className="w-24"
          />
        ))}
      </div>
      <svg
        viewBox="0 0 120 120"
        className="size-28 rounded-md border border-slate-200 bg-white"
        role="img"
        aria-label={`Curve cubic-bezier(${nums.join(", ")})`}
      >
        <line x1="10" y1="110" x2="110" y2="10" className="stroke-slate-200" strokeDasharray="3 3" />
        <line x1="10" y1="110" x2={10 + x1 * 100} y2={110 - y1 * 100} className="stroke-slate-400" />
        <line x1="110" y1="10" x2={10 + x2 * 100} y2={110 - y2 * 100} className="stroke-slate-400" />
        <path d={`M ${pt(0, 0)} C ${pt(x1, y1)} ${pt(x2, y2)} ${pt(1, 1)}`} className="fill-none stroke-brand-600" strokeWidth="2.5" />
      </svg>
    </div>
  );
}

/** A shadow layer's text fields: the name after `layers[i].`, the label, the id's end, a placeholder. */
const LAYER_FIELDS = [
  { key: "color", label: "colour", id: "color", placeholder: "#00000033" },
  { key: "offsetX", label: "X", id: "x", placeholder: "0px" },
  { key: "offsetY", label: "Y", id: "y", placeholder: "2px" },
  { key: "blur", label: "Blur", id: "blur", placeholder: "4px" },
  { key: "spread", label: "Spread", id: "spread", placeholder: "0px" },
] as const;

function ShadowFields({ initial, errorOf }: FieldFns) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">Layers (first on top; leave a layer empty to skip it)</legend>
      {errorOf("layers") ? <p className="text-sm text-red-600">{errorOf("layers")}</p> : null}
      {Array.from({ length: SHADOW_LAYERS }, (_, i) => (
        <div key={i} className="grid grid-cols-2 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-6">
          {LAYER_FIELDS.map((f) => (
            <Field
              key={f.key}
              label={f.key === "color" ? `Layer ${i + 1} ${f.label}` : f.label}
              name={`layers[${i}].${f.key}`}
              id={`token-l${i}-${f.id}`}
              defaultValue={initial(`layers[${i}].${f.key}`)}
              placeholder={f.placeholder}
              className={f.key === "color" ? "col-span-2" : undefined}
            />
          ))}
          <label className="col-span-2 flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name={`layers[${i}].inset`} defaultChecked={initial(`layers[${i}].inset`) === "on"} />
            Inset
          </label>
        </div>
      ))}
    </fieldset>
  );
}
