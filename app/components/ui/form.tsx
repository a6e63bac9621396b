import { forwardRef, useEffect, useId, useState } from "react";

/**
 * Form pieces with the accessibility wiring done once: a label for every input,
 * aria-invalid and aria-describedby pointing at the field's message and hint.
 */

/** False in the server render and the first client render, true once hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const inputClasses =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:bg-slate-100";

export type FieldProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: React.ReactNode;
  name: string;
  error?: string;
  hint?: string;
  id?: string;
  /** Something drawn inside the input's box on the right (e.g. a show/hide toggle). */
  trailing?: React.ReactNode;
};

export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, name, error, hint, id, trailing, className, ...input },
  ref,
) {
  const auto = useId();
  const inputId = id ?? `${name}-${auto}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          ref={ref}
          id={inputId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClasses} ${error ? "border-red-500" : "border-slate-300"} ${trailing ? "pr-20" : ""}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
});

/**
 * A password field with a show/hide toggle. The toggle needs JavaScript, so it
 * appears only once the page is hydrated; without it the field is a plain password input.
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, "type" | "trailing" | "label"> & { label: string }>(
  function PasswordField(props, ref) {
    const hydrated = useHydrated();
    const [visible, setVisible] = useState(false);
    return (
      <Field
        ref={ref}
        {...props}
        type={visible ? "text" : "password"}
        trailing={
          hydrated ? (
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-pressed={visible}
              aria-label={`${visible ? "Hide" : "Show"} ${props.label.toLowerCase()}`}
              className="rounded px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {visible ? "Hide" : "Show"}
            </button>
          ) : null
        }
      />
    );
  },
);

/** A form-wide message: errors are announced at once (alert), successes politely (status). */
export function FormMessage({ tone, children, id }: { tone: "error" | "success" | "info"; children: React.ReactNode; id?: string }) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-green-200 bg-green-50 text-green-800",
    info: "border-brand-100 bg-brand-50 text-brand-900",
  }[tone];
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
