import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { PLANS, formatUsd, limitLabels, priceFor, yearlySavings, type BillingInterval, type Plan } from "~/lib/plans";

/** Where a plan's button goes until checkout exists: sign-up, carrying the choice. */
export function signupHref(plan: Plan, interval: BillingInterval): string {
  return `/auth?${new URLSearchParams({ mode: "signup", plan: plan.id, interval })}`;
}

/**
 * The three plans with a month/year toggle (spec sections 2 and 9). The toggle is a
 * pair of links (`?interval=year`), so it works without JavaScript. `renderAction`
 * lets the billing work swap each plan's link for a checkout button.
 */
export function PlanPicker({
  interval,
  intervalHref = (i) => `?interval=${i}`,
  renderAction,
  current = null,
}: {
  interval: BillingInterval;
  intervalHref?: (interval: BillingInterval) => string;
  renderAction?: (plan: Plan, interval: BillingInterval) => React.ReactNode;
  /** The workspace's live plan and interval: its card is marked "Current plan". */
  current?: { planId: string; interval: BillingInterval } | null;
}) {
  return (
    <div>
      <IntervalToggle interval={interval} href={intervalHref} />
      <ul className="mt-8 grid gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id} className="flex">
            <PlanCard
              plan={plan}
              interval={interval}
              isCurrent={current?.planId === plan.id && current.interval === interval}
              action={
                renderAction ? (
                  renderAction(plan, interval)
                ) : (
                  <Link to={signupHref(plan, interval)} className={buttonClass(plan.popular ? "primary" : "secondary", "md", "w-full")}>
                    Choose {plan.name}
                  </Link>
                )
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function IntervalToggle({ interval, href }: { interval: BillingInterval; href: (interval: BillingInterval) => string }) {
  const option = (value: BillingInterval, label: React.ReactNode) => {
    const current = value === interval;
    return (
      <Link
        to={href(value)}
        replace
        preventScrollReset
        aria-current={current ? "true" : undefined}
        className={`rounded-full px-4 py-2 text-sm font-medium transition-colors ${
          current ? "bg-brand-600 text-white shadow-sm" : "text-slate-700 hover:bg-slate-100"
        }`}
      >
        {label}
      </Link>
    );
  };
  return (
    <nav aria-label="Billing interval" className="flex justify-center">
      <div className="inline-flex gap-1 rounded-full border border-slate-200 bg-white p-1">
        {option("month", "Monthly")}
        {option(
          "year",
          <>
            Yearly <span className={interval === "year" ? "text-brand-100" : "text-green-700"}>(Save 20%)</span>
          </>,
        )}
      </div>
    </nav>
  );
}

function PlanCard({
  plan,
  interval,
  action,
  isCurrent = false,
}: {
  plan: Plan;
  interval: BillingInterval;
  action: React.ReactNode;
  isCurrent?: boolean;
}) {
  const price = priceFor(plan, interval);
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex w-full flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        plan.popular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          Most Popular
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </h2>
        {isCurrent ? <p className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">Current plan</p> : null}
      </div>
      <p className="mt-1 min-h-10 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{formatUsd(price)}</span>
        <span className="text-sm text-slate-600">/{interval}</span>
      </p>
      {interval === "year" ? (
        <p className="mt-1 flex items-baseline gap-2 text-sm">
          <span className="sr-only">Full-year price at the monthly rate:</span>
          <s className="text-slate-500">{formatUsd(plan.price * 12)}</s>
          <span className="font-medium text-green-700">Save {formatUsd(yearlySavings(plan.price))}</span>
        </p>
      ) : null}
      <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-700">
        {[...limitLabels(plan.limits), ...plan.features].map((item) => (
          <li key={item} className="flex gap-2">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-brand-600">
              <path d="M7.6 13.2 4.4 10l-1.1 1.1 4.3 4.3 9-9-1.1-1.1z" />
            </svg>
            {item}
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
