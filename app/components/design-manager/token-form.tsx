/**
 * Create or edit a token with the fields its type needs: colour (picker, hex and oklch), number
 * and unit, font family, weight, duration, cubic Bézier with its curve, shadow layers, the parts
 * of typography and border, JSON for the rest, or an alias to another token. A plain HTML form:
 * without JavaScript it posts as it is; with it, the picker, hex and oklch follow each other and
 * the curve redraws as the numbers change.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { type FormReply, FormErrors, messageOf, replyFor, useSchemaForm } from "~/components/ui/conform";
import { Field, useHydrated } from "~/components/ui/form";
import { formatOklch, isDtcgColor, parseColor, toHex } from "~/lib/design-tokens/color";
import { aliasTarget, isTokenType } from "~/lib/design-tokens/tree";
import { TOKEN_TYPES, type TokenType } from "~/lib/design-tokens/types";
import { FONT_WEIGHT_KEYWORDS, STROKE_STYLES } from "~/lib/design-tokens/values";
import { SHADOW_LAYERS, TYPE_LABELS, tokenFormFields } from "~/lib/forms/design";
import { Select, usePending, ui } from "./parts";

type Editing = { set: string; path: string; type: string; storedType: string; value: unknown; description: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string =>
  v === undefined || v === null ? "" : typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
const dimText = (v: unknown) => (isObj(v) ? `${str(v.value)}${str(v.unit)}` : str(v));
const colorText = (v: unknown) => {
  if (typeof v === "string") return v;
  return isDtcgColor(v) ? toHex(v) : "";
};
const familyText = (v: unknown) => (Array.isArray(v) ? v.join(", ") : str(v));

/** The form's starting values from a stored token value. */
function defaultsOf(type: string, value: unknown): Record<string, string> {
  const alias = aliasTarget(value);
  if (alias) return { mode: "alias", alias };
  const d: Record<string, string> = { mode: "value" };
  switch (type) {
    case "color": {
      const hex = colorText(value);
      d.hex = hex;
      d.initialHex = hex;
      try {
        d.oklch = isDtcgColor(value) || hex ? formatOklch(isDtcgColor(value) ? value : hex) : "";
      } catch {
        d.oklch = "";
      }
      d.initialOklch = d.oklch;
      break;
    }
    case "dimension":
    case "duration":
      d.amount = isObj(value) ? str(value.value) : "";
      d.unit = isObj(value) ? str(value.unit) : type === "duration" ? "ms" : "px";
      break;
    case "fontFamily":
      d.fontFamily = familyText(value);
      break;
    case "fontWeight":
      d.fontWeight = str(value);
      break;
    case "number":
      d.number = str(value);
      break;
    case "strokeStyle":
      d.strokeStyle = typeof value === "string" ? value : "";
      if (isObj(value)) d.json = JSON.stringify(value, null, 2);
      break;
    case "cubicBezier":
      if (Array.isArray(value)) [d.x1, d.y1, d.x2, d.y2] = value.map(str);
      break;
    case "typography":
      if (isObj(value)) {
        d.fontFamily = familyText(value.fontFamily);
        d.fontSize = dimText(value.fontSize);
        d.fontWeight = str(value.fontWeight);
        d.lineHeight = str(value.lineHeight);
        d.letterSpacing = dimText(value.letterSpacing);
      }
      break;
    case "border":
      if (isObj(value)) {
        d.borderColor = colorText(value.color);
        d.borderWidth = dimText(value.width);
        d.borderStyle = typeof value.style === "string" ? value.style : "solid";
      }
      break;
    case "shadow": {
      const layers = Array.isArray(value) ? value : [value];
      layers.slice(0, SHADOW_LAYERS).forEach((l, i) => {
        if (!isObj(l)) return;
        d[`layers[${i}].color`] = colorText(l.color);
        d[`layers[${i}].offsetX`] = dimText(l.offsetX);
        d[`layers[${i}].offsetY`] = dimText(l.offsetY);
        d[`layers[${i}].blur`] = dimText(l.blur);
        d[`layers[${i}].spread`] = dimText(l.spread);
        if (l.inset === true) d[`layers[${i}].inset`] = "on";
      });
      break;
    }
    default:
      d.json = value === undefined ? "" : JSON.stringify(value, null, 2);
  }
  return d;
}

export function TokenForm({
  action,
  editing,
  newToken,
  setNames,
  reply,
  cancelHref,
}: {
  /** Where the form posts: the list's address (its filter kept). */
  action: string;
  editing: Editing | null;
  newToken: { type: string; set: string } | null;
  setNames: string[];
  reply: FormReply | undefined;
  cancelHref: string;
}) {
  const lastResult = replyFor(reply, "save-token");
  const [form, fields] = useSchemaForm(tokenFormFields, {
    id: "token-form",
    lastResult,
    shouldValidate: "onSubmit",
  });
  const posted = (lastResult?.initialValue ?? null) as Record<string, unknown> | null;
  // The type the fields are for: as posted, as `?type=` asks (editing.type), or as stored; the type select changes it.
  const [type, setType] = useState<TokenType>(
    isTokenType(posted?.type) ? posted.type : ((editing?.type ?? newToken?.type ?? "color") as TokenType),
  );
  // Another type's fields start empty (an alias stays an alias).
  const keepsValue = !editing || type === editing.storedType || aliasTarget(editing.value) !== null;
  const defaults = defaultsOf(type, keepsValue ? editing?.value : undefined);
  const initial = (name: string) => (posted ? str(posted[name]) : (defaults[name] ?? ""));
  const [mode, setMode] = useState<string>(initial("mode") || "value");
  const pending = usePending("save-token");
  const valueError = form.allErrors.value?.[0];
  const errorOf = (name: keyof typeof fields) => messageOf(fields[name] as { errors?: string[] });
  const title = editing ? `Edit ${editing.path}` : `New ${TYPE_LABELS[type] ?? type} token`;
  return (
    <section aria-labelledby="token-form-h" className={`${ui.panel} p-4 sm:p-5`}>
      <h2 id="token-form-h" className={`text-lg font-semibold ${ui.heading}`}>
        {title}
      </h2>
      {editing ? <TypeChooser type={type} storedType={editing.storedType} onChange={setType} error={errorOf("type")} /> : null}
      <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-4" noValidate>
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="save-token" />
        <input type="hidden" name="type" value={type} />
        {editing ? <input type="hidden" name="originalPath" value={editing.path} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          {editing ? (
            <input type="hidden" name="set" value={editing.set} />
          ) : (
            <Select
              label="Set"
              name="set"
              id="token-set"
              defaultValue={initial("set") || newToken?.set || setNames[0]}
              options={setNames.map((s) => ({ value: s, label: s }))}
              error={errorOf("set")}
            />
          )}
          <Field
            label="Name"
            name="path"
            id="token-path"
            defaultValue={initial("path") || editing?.path || ""}
            placeholder="color.brand.500"
            hint={
              editing ? "Changing the name renames the token; aliases and wireframes follow." : "Dot-separated, such as color.brand.500."
            }
            error={errorOf("path")}
            required
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Value</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm text-slate-700">
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="value" defaultChecked={mode !== "alias"} onChange={() => setMode("value")} />
              Its own value
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="mode" value="alias" defaultChecked={mode === "alias"} onChange={() => setMode("alias")} />
              An alias of another token
            </label>
          </div>
          {/* The server's check of the value as a whole (an alias cycle, a type that does not fit). */}
          {valueError ? (
            <p id="token-value-error" className="mt-1 text-sm text-red-600">
              {valueError}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Alias of"
          name="alias"
          id="token-alias"
          defaultValue={initial("alias")}
          placeholder="color.blue.500"
          hint="Used when 'An alias of another token' is chosen. The token it names must exist and have the same type."
          error={errorOf("alias")}
        />
        <TypeFields type={type} initial={initial} errorOf={(n) => errorOf(n as keyof typeof fields)} />
        <Field
          label="Description (optional)"
          name="description"
          id="token-description"
          defaultValue={initial("description") || editing?.description || ""}
          error={errorOf("description")}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Saving…" : editing ? "Save token" : "Create token"}
          </Button>
          <Link to={cancelHref} className={ui.link}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

/**
 * The token's type: with JavaScript the select swaps the fields at once; without it, a GET form
 * reloads the page with `?type=` (the page's other parameters kept) to show the new type's fields.
 */
function TypeChooser({
  type,
  storedType,
  onChange,
  error,
}: {
  type: TokenType;
  storedType: string;
  onChange: (type: TokenType) => void;
  error: string | undefined;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)].filter(([k]) => k !== "type");
  const changing = type !== storedType;
  return (
    <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Change the token's type">
      {params.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Select
        label="Type"
        name="type"
        id="token-type"
        value={type}
        onChange={(e) => (isTokenType(e.target.value) ? onChange(e.target.value) : undefined)}
        options={TOKEN_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        hint={
          changing
            ? `Changing the type from ${TYPE_LABELS[storedType as TokenType] ?? storedType}: the value must be a ${TYPE_LABELS[type].toLowerCase()}, and tokens that alias this one must still fit.`
            : undefined
        }
        error={error}
        className="w-56"
      />
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          Show its fields
        </Button>
      )}
    </Form>
  );
}

type FieldFns = { initial: (name: string) => string; errorOf: (name: string) => string | undefined };

function TypeFields({ type, initial, errorOf }: FieldFns & { type: string }) {
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
