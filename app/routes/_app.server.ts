import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { bellData } from "~/.server/notifications";
import { sidebarCollapsedIn } from "~/.server/preferences/sidebar";
import { getMemberContext, listWorkspacesOf } from "~/.server/workspaces";
import { readOnlyNotice } from "~/.server/workspaces/standing";

/** The signed-in layout's data: the user, their workspaces, the sidebar as they left it, the read-only notice. */
export async function loader({ request }: LoaderFunctionArgs) {
  // Resolves the user's current workspace (and their role in it) fresh on every request,
  // so a removed member loses access at once.
  const { user, workspace, role } = await getMemberContext(request);
  const [workspaces, readOnly, notifications] = await Promise.all([
    listWorkspacesOf(user.id),
    readOnlyNotice(workspace),
    bellData(user.id, workspace.id),
  ]);
  return data({
    user: { email: user.email, fullName: user.fullName, avatarUrl: user.avatarUrl, role },
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, role: w.role })),
    currentWorkspaceId: workspace.id,
    sidebarCollapsed: sidebarCollapsedIn(request.headers.get("Cookie")),
    readOnlyNotice: readOnly,
    notifications,
  });
}
