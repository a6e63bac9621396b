import { getFormProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { TestModeFrame } from "~/components/billing/test-mode-frame";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { buttonClass } from "~/components/ui/button-styles";
import { useSchemaForm } from "~/components/ui/conform";
import { formatDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { testPortalCancelSchema, testPortalChangeSchema } from "~/lib/forms/billing";
import { formatUsd, PLANS, priceFor } from "~/lib/plans";
import type { loader } from "./billing.test-mode.portal.server";

/** Test mode's stand-in for Stripe's customer portal: change plan or interval, cancel. */
export { action, loader } from "./billing.test-mode.portal.server";

export const meta: MetaFunction = () => [{ title: "Test-mode billing portal · Atelier" }];

const fieldset = "mt-6 border-t border-slate-200 pt-6";

export default function TestModePortal() {
  const { subscription: sub, returnTo } = useLoaderData<typeof loader>();
  const live = sub && sub.status !== "canceled";
  const zone = useTimeZone();
  const [change] = useSchemaForm(testPortalChangeSchema, { id: "test-portal-change" });
  const [cancel] = useSchemaForm(testPortalCancelSchema, { id: "test-portal-cancel" });
  return (
    <TestModeFrame title="Billing portal (test mode)">
      {sub ? (
        <p className="text-sm text-slate-700">
          Current subscription: <strong>{sub.planName}</strong>, {formatUsd(sub.price)}/{sub.interval}, {sub.status.replace("_", " ")}
          {sub.currentPeriodEnd
            ? `; ${sub.cancelAtPeriodEnd || sub.status === "canceled" ? "ends" : "renews"} ${formatDay(sub.currentPeriodEnd, zone)}`
            : ""}
          .
        </p>
      ) : (
        <p className="text-sm text-slate-700">This workspace has no subscription yet.</p>
      )}
      {live ? (
        <>
          <Form method="post" {...getFormProps(change)} className={fieldset}>
            <input type="hidden" name="intent" value="change" />
            <fieldset>
              <legend className="font-semibold text-slate-900">Change plan</legend>
              <div className="mt-3 space-y-2 text-sm">
                {PLANS.map((p) => (
                  <label key={p.id} className="flex items-center gap-2">
                    <input type="radio" name="planId" value={p.id} defaultChecked={p.id === sub.planId} required />
                    {p.name} ({formatUsd(priceFor(p, "month"))}/month or {formatUsd(priceFor(p, "year"))}/year)
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="mt-4">
              <legend className="font-semibold text-slate-900">Billing interval</legend>
              <div className="mt-3 flex gap-6 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" name="interval" value="month" defaultChecked={sub.interval === "month"} required />
                  Monthly
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="interval" value="year" defaultChecked={sub.interval === "year"} />
                  Yearly
                </label>
              </div>
            </fieldset>
            <button type="submit" className={buttonClass("primary", "md", "mt-4")}>
              Update plan
            </button>
          </Form>
          <Form method="post" {...getFormProps(cancel)} className={fieldset}>
            <input type="hidden" name="intent" value="cancel" />
            <p className="font-semibold text-slate-900">Cancel subscription</p>
            <div className="mt-3 flex flex-wrap gap-3">
              {!sub.cancelAtPeriodEnd ? (
                <button type="submit" name="when" value="period_end" className={buttonClass("secondary", "md")}>
                  Cancel at period end
                </button>
              ) : null}
              <button type="submit" name="when" value="now" className={buttonClass("secondary", "md", "text-red-700")}>
                Cancel immediately
              </button>
            </div>
          </Form>
        </>
      ) : null}
      <p className={fieldset}>
        <Link to={returnTo} className="font-medium text-brand-700 underline">
          Back to billing
        </Link>
      </p>
    </TestModeFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
