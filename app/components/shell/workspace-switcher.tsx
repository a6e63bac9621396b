import { Form, Link, useLocation } from "@remix-run/react";

export type ShellWorkspace = { id: string; name: string; role: string };

/** The current workspace's name; with several, a menu to switch (POST forms, so no JavaScript needed). */
export function WorkspaceSwitcher({ workspaces, currentId }: { workspaces: ShellWorkspace[]; currentId: string }) {
  const location = useLocation();
  const current = workspaces.find((w) => w.id === currentId) ?? workspaces[0];
  if (!current) return null;
  if (workspaces.length < 2) {
    return (
      <p className="truncate px-3 text-xs font-semibold uppercase tracking-wide text-slate-500" title={current.name}>
        {current.name}
      </p>
    );
  }
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
        <span className="truncate">
          <span className="sr-only">Workspace: </span>
          {current.name}
        </span>
        <span aria-hidden className="text-slate-400">
          ⇅
        </span>
      </summary>
      <div className="absolute inset-x-0 z-30 mt-1 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        <p className="px-2 py-1 text-xs font-medium text-slate-500">Switch workspace</p>
        <ul>
          {workspaces.map((w) => (
            <li key={w.id}>
              <Form method="post" action="/workspaces/switch">
                <input type="hidden" name="workspaceId" value={w.id} />
                <input type="hidden" name="redirectTo" value={location.pathname} />
                <button
                  type="submit"
                  aria-current={w.id === current.id ? "true" : undefined}
                  className={`flex w-full items-center justify-between rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 ${w.id === current.id ? "font-semibold text-brand-700" : "text-slate-700"}`}
                >
                  <span className="truncate">{w.name}</span>
                  <span className="text-xs capitalize text-slate-500">{w.role}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Link to="/settings#new-ws-h" className="block rounded-md px-2 py-1.5 text-sm text-brand-700 hover:bg-slate-100">
          + New workspace
        </Link>
      </div>
    </details>
  );
}
