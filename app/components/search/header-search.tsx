import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { ShellIcon } from "~/components/shell/icons";

/**
 * The header's search box: a GET form to /search (the whole workspace), which works without
 * JavaScript. On a phone, where the box is hidden, an icon link to /search takes its place.
 */
export function HeaderSearch({ className = "" }: { className?: string }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const current = location.pathname === "/search" ? (params.get("q") ?? "") : "";
  return (
    <>
      <Link to="/search" className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 sm:hidden">
        <ShellIcon name="search" className="size-5" />
        <span className="sr-only">Search</span>
      </Link>
      <Form method="get" action="/search" role="search" aria-label="Workspace search" className={className}>
        <label htmlFor="header-search" className="sr-only">
          Search everything
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-400">
            <ShellIcon name="search" className="size-4" />
          </span>
          <input
            key={current}
            id="header-search"
            type="search"
            name="q"
            defaultValue={current}
            placeholder="Search projects, cards, people…"
            data-search-box
            className="block w-full rounded-lg border-0 bg-slate-100 py-2 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:bg-white focus:ring-2 focus:ring-brand-600 focus:outline-none"
          />
        </div>
      </Form>
    </>
  );
}
