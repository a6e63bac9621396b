import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ScreenHeader } from "~/components/shell/screen";
import { buttonClass } from "~/components/ui/button-styles";
import { useSchemaForm } from "~/components/ui/conform";
import type { BillingOverview, UsageRow } from "~/lib/billing-text";
import { formatDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { formatBytes } from "~/lib/file-size";
import { cancelSubscriptionSchema, openPortalSchema } from "~/lib/forms/billing";
import { formatUsd, formatUsdCents } from "~/lib/plans";

type Overview = BillingOverview;

const STATUS_LABEL: Record<Overview["status"], string> = {
  trial: "Free trial",
  trialing: "Trialing",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  incomplete: "Incomplete",
};

const STATUS_CLASS: Record<Overview["status"], string> = {
  trial: "bg-sky-100 text-sky-900",
  trialing: "bg-sky-100 text-sky-900",
  active: "bg-green-100 text-green-900",
  past_due: "bg-amber-100 text-amber-900",
  canceled: "bg-slate-200 text-slate-800",
  incomplete: "bg-amber-100 text-amber-900",
};

const card = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

/** /billing: the plan, its usage and invoices; the owner's buttons to change or cancel it. */
export function BillingPage({ o }: { o: Overview }) {
  return (
    <>
      <ScreenHeader
        title="Billing"
        description={`The plan, usage and invoices of ${o.workspaceName}.`}
        actions={o.canManage ? <BillingActions o={o} /> : null}
      />
      {o.success ? (
        <p role="status" className="mb-6 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900">
          Payment received. Your {o.plan.name} plan is active. Thank you!
        </p>
      ) : o.successPending ? (
        <p role="status" className="mb-6 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sky-900">
          Thank you! Your payment is being confirmed.{" "}
          <Link to="/billing?success=true" className="font-medium underline">
            Check again
          </Link>
        </p>
      ) : null}
      {!o.canManage ? (
        <p className="mb-6 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          You can view billing as an admin. Only the workspace owner can change the plan or cancel.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <CurrentPlan o={o} />
        <Usage rows={o.usage} planName={o.plan.name} />
      </div>
      <Invoices o={o} />
    </>
  );
}

function CurrentPlan({ o }: { o: Overview }) {
  const zone = useTimeZone();
  const sub = o.subscription;
  return (
    <section aria-labelledby="plan-heading" className={card}>
      <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
        Current plan
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-600">Plan</dt>
        <dd className="font-medium text-slate-900" data-testid="billing-plan">
          {o.plan.name}
        </dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[o.status]}`} data-testid="billing-status">
            {STATUS_LABEL[o.status]}
          </span>
        </dd>
        <dt className="text-slate-600">Billing interval</dt>
        <dd className="text-slate-900">
          {sub ? (sub.interval === "year" ? "Yearly" : "Monthly") : "None yet"}
          {sub?.price != null ? ` (${formatUsd(sub.price)}/${sub.interval})` : ""}
        </dd>
        {sub ? (
          <>
            <dt className="text-slate-600">
              {sub.cancelAtPeriodEnd || sub.status === "canceled" ? "Ends" : sub.status === "trialing" ? "First payment" : "Renews"}
            </dt>
            <dd className="text-slate-900">{sub.currentPeriodEnd ? formatDay(sub.currentPeriodEnd, zone) : "Not known yet"}</dd>
          </>
        ) : (
          <>
            <dt className="text-slate-600">Trial</dt>
            <dd className="text-slate-900">
              {o.trialDaysLeft === null
                ? "No trial"
                : o.trialDaysLeft > 0
                  ? `${o.trialDaysLeft} ${o.trialDaysLeft === 1 ? "day" : "days"} left${o.trialEndsAt ? ` (ends ${formatDay(o.trialEndsAt, zone)})` : ""}`
                  : "Your trial has ended. Choose a plan to keep making changes."}
            </dd>
          </>
        )}
      </dl>
      {sub?.status === "trialing" && !sub.cancelAtPeriodEnd ? (
        <p className="mt-4 text-sm text-slate-700">
          You kept the rest of your free trial: nothing is charged until it ends
          {sub.currentPeriodEnd ? ` on ${formatDay(sub.currentPeriodEnd, zone)}` : ""}, then the plan renews each{" "}
          {sub.interval === "year" ? "year" : "month"}.
        </p>
      ) : null}
      {sub?.cancelAtPeriodEnd && sub.status !== "canceled" ? (
        <p className="mt-4 text-sm text-amber-900">
          Your subscription is canceled and ends
          {sub.currentPeriodEnd ? ` on ${formatDay(sub.currentPeriodEnd, zone)}` : " at the end of the period"}.
        </p>
      ) : null}
    </section>
  );
}

function BillingActions({ o }: { o: Overview }) {
  const zone = useTimeZone();
  const sub = o.subscription;
  const cancellable = sub && sub.status !== "canceled" && !sub.cancelAtPeriodEnd;
  const [portal] = useSchemaForm(openPortalSchema, { id: "billing-portal" });
  const [cancel] = useSchemaForm(cancelSubscriptionSchema, { id: "billing-cancel" });
  return (
    <>
      <Link to="/pricing" className={buttonClass("primary", "md")}>
        {sub && sub.status !== "canceled" ? "Change plan" : "Choose a plan"}
      </Link>
      {o.hasCustomer ? (
        <Form method="post" {...getFormProps(portal)}>
          <input type="hidden" name="intent" value="portal" />
          <button type="submit" className={buttonClass("secondary", "md")}>
            {o.testMode ? "Open the billing portal (test mode)" : "Open the billing portal"}
          </button>
        </Form>
      ) : null}
      {cancellable ? (
        <details className="relative">
          <summary className={buttonClass("ghost", "md", "cursor-pointer list-none text-red-700")}>Cancel subscription</summary>
          <div className="absolute right-0 z-10 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-lg">
            <p className="text-slate-700">
              Cancel at the end of the billing period
              {sub.currentPeriodEnd ? ` (${formatDay(sub.currentPeriodEnd, zone)})` : ""}? Your data is kept.
            </p>
            <Form method="post" {...getFormProps(cancel)} className="mt-3">
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" className={buttonClass("primary", "sm", "bg-red-700 hover:bg-red-800")}>
                Yes, cancel my subscription
              </button>
            </Form>
          </div>
        </details>
      ) : null}
    </>
  );
}

function Usage({ rows, planName }: { rows: UsageRow[]; planName: string }) {
  return (
    <section aria-labelledby="usage-heading" className={card}>
      <h2 id="usage-heading" className="text-lg font-semibold text-slate-900">
        Usage on {planName}
      </h2>
      <ul className="mt-4 space-y-4 text-sm">
        {rows.map((row) => {
          const amount = (n: number) => (row.bytes ? formatBytes(n) : n.toLocaleString("en-US"));
          const limitText = row.limit === null ? "Unlimited" : amount(row.limit);
          const percent = row.limit ? Math.min(100, Math.round((row.used / row.limit) * 100)) : 0;
          return (
            <li key={row.label}>
              <div className="flex justify-between gap-4">
                <span className="text-slate-700">{row.label}</span>
                <span className="font-medium text-slate-900">
                  {amount(row.used)} of {limitText}
                </span>
              </div>
              {row.limit !== null ? (
                <div
                  role="progressbar"
                  aria-label={row.label}
                  aria-valuemin={0}
                  aria-valuemax={row.limit}
                  aria-valuenow={row.used}
                  className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
                >
                  <div
                    className={`h-full rounded-full ${percent >= 100 ? "bg-red-600" : percent >= 80 ? "bg-amber-500" : "bg-brand-600"}`}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Invoices({ o }: { o: Overview }) {
  const zone = useTimeZone();
  return (
    <section aria-labelledby="invoices-heading" className={`${card} mt-6`}>
      <h2 id="invoices-heading" className="text-lg font-semibold text-slate-900">
        Invoices
      </h2>
      {o.invoices === null ? (
        <p className="mt-2 text-sm text-slate-600">
          The invoices cannot be listed right now; they are also in the customer portal: use “Open the billing portal” above.
        </p>
      ) : o.invoices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No invoices yet.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Download</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {o.invoices.map((i) => (
              <tr key={i.id}>
                <td className="py-2">{formatDay(i.date, zone)}</td>
                <td className="py-2">
                  {formatUsdCents(i.amount)} {i.currency.toUpperCase()}
                </td>
                <td className="py-2 capitalize">{i.status}</td>
                <td className="py-2 text-right">
                  <a href={i.pdfUrl} download className="font-medium text-brand-700 hover:underline">
                    PDF<span className="sr-only"> of the invoice of {formatDay(i.date, zone)}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
