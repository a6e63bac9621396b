import { Link, NavLink, useLocation } from "@remix-run/react";
import { Logo } from "~/components/ui/logo";
import { ShellIcon } from "./icons";
import { NAV_ITEMS } from "./nav";
import { ProjectSearch } from "./project-search";
import { SignOutForm } from "./sign-out-form";
import { WorkspaceSwitcher, type ShellWorkspace } from "./workspace-switcher";

export const SIDEBAR_ID = "app-sidebar";

const rowClass =
  "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors lg:group-data-[collapsed=true]/sidebar:justify-center lg:group-data-[collapsed=true]/sidebar:px-0";
// Labels stay for screen readers when the sidebar is collapsed to icons.
const labelClass = "truncate lg:group-data-[collapsed=true]/sidebar:sr-only";

/**
 * The app's navigation. Large screens: a column that collapses to icons (the toggle is a
 * form, so it works without JavaScript). Small screens: a drawer, open when `drawerOpen`.
 */
export function Sidebar({
  collapsed,
  drawerOpen,
  closeDrawerHref,
  onCloseDrawer,
  onToggleCollapsed,
  sidebarRef,
  workspaces,
  currentWorkspaceId,
}: {
  workspaces: ShellWorkspace[];
  currentWorkspaceId: string;
  collapsed: boolean;
  drawerOpen: boolean;
  closeDrawerHref: string;
  onCloseDrawer: (event: React.MouseEvent) => void;
  onToggleCollapsed: (event: React.FormEvent) => void;
  sidebarRef: React.Ref<HTMLElement>;
}) {
  const location = useLocation();
  return (
    <aside
      id={SIDEBAR_ID}
      ref={sidebarRef}
      aria-label="Sidebar"
      data-collapsed={collapsed}
      data-drawer={drawerOpen ? "open" : "closed"}
      className={`group/sidebar flex-col border-r border-slate-200 bg-white ${
        drawerOpen
          ? "max-lg:fixed max-lg:inset-y-0 max-lg:left-0 max-lg:z-50 max-lg:flex max-lg:w-72 max-lg:shadow-2xl max-lg:transition-transform max-lg:starting:-translate-x-full"
          : "max-lg:hidden"
      } lg:sticky lg:top-0 lg:flex lg:h-screen lg:shrink-0 lg:transition-[width] lg:duration-200 ${collapsed ? "lg:w-20" : "lg:w-64"}`}
    >
      <div className="flex h-16 shrink-0 items-center gap-2 border-b border-slate-100 px-4 lg:group-data-[collapsed=true]/sidebar:justify-center lg:group-data-[collapsed=true]/sidebar:px-2">
        <Link to="/dashboard" className="rounded-lg" aria-label="Atelier dashboard">
          <Logo wordmarkClassName="lg:group-data-[collapsed=true]/sidebar:sr-only" />
        </Link>
        <Link
          to={closeDrawerHref}
          onClick={onCloseDrawer}
          className="ml-auto flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 lg:hidden"
        >
          <ShellIcon name="close" className="size-6" />
          <span className="sr-only">Close navigation</span>
        </Link>
      </div>

      <div className="px-3 pt-3 lg:group-data-[collapsed=true]/sidebar:hidden">
        <WorkspaceSwitcher workspaces={workspaces} currentId={currentWorkspaceId} />
      </div>
      <div className="p-3 lg:group-data-[collapsed=true]/sidebar:hidden">
        <ProjectSearch id="sidebar-search" landmark="Project search (sidebar)" />
      </div>
      <div className="hidden p-3 lg:group-data-[collapsed=true]/sidebar:block">
        <Link to="/projects" title="Search projects" className={`${rowClass} text-slate-600 hover:bg-slate-100`}>
          <ShellIcon name="search" />
          <span className="sr-only">Search projects</span>
        </Link>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                title={collapsed ? item.label : undefined}
                className={({ isActive }) =>
                  `${rowClass} ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"}`
                }
              >
                <ShellIcon name={item.icon} />
                <span className={labelClass}>{item.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-1 border-t border-slate-100 p-3">
        <form method="post" action="/preferences/sidebar" onSubmit={onToggleCollapsed} className="hidden lg:block">
          <input type="hidden" name="collapsed" value={String(!collapsed)} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <button
            type="submit"
            aria-controls={SIDEBAR_ID}
            aria-expanded={!collapsed}
            title={collapsed ? "Expand sidebar" : undefined}
            className={`${rowClass} w-full text-slate-600 hover:bg-slate-100`}
          >
            <ShellIcon name={collapsed ? "expand" : "collapse"} />
            <span className={labelClass}>{collapsed ? "Expand sidebar" : "Collapse sidebar"}</span>
          </button>
        </form>
        <SignOutForm labelClassName={labelClass} className={`${rowClass} w-full text-slate-600 hover:bg-slate-100`} />
      </div>
    </aside>
  );
}
