import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { closeOnEscape } from "~/components/shell/dropdown";
import { useSchemaForm } from "~/components/ui/conform";

/**
 * A destructive team action asked twice: the first button (a <summary>) only opens a
 * short warning with the real submit button, so it works without JavaScript. With
 * JavaScript, opening it moves focus to that button and Escape closes it, giving
 * focus back to the first one. The form is the schema's (its fields posted as hidden inputs).
 */
export function ConfirmAction<Schema extends z.ZodType>({
  id,
  schema,
  label,
  confirmLabel,
  warning,
  fields,
}: {
  id: string;
  schema: Schema;
  label: string;
  confirmLabel: string;
  warning: string;
  fields: z.input<Schema> & Record<string, string>;
}) {
  const [form] = useSchemaForm(schema, { id });
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => closeOnEscape(event, details);
    details.addEventListener("keydown", onKeyDown);
    return () => details.removeEventListener("keydown", onKeyDown);
  }, []);
  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (details.open) details.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
  };
  return (
    <details ref={ref} className="group" onToggle={onToggle}>
      <summary className="cursor-pointer list-none rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 group-open:bg-red-50 [&::-webkit-details-marker]:hidden">
        {label}
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-2 max-w-xs rounded-lg border border-red-200 bg-white p-3 text-left wrap-anywhere shadow-sm"
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p className="text-xs text-slate-600">{warning}</p>
        <button type="submit" className="mt-2 rounded-md bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700">
          {confirmLabel}
        </button>
      </Form>
    </details>
  );
}
