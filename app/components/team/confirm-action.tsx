import { Form } from "@remix-run/react";

/**
 * A destructive team action asked twice: the first button (a <summary>) only opens a
 * short warning with the real submit button, so it works without JavaScript. With
 * JavaScript, opening it moves focus to that button and Escape closes it, giving
 * focus back to the first one.
 */
export function ConfirmAction({
  label,
  confirmLabel,
  warning,
  fields,
}: {
  label: string;
  confirmLabel: string;
  warning: string;
  fields: Record<string, string>;
}) {
  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (details.open) details.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !event.currentTarget.open) return;
    event.preventDefault();
    event.currentTarget.open = false;
    event.currentTarget.querySelector("summary")?.focus();
  };
  return (
    <details className="group" onToggle={onToggle} onKeyDown={onKeyDown}>
      <summary className="cursor-pointer list-none rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 group-open:bg-red-50 [&::-webkit-details-marker]:hidden">
        {label}
      </summary>
      <Form method="post" className="mt-2 max-w-xs rounded-lg border border-red-200 bg-white p-3 text-left wrap-anywhere shadow-sm">
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
