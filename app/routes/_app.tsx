import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { db } from "~/.server/db";
import { getMemberContext, listWorkspacesOf } from "~/.server/workspaces";
import { readOnlyMessage, readOnlyReason } from "~/.server/workspaces/limits";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { readSidebarCollapsed } from "~/components/shell/sidebar-preference.server";

/** The signed-in layout: every protected route (spec section 2) renders inside it. */
export async function loader({ request }: LoaderFunctionArgs) {
  // Resolves the user's current workspace (and their role in it) fresh on every request,
  // so a removed member loses access at once.
  const { user, workspace, role } = await getMemberContext(request);
  const [workspaces, sidebarCollapsed, readOnly] = await Promise.all([
    listWorkspacesOf(user.id),
    readSidebarCollapsed(request),
    readOnlyReason(db(), workspace.id),
  ]);
  return data({
    user: { email: user.email, fullName: user.fullName, avatarUrl: user.avatarUrl, role },
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, role: w.role })),
    currentWorkspaceId: workspace.id,
    sidebarCollapsed,
    readOnlyNotice: readOnly ? readOnlyMessage(readOnly).replace(" (/billing)", "") : null,
  });
}

export default function AppLayout() {
  const { user, sidebarCollapsed, workspaces, currentWorkspaceId, readOnlyNotice } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} sidebarCollapsed={sidebarCollapsed} workspaces={workspaces} currentWorkspaceId={currentWorkspaceId}>
      {readOnlyNotice ? (
        <div
          role="status"
          className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p>{readOnlyNotice}</p>
          <Link to="/billing" className="font-semibold underline">
            Choose a plan
          </Link>
        </div>
      ) : null}
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
