import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PriorityOptions } from "./priority-options";
import type { LabelView, MemberView } from "~/lib/board";

export type FilterValues = { q: string; assignee: string; label: string; priority: string; due: string };

/** The form's filters without the empty ones, so the URL says only what is filtered. */
export function filterParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.append(name, value);
  }
  return params;
}

const SEARCH_DELAY_MS = 300;

/**
 * Board filters live in the URL: a GET form (works without JavaScript, Enter searches;
 * the server drops the empty parameters). With JavaScript the dropdowns apply on change
 * and the search as you type (after a short pause, focus staying in the box), each
 * replacing the history entry rather than adding one per keystroke.
 */
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
  const form = useRef<HTMLFormElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout>>();
  const active = Object.values(values).some(Boolean);
  const apply = (target: HTMLFormElement) => {
    clearTimeout(typing.current);
    submit(filterParams(target), { method: "get", replace: true, preventScrollReset: true });
  };

  useEffect(() => () => clearTimeout(typing.current), []);
  // The URL changed elsewhere ("Clear filters", back/forward): the fields follow, except the one being typed in.
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    for (const [name, value] of Object.entries(values)) {
      const field = fields.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (field && field !== document.activeElement && field.value !== value) field.value = value;
    }
  }, [values]);

  const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  return (
    <Form
      ref={form}
      method="get"
      role="search"
      aria-label="Filter cards"
      className="flex flex-wrap items-end gap-2"
      preventScrollReset
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget);
      }}
      onChange={(e) => {
        const target = e.target as HTMLElement;
        if (target.tagName === "SELECT") apply(e.currentTarget);
      }}
      onInput={(e) => {
        const target = e.target as HTMLElement;
        if (target.tagName !== "INPUT") return;
        const current = e.currentTarget;
        clearTimeout(typing.current);
        typing.current = setTimeout(() => apply(current), SEARCH_DELAY_MS);
      }}
    >
      <label className="text-xs font-medium text-slate-600">
        Search
        <input
          id="board-search"
          type="search"
          name="q"
          defaultValue={values.q}
          placeholder="Title, text or #number"
          className={`mt-1 block w-56 ${select}`}
        />
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
          <PriorityOptions />
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
