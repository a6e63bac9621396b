import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BillingPage } from "~/components/billing/billing-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { screenMeta } from "~/components/shell/screen";
import type { loader } from "./_app.billing.server";

export { action, loader } from "./_app.billing.server";

export const meta: MetaFunction = screenMeta("Billing");

export default function Billing() {
  return <BillingPage o={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
