import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlaceholderScreen, screenMeta } from "~/components/shell/screen";

export const meta: MetaFunction = screenMeta("Billing");

export default function Billing() {
  return (
    <PlaceholderScreen
      title="Billing"
      description="Your plan, payment method and invoices."
      empty={{
        icon: "card",
        title: "No paid plan yet",
        children: <p>Once you choose a plan, your subscription, payment method and invoices will be shown here.</p>,
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
