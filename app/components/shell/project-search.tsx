import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { ShellIcon } from "./icons";

/**
 * A GET form to /projects?q= (both the sidebar and the header have one). Each is a search
 * landmark, so each needs its own name (`landmark`); the field's label is the same.
 */
export function ProjectSearch({ id, landmark, className = "" }: { id: string; landmark: string; className?: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const current = location.pathname === "/projects" ? (params.get("q") ?? "") : "";
  return (
    <Form method="get" action="/projects" role="search" aria-label={landmark} className={className}>
      <label htmlFor={id} className="sr-only">
        Search projects
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-400">
          <ShellIcon name="search" className="size-4" />
        </span>
        <input
          key={current}
          id={id}
          type="search"
          name="q"
          defaultValue={current}
          placeholder="Search projects…"
          data-search-box
          className="block w-full rounded-lg border-0 bg-slate-100 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:bg-white focus:ring-2 focus:ring-brand-600 focus:outline-none"
        />
      </div>
    </Form>
  );
}
