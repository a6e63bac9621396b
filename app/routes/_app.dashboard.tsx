import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { DashboardInsights } from "~/components/insights/dashboard-insights";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.dashboard.server";

export { action, loader } from "./_app.dashboard.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · Atelier" }];

export default function DashboardRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <DashboardPage data={data} reply={useActionData<typeof action>()} />
      <DashboardInsights insights={data.insights.insights} hidden={data.insights.hidden} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
