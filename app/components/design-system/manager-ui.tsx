/**
 * Pieces of the design manager's screens: the surfaces' classes (the Wireframes pages' set, plus
 * a textarea and a code block), a select, a form's pending state, and a delete that asks first.
 */
import { Form } from "@remix-run/react";
import { SelectField, ui as base, usePosting } from "~/components/wireframes/pages/page-ui";

export const ui = {
  ...base,
  textarea:
    "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
  code: "font-mono text-xs break-all text-slate-700",
  th: "px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase",
  td: "px-3 py-2 align-top text-sm text-slate-700",
} as const;

export const Select = SelectField;

/** True while this page posts a form with this intent (and item field). */
export const usePending = usePosting;

/** A destructive form behind a question: a summary opens it, a second button confirms (works without JavaScript). */
export function ConfirmForm({
  summary,
  question,
  confirm,
  action,
  fields,
  pendingMatch,
}: {
  summary: string;
  question: string;
  confirm: string;
  action?: string;
  fields: Record<string, string>;
  pendingMatch?: [string, string];
}) {
  const pending = usePending(fields.intent!, pendingMatch);
  return (
    <details className="group relative inline-block">
      <summary className={ui.summaryDanger}>{summary}</summary>
      <div className="absolute right-0 z-10 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-3 text-left shadow-lg">
        <p className="text-sm text-slate-700">{question}</p>
        <Form method="post" action={action} className="mt-3">
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <button type="submit" className={ui.danger} disabled={pending}>
            {pending ? "Working…" : confirm}
          </button>
        </Form>
      </div>
    </details>
  );
}
