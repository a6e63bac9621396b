/**
 * A theme switch that works without JavaScript: a GET form that reloads the page with
 * `?theme=` (and keeps the page's other query parameters named in `keep`). The select does not
 * submit itself on change, so moving through it with the keyboard never reloads the page.
 */
import { Form, useLocation } from "@remix-run/react";
import { useId } from "react";
import { buttonClass } from "~/components/ui/button-styles";

export function ThemeForm({
  themes,
  theme,
  label = "Theme",
  keep = [],
}: {
  themes: string[];
  theme: string;
  label?: string;
  /** Other query parameters to carry along (e.g. the contrast form's colours). */
  keep?: string[];
}) {
  const id = useId();
  const location = useLocation();
  if (themes.length < 2) return null;
  const params = new URLSearchParams(location.search);
  return (
    <Form method="get" replace preventScrollReset className="flex flex-wrap items-end gap-2">
      {keep.map((k) => {
        const v = params.get(k);
        return v === null ? null : <input key={k} type="hidden" name={k} value={v} />;
      })}
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <select
          id={id}
          name="theme"
          defaultValue={theme}
          className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        >
          {themes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass("secondary", "sm")}>
        Show
      </button>
    </Form>
  );
}
