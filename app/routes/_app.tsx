import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/session";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { readSidebarCollapsed } from "~/components/shell/sidebar-preference.server";

/** The signed-in layout: every protected route (spec section 2) renders inside it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return data({
    user: { email: user.email, fullName: user.fullName, avatarUrl: user.avatarUrl, role: user.role },
    sidebarCollapsed: await readSidebarCollapsed(request),
  });
}

export default function AppLayout() {
  const { user, sidebarCollapsed } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user} sidebarCollapsed={sidebarCollapsed}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
