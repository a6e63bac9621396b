import { Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { Logo } from "~/components/ui/logo";
import type { loader } from "./admin.server";

/** The site-admin area: its own plain layout, outside the signed-in shell. Admins only (403 otherwise). */
export { loader } from "./admin.server";

export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div className="min-h-full">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3 sm:px-6">
          <Link to="/admin/beta" className="flex items-center gap-2 rounded-md" aria-label="Atelier admin">
            <Logo />
            <span className="rounded bg-slate-900 px-1.5 py-0.5 text-xs font-semibold text-white">Admin</span>
          </Link>
          <nav aria-label="Admin" className="flex gap-1">
            <NavLink to="/admin/beta" className={navClass}>
              Beta requests
            </NavLink>
          </nav>
          <p className="ml-auto text-sm text-slate-600">
            {email} ·{" "}
            <Link to="/dashboard" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              Back to the app
            </Link>
          </p>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
