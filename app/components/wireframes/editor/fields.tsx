/**
 * The properties panel's small fields. Each keeps what is typed while it has the focus and
 * commits it on Enter or when the focus leaves (one undo step per change); a selection of
 * several elements with different values shows "Mixed".
 */
import { useId, useState, type ReactNode } from "react";
import type { ColorValue } from "~/lib/wireframes/document";
import { isTokenRef } from "~/lib/wireframes/document";
import { colorSchema } from "~/lib/wireframes/schema";

const input =
  "h-7 w-full min-w-0 rounded border border-slate-300 bg-white px-1.5 text-sm text-slate-900 focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500";
const labelClass = "block text-xs font-medium text-slate-600";

export const MIXED = Symbol("mixed");
export type Mixed<T> = T | typeof MIXED;

function Label({ id, children }: { id: string; children: ReactNode }) {
  return (
    <label htmlFor={id} className={labelClass}>
      {children}
    </label>
  );
}

export function NumberField({
  label,
  value,
  onCommit,
  min,
  max,
  step = 1,
  disabled,
}: {
  label: string;
  value: Mixed<number>;
  onCommit: (n: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === MIXED ? "" : String(Math.round(value * 100) / 100));
  const commit = () => {
    if (text === null) return;
    const n = Number(text.replace(",", "."));
    setText(null);
    if (text.trim() === "" || !Number.isFinite(n)) return;
    const clamped = Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));
    if (value === MIXED || clamped !== value) onCommit(clamped);
  };
  return (
    <div>
      <Label id={id}>{label}</Label>
      <input
        id={id}
        className={input}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={shown}
        placeholder={value === MIXED ? "Mixed" : undefined}
        disabled={disabled}
        onFocus={() => setText(shown)}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
          if (e.key === "Escape") setText(null);
        }}
      />
    </div>
  );
}

export function TextField({
  label,
  value,
  onCommit,
  multiline,
  disabled,
}: {
  label: string;
  value: Mixed<string>;
  onCommit: (s: string) => void;
  multiline?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === MIXED ? "" : value);
  const commit = () => {
    if (text === null) return;
    setText(null);
    if (text !== value) onCommit(text);
  };
  const common = {
    id,
    className: multiline ? `${input} h-auto py-1` : input,
    value: shown,
    placeholder: value === MIXED ? "Mixed" : undefined,
    disabled,
    onFocus: () => setText(shown),
    onBlur: commit,
  };
  return (
    <div>
      <Label id={id}>{label}</Label>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) commit();
          }}
        />
      ) : (
        <input
          {...common}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
            if (e.key === "Escape") setText(null);
          }}
        />
      )}
    </div>
  );
}

export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: Mixed<T>;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <Label id={id}>{label}</Label>
      <select
        id={id}
        className={input}
        value={value === MIXED ? "" : String(value)}
        disabled={disabled}
        onChange={(e) => {
          const o = options.find((x) => String(x.value) === e.target.value);
          if (o) onChange(o.value);
        }}
      >
        {value === MIXED ? <option value="">Mixed</option> : null}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 rounded border-slate-300"
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

/** How a colour value is typed: #rrggbb, transparent, none (no colour), token:path. */
export function colorText(value: ColorValue | null): string {
  if (value === null) return "none";
  if (isTokenRef(value)) return `token:${value.token}`;
  return value;
}

function parseColor(text: string, allowNone: boolean): { ok: true; value: ColorValue | null } | { ok: false; message: string } {
  const t = text.trim();
  if (allowNone && (t === "" || t.toLowerCase() === "none")) return { ok: true, value: null };
  const value = t.startsWith("token:") ? { token: t.slice(6).trim() } : /^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(t) ? `#${t}` : t.toLowerCase();
  const r = colorSchema.safeParse(value);
  return r.success ? { ok: true, value: r.data as ColorValue } : { ok: false, message: r.error.issues[0]?.message ?? "Not a colour." };
}

export function ColorField({
  label,
  value,
  onCommit,
  allowNone = true,
  disabled,
}: {
  label: string;
  value: Mixed<ColorValue | null>;
  onCommit: (v: ColorValue | null) => void;
  allowNone?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = useId();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = text ?? (value === MIXED ? "" : colorText(value));
  const swatch = value !== MIXED && typeof value === "string" && value.startsWith("#") ? value.slice(0, 7) : "#ffffff";
  const commit = (raw: string | null = text) => {
    if (raw === null) return;
    setText(null);
    const r = parseColor(raw, allowNone);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setError(null);
    if (value === MIXED || JSON.stringify(r.value) !== JSON.stringify(value)) onCommit(r.value);
  };
  return (
    <div>
      <Label id={id}>{label}</Label>
      <div className="flex gap-1">
        <input
          type="color"
          aria-label={`${label} colour picker`}
          className="h-7 w-8 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
          value={swatch}
          disabled={disabled}
          onChange={(e) => commit(e.target.value)}
        />
        <input
          id={id}
          className={input}
          value={shown}
          placeholder={value === MIXED ? "Mixed" : allowNone ? "none" : undefined}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onFocus={() => setText(shown)}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => commit()}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
            if (e.key === "Escape") setText(null);
          }}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-0.5 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The value all `items` share, or MIXED. */
export function common<T, V>(items: T[], pick: (item: T) => V): Mixed<V> {
  if (items.length === 0) return MIXED;
  const first = pick(items[0]!);
  const key = JSON.stringify(first);
  return items.every((i) => JSON.stringify(pick(i)) === key) ? first : MIXED;
}
