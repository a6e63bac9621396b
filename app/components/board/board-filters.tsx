import { Form, Link, useSubmit } from "@remix-run/react";
import type { LabelView, MemberView, Priority } from "./types";
import { PRIORITY_LABELS } from "./types";

export type FilterValues = { q: string; assignee: string; label: string; priority: string; due: string };

/** Board filters live in the URL: a GET form (works without JavaScript; with it, applies on change). */
export function BoardFilters({
  values,
  members,
  labels,
  clearHref,
}: {
  values: FilterValues;
  members: MemberView[];
  labels: LabelView[];
  clearHref: string;
}) {
  const submit = useSubmit();
  const active = Object.values(values).some(Boolean);
  const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter cards"
      className="flex flex-wrap items-end gap-2"
      preventScrollReset
      onChange={(e) => {
        const target = e.target as HTMLElement;
        if (target.tagName === "SELECT") submit(e.currentTarget, { replace: true, preventScrollReset: true });
      }}
    >
      <label className="text-xs font-medium text-slate-600">
        Search
        <input id="board-search" type="search" name="q" defaultValue={values.q} placeholder="Title, text or #number" className={`mt-1 block w-56 ${select}`} />
      </label>
      <label className="text-xs font-medium text-slate-600">
        Assignee
        <select aria-label="Filter by assignee" name="assignee" defaultValue={values.assignee} className={`mt-1 block ${select}`}>
          <option value="">Anyone</option>
          <option value="me">Me</option>
          <option value="none">Unassigned</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.fullName || m.email}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-slate-600">
        Label
        <select aria-label="Filter by label" name="label" defaultValue={values.label} className={`mt-1 block ${select}`}>
          <option value="">Any label</option>
          {labels.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-slate-600">
        Priority
        <select aria-label="Filter by priority" name="priority" defaultValue={values.priority} className={`mt-1 block ${select}`}>
          <option value="">Any priority</option>
          {(Object.keys(PRIORITY_LABELS) as Priority[]).map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-slate-600">
        Due
        <select aria-label="Filter by due date" name="due" defaultValue={values.due} className={`mt-1 block ${select}`}>
          <option value="">Any time</option>
          <option value="overdue">Overdue</option>
          <option value="week">Due this week</option>
        </select>
      </label>
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
        Apply filters
      </button>
      {active ? (
        <Link to={clearHref} className="px-2 py-1.5 text-sm font-medium text-brand-700 hover:underline">
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
