import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { getMemberContext, listWorkspacesOf } from "~/.server/workspaces";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { readSidebarCollapsed } from "~/components/shell/sidebar-preference.server";

/** The signed-in layout: every protected route (spec section 2) renders inside it. */
export async function loader({ request }: LoaderFunctionArgs) {
  // Resolves the user's current workspace (and their role in it) fresh on every request,
  // so a removed member loses access at once.
  const { user, workspace, role } = await getMemberContext(request);
  const [workspaces, sidebarCollapsed] = await Promise.all([listWorkspacesOf(user.id), readSidebarCollapsed(request)]);
  return data({
    user: { email: user.email, fullName: user.fullName, avatarUrl: user.avatarUrl, role },
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, role: w.role })),
    currentWorkspaceId: workspace.id,
    sidebarCollapsed,
  });
}

export default function AppLayout() {
  const { user, sidebarCollapsed, workspaces, currentWorkspaceId } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} sidebarCollapsed={sidebarCollapsed} workspaces={workspaces} currentWorkspaceId={currentWorkspaceId}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
