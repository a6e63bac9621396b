import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";

const control =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600";

/**
 * Project and date range: a GET form, so it works without JavaScript and the URL can be shared.
 * The dates are keyed by their values: a range picked by dragging across a chart (a navigation)
 * shows in the fields too.
 */
export function RangeForm({
  projects,
  projectId,
  range,
}: {
  projects: { id: string; name: string }[];
  projectId: string | null;
  range: { from: string; to: string };
}) {
  return (
    <Form
      method="get"
      action="/analytics"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
    >
      <div className="min-w-0">
        <label htmlFor="analytics-project" className="block text-sm font-medium text-slate-700">
          Project
        </label>
        <select id="analytics-project" name="project" defaultValue={projectId ?? ""} className={control}>
          <option value="">Choose a project</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="analytics-from" className="block text-sm font-medium text-slate-700">
          From
        </label>
        <input key={range.from} id="analytics-from" type="date" name="from" defaultValue={range.from} className={control} />
      </div>
      <div>
        <label htmlFor="analytics-to" className="block text-sm font-medium text-slate-700">
          To
        </label>
        <input key={range.to} id="analytics-to" type="date" name="to" defaultValue={range.to} className={control} />
      </div>
      <button type="submit" className={buttonClass("primary", "md")}>
        Show
      </button>
    </Form>
  );
}
