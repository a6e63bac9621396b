import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard/dashboard-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.dashboard.server";

export { action, loader } from "./_app.dashboard.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · Atelier" }];

export default function DashboardRoute() {
  return <DashboardPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
