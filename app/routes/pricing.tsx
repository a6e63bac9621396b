import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckoutButton } from "~/components/billing/checkout-button";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { PlanPicker } from "~/components/pricing/plan-picker";
import { Logo } from "~/components/ui/logo";
import { CHECKOUT_CANCELED_TEXT, trialOnSubscribeText } from "~/lib/billing-text";
import { useTimeZone } from "~/components/time-zone";
import type { loader } from "./pricing.server";

/**
 * /pricing: the plan picker for everyone. Its buttons post here and start checkout
 * (signed out: sign in first); the server side is ./pricing.server.ts.
 */
export { action, loader } from "./pricing.server";

export const meta: MetaFunction = () => [{ title: "Pricing · Atelier" }];

export default function Pricing() {
  const { interval, canceled, signedIn, current, trialDaysLeft, trialKeptUntil, canManage } = useLoaderData<typeof loader>();
  const zone = useTimeZone();
  return (
    <main className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <p className="flex items-center justify-between gap-4">
        <Link to="/" className="inline-block rounded-md">
          <Logo />
        </Link>
        <Link to={signedIn ? "/billing" : "/auth"} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {signedIn ? "Back to billing" : "Sign in"}
        </Link>
      </p>
      <h1 className="mt-8 text-center text-3xl font-bold tracking-tight text-slate-900">Pricing</h1>
      <p className="mt-2 text-center text-slate-600">Pick the plan that fits your team. Change or cancel it at any time.</p>
      {canceled ? (
        <p
          role="status"
          className="mx-auto mt-6 max-w-2xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-center text-amber-900"
        >
          {CHECKOUT_CANCELED_TEXT}
        </p>
      ) : null}
      {current ? (
        <p
          role="note"
          className="mx-auto mt-6 max-w-2xl rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-center text-sm text-slate-700"
        >
          This workspace is on the {current.planName} plan, billed {current.interval === "year" ? "yearly" : "monthly"}. Choosing another
          plan or interval opens the billing portal, which changes your subscription: you are never billed twice.
        </p>
      ) : trialDaysLeft ? (
        <p
          role="note"
          className="mx-auto mt-6 max-w-2xl rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-center text-sm text-sky-900"
        >
          {trialOnSubscribeText(trialDaysLeft, trialKeptUntil, zone)}
        </p>
      ) : null}
      <div className="mt-10">
        <PlanPicker
          interval={interval}
          current={current}
          renderAction={(plan, i) => (
            <CheckoutButton plan={plan} interval={i} signedIn={signedIn} current={current} canManage={canManage} />
          )}
        />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
