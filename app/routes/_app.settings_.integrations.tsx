import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { IntegrationsPage } from "~/components/account/integrations-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { action, loader } from "./_app.settings_.integrations.server";

export { action, loader } from "./_app.settings_.integrations.server";

export const meta: MetaFunction = () => [{ title: "Integrations · Settings · Atelier" }];

export default function IntegrationsRoute() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <IntegrationsPage data={data} reply={reply} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
