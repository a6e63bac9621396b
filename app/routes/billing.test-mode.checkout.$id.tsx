import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { TestModeFrame } from "~/components/billing/test-mode-frame";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { buttonClass } from "~/components/ui/button-styles";
import { useSchemaForm } from "~/components/ui/conform";
import { trialOnSubscribeText } from "~/lib/billing-text";
import { useTimeZone } from "~/components/time-zone";
import { testCheckoutSchema } from "~/lib/forms/billing";
import { formatUsd } from "~/lib/plans";
import type { loader } from "./billing.test-mode.checkout.$id.server";

/** Test mode's stand-in for Stripe's hosted checkout: confirm (a paid subscription) or cancel. */
export { action, loader } from "./billing.test-mode.checkout.$id.server";

export const meta: MetaFunction = () => [{ title: "Test-mode checkout · Atelier" }];

export default function TestModeCheckout() {
  const s = useLoaderData<typeof loader>();
  const zone = useTimeZone();
  const busy = useNavigation().state !== "idle";
  const [form] = useSchemaForm(testCheckoutSchema, { id: "test-checkout" });
  return (
    <TestModeFrame title="Checkout (test mode)">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">Plan</dt>
        <dd className="font-medium text-slate-900">{s.plan.name}</dd>
        <dt className="text-slate-600">Billing</dt>
        <dd className="text-slate-900">{s.interval === "year" ? "Yearly" : "Monthly"}</dd>
        <dt className="text-slate-600">Price</dt>
        <dd className="font-medium text-slate-900">
          {formatUsd(s.price)}/{s.interval}
        </dd>
      </dl>
      {s.trialDaysLeft !== null && s.status === "open" ? (
        <p className="mt-4 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          {trialOnSubscribeText(s.trialDaysLeft, s.trialKeptUntil, zone)}
        </p>
      ) : null}
      {s.status === "open" ? (
        <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-wrap gap-3">
          <button type="submit" name="intent" value="pay" disabled={busy} className={buttonClass("primary", "md")}>
            Confirm payment
          </button>
          <button type="submit" name="intent" value="cancel" disabled={busy} className={buttonClass("secondary", "md")}>
            Cancel
          </button>
        </Form>
      ) : (
        <p className="mt-6 text-sm text-slate-700">
          This checkout is {s.status === "complete" ? "already paid" : "expired"}.{" "}
          <a href="/billing" className="font-medium text-brand-700 underline">
            Go to billing
          </a>
        </p>
      )}
    </TestModeFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
