/**
 * Pieces shared by the Wireframes pages: the surfaces' class names (one place, so the
 * design-system issue can give them a dark theme), a labelled select with its message,
 * a panel that opens from a summary (a rename, a question asked before a destructive form:
 * "asks first", also without JavaScript), and a form's pending state.
 */
import { useLocation, useNavigation } from "@remix-run/react";
import { forwardRef, useEffect, useId, useRef } from "react";
import { DEVICE_SIZES, type Screen } from "~/lib/wireframes/document";

/** Surfaces and text of the Wireframes pages. */
export const ui = {
  panel: "rounded-xl border border-slate-200 bg-white shadow-sm",
  dashed: "rounded-xl border border-dashed border-slate-300 bg-white",
  canvas: "bg-slate-100",
  heading: "text-slate-900",
  body: "text-slate-700",
  muted: "text-slate-600",
  subtle: "text-slate-500",
  link: "font-medium text-brand-700 hover:underline",
  select:
    "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
  danger: "rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60",
  summary:
    "inline-block cursor-pointer list-none rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 group-open:bg-slate-100 [&::-webkit-details-marker]:hidden",
  summaryDanger:
    "inline-block cursor-pointer list-none rounded-md px-2.5 py-1.5 text-sm font-medium text-red-700 ring-1 ring-inset ring-red-200 hover:bg-red-50 group-open:bg-red-50 [&::-webkit-details-marker]:hidden",
} as const;

/** True while this page posts a form with this intent (and item id). */
export function usePosting(intent: string, match?: [field: string, value: string]): boolean {
  const navigation = useNavigation();
  const form = navigation.formData;
  if (navigation.state !== "submitting" || !form || form.get("intent") !== intent) return false;
  return match ? form.get(match[0]) === match[1] : true;
}

/** True while this page loads again (its filters changed, or after a post). */
export function useReloading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

type Option = { value: string; label: string };

/** A select with the look and wiring of `Field` (label, aria-invalid, its message). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id"> & {
    label: React.ReactNode;
    name: string;
    id?: string;
    options: Option[];
    placeholder?: string;
    error?: string;
    hint?: string;
  }
>(function SelectField({ label, name, id, options, placeholder, error, hint, className, ...select }, ref) {
  const auto = useId();
  const selectId = id ?? `${name}-${auto}`;
  const describedBy = [error ? `${selectId}-error` : null, hint ? `${selectId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 ${ui.select} ${error ? "border-red-500" : "border-slate-300"}`}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${selectId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${selectId}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});

/** `SelectField` for a conform field: its name, id, value (what was posted, after a failure) and message. */
export function ConformSelect({
  meta,
  ...props
}: {
  meta: { name: string; id: string; initialValue?: unknown; errors?: string[] };
  label: string;
  placeholder: string;
  options: Option[];
  className?: string;
}) {
  return (
    <SelectField
      name={meta.name}
      id={meta.id}
      defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
      error={meta.errors?.length ? meta.errors.join(" ") : undefined}
      required
      {...props}
    />
  );
}

/**
 * A <details> whose <summary> opens a small panel (a rename form, a question before a
 * delete). It works without JavaScript; with it, opening moves focus into the panel and
 * Escape closes it, giving focus back to the summary. `open` keeps it open on a reply with
 * a message (the page after a failed post renders it open).
 */
export function DisclosurePanel({
  summary,
  danger = false,
  open,
  align = "left",
  children,
}: {
  summary: React.ReactNode;
  danger?: boolean;
  open?: boolean;
  align?: "left" | "right";
  children: React.ReactNode;
}) {
  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (!details.open) return;
    details.querySelector<HTMLElement>("input:not([type=hidden]), select, button[type=submit]")?.focus();
  };
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      event.preventDefault();
      event.stopPropagation();
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    details.addEventListener("keydown", onKeyDown);
    return () => details.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <details ref={ref} className="group relative" open={open || undefined} onToggle={onToggle}>
      <summary className={danger ? ui.summaryDanger : ui.summary}>{summary}</summary>
      <div
        className={`z-20 mt-2 w-72 max-w-[calc(100vw-3rem)] rounded-lg border bg-white p-3 text-left wrap-anywhere shadow-lg sm:absolute ${
          align === "right" ? "sm:right-0" : "sm:left-0"
        } ${danger ? "border-red-200" : "border-slate-200"}`}
      >
        {children}
      </div>
    </details>
  );
}

/** "1 screen", "3 screens". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Mobile · 390 × 844", "Custom · 1000 × 700". */
export function sizeLabel(screen: Pick<Screen, "device" | "width" | "height"> | undefined): string {
  if (!screen) return "";
  const device = screen.device === "custom" ? "Custom" : DEVICE_SIZES[screen.device].label;
  return `${device} · ${screen.width} × ${screen.height}`;
}
