import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { LeaveGuard } from "~/components/ui/leave-guard";
import type { loader } from "./_app.server";

/** The signed-in layout: every protected route (spec section 2) renders inside it; its server side is ./_app.server.ts. */
export { loader } from "./_app.server";

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
      <LeaveGuard />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
