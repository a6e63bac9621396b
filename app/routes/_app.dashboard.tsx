import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { dashboardAction, dashboardData } from "~/.server/dashboard";
import { requireMember } from "~/.server/workspaces";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { can } from "~/lib/permissions";

export const meta: MetaFunction = () => [{ title: "Dashboard · Atelier" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "workspace.view");
  const d = await dashboardData(member.workspace.id, member.user.id);
  return {
    ...d,
    name: member.user.fullName || member.user.email.split("@")[0] || "User",
    workspaceName: member.workspace.name,
    canCreate: can(member.role, "card.create"),
  };
}

export const action = ({ request }: ActionFunctionArgs) => dashboardAction(request);

export default function DashboardRoute() {
  return <DashboardPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
