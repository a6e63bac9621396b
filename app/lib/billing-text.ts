/** The billing screens' fixed strings (spec sections 6 and 8), shared by server and browser. */
import { formatDay } from "./dates";
import { formatUsd, type BillingInterval, type PlanId } from "./plans";
import type { ToastInput } from "./toast";

export const AUTH_REQUIRED_TOAST: ToastInput = {
  title: "Authentication Required",
  description: "Please sign in to subscribe to a plan.",
  variant: "error",
};

export const CHECKOUT_ERROR_TOAST: ToastInput = {
  title: "Checkout Error",
  description: "Failed to start checkout process. Please try again.",
  variant: "error",
};

export const OWNER_ONLY_TOAST: ToastInput = {
  title: "Only the workspace owner can change the plan",
  description: "Ask the owner of this workspace to choose or change its plan.",
  variant: "error",
};

/** Choosing the plan and interval the workspace already pays for: nothing is bought. */
export function alreadyOnPlanToast(planName: string, interval: "month" | "year"): ToastInput {
  return {
    title: `You are already on the ${planName} plan`,
    description: `It is billed ${interval === "year" ? "yearly" : "monthly"}; nothing was charged. Change or cancel it here.`,
    variant: "info",
  };
}

/** In place of the plan buttons for a signed-in member who is not the owner (issue 11: no button that leads to a 403). */
export const OWNER_CHANGES_PLAN_TEXT = "Only the workspace owner can change the plan.";

export const CHECKOUT_CANCELED_TEXT = "Checkout was cancelled. You have not been charged; pick a plan whenever you are ready.";

/** Where the sign-in form returns to after a signed-out visitor chose a plan. */
export function signInToSubscribeHref(interval: "month" | "year"): string {
  return `/auth?${new URLSearchParams({ redirectTo: `/pricing?interval=${interval}` })}`;
}

/**
 * Shown before paying in the trial's last two days: too close to its end to carry over (Stripe
 * takes a trial end 48 hours ahead at least), so paying ends it.
 */
export const TRIAL_ENDS_ON_SUBSCRIBE = "Your trial ends when you subscribe; billing starts today.";

/** Paying during the trial keeps its remaining days when they are at least this far off (Stripe's minimum). */
export const TRIAL_KEEP_MIN_MS = 48 * 3600 * 1000;

/**
 * What paying now does to the trial, said before the first click (/pricing, the checkout):
 * with `keptUntil`, the days are kept and the first charge falls on that day; without, it ends.
 */
export function trialOnSubscribeText(daysLeft: number, keptUntil: string | null, zone?: string | null): string {
  const left = `You have ${daysLeft} ${daysLeft === 1 ? "day" : "days"} of free trial left.`;
  return keptUntil
    ? `${left} Subscribe now and you keep them: nothing is charged today, and the first payment is on ${formatDay(keptUntil, zone)}, when your trial ends.`
    : `${left} ${TRIAL_ENDS_ON_SUBSCRIBE}`;
}

/** The workspace's plan as every screen shows it (built on the server by billing/plan-status.ts). */
export type PlanStatus = {
  planName: string;
  /** "trial": no subscription yet, on the 14-day trial (or past it). */
  status: "trial" | "trialing" | "active" | "past_due" | "canceled" | "incomplete";
  interval: "month" | "year" | null;
  /** Whole dollars per interval. */
  price: number | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
  readOnly: boolean;
};

/** One sentence on the plan, for /settings: the subscription when there is one, the trial only when on it. */
export function planStatusText(s: PlanStatus, zone?: string | null): string {
  const until = (what: string) =>
    s.currentPeriodEnd ? `${what} on ${formatDay(s.currentPeriodEnd, zone)}` : `${what} at the end of the period`;
  const billed = s.interval
    ? `, billed ${s.interval === "year" ? "yearly" : "monthly"}${s.price !== null ? ` (${formatUsd(s.price)}/${s.interval})` : ""}`
    : "";
  switch (s.status) {
    case "trial":
      if (!s.readOnly && s.trialDaysLeft === null) return `${s.planName} plan.`;
      if (s.readOnly || !s.trialDaysLeft)
        return "Your free trial has ended, so this workspace is read-only. Your data is kept; choose a plan to make changes again.";
      return `Free trial with ${s.planName} limits: ${s.trialDaysLeft} day${s.trialDaysLeft === 1 ? "" : "s"} left.`;
    case "canceled":
      return `Your ${s.planName} subscription has ended, so this workspace is read-only. Your data is kept; choose a plan to make changes again.`;
    case "past_due":
      return `${s.planName} plan${billed}: the last payment failed. Update the payment method in billing to keep the plan.`;
    case "incomplete":
      return `${s.planName} plan${billed}: the payment is not complete yet.`;
    case "trialing":
      return `${s.planName} plan${billed}: trial, ${s.cancelAtPeriodEnd ? until("ends") : until("billing starts")}.`;
    case "active":
      return `${s.planName} plan${billed}: active, ${s.cancelAtPeriodEnd ? `canceled, ${until("ends")}` : until("renews")}.`;
  }
}

/** A row of /billing's usage: `used` and `limit` count items, or bytes when `bytes` is set ("12.4 MB of 5 GB"). */
export type UsageRow = { label: string; used: number; limit: number | null; bytes?: boolean };

/** An invoice on /billing, with its PDF (Stripe's hosted one, or the app's in test mode). */
export type InvoiceRow = {
  id: string;
  date: string;
  amount: number;
  currency: string;
  status: string;
  /** Its PDF (test mode renders one). */
  pdfUrl: string;
};

/** What /billing shows: the plan, the subscription or trial, usage and invoices (built by billing/overview.ts). */
export type BillingOverview = {
  canManage: boolean;
  workspaceName: string;
  testMode: boolean;
  plan: { id: PlanId; name: string };
  subscription: {
    status: Exclude<PlanStatus["status"], "trial">;
    interval: BillingInterval;
    price: number | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  status: PlanStatus["status"];
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
  planStatus: PlanStatus;
  hasCustomer: boolean;
  /** Back from checkout, and the provider confirms the payment. */
  success: boolean;
  /** Back from checkout, but the provider has not confirmed the payment yet. */
  successPending: boolean;
  usage: UsageRow[];
  /** null with Stripe: the portal has them. */
  invoices: InvoiceRow[] | null;
};
