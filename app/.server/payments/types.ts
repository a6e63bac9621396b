import type { ProviderName, SubscriptionStatus } from "../db/schema-billing";
import { env } from "../env";
import type { BillingInterval, PlanId } from "~/lib/plans";

/**
 * What the app asks of a payment provider. Two implementations, chosen by
 * configuration: Stripe when STRIPE_SECRET_KEY is set (./stripe.ts), else the local
 * test-mode provider that keeps its records in the database (./local.ts).
 * Both answer in these provider-neutral shapes, so sync.ts and webhook.ts serve both.
 */
export type CheckoutSessionInput = {
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  allowPromotionCodes: boolean;
  metadata: Record<string, string>;
  customerId: string;
  /**
   * Paying during the free trial keeps its remaining days: the subscription trials until then
   * and the first charge falls on this day (Stripe's subscription_data.trial_end). Null: none.
   */
  trialEnd?: Date | null;
};

export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  priceId: string;
  interval: BillingInterval;
  /** The plan the price belongs to, when the provider says (lookup key or metadata). */
  planId: PlanId | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  created: Date;
};

/** A verified webhook event, reduced to what the handler needs. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The customer the event's object belongs to, when it names one. */
  customerId: string | null;
  /** For invoice events: the invoice, for the receipt sent on invoice.paid. */
  invoice?: PaidInvoice;
};

/** A paid invoice as a receipt tells it. */
export type PaidInvoice = {
  id: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The provider's PDF or hosted page, when it has one. */
  pdfUrl: string | null;
  /** The price's plan, when the invoice says (its line's lookup key or the subscription's metadata). */
  planId: PlanId | null;
};

/** A bill of the provider's, as /billing lists it. */
export type ProviderInvoice = {
  id: string;
  created: Date;
  amountCents: number;
  currency: string;
  status: string;
  /** The provider's own PDF (Stripe's hosted invoice PDF); null when the app renders it (test mode). */
  pdfUrl: string | null;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createCustomer(input: { email: string; name?: string; metadata?: Record<string, string> }): Promise<{ id: string }>;
  /** The price id of a plan and interval: configured, or looked up at the provider. */
  resolvePriceId(planId: PlanId, interval: BillingInterval): Promise<string>;
  createCheckoutSession(input: CheckoutSessionInput): Promise<{ id: string; url: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ id: string; url: string }>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  cancelSubscription(id: string, options: { immediately: boolean }): Promise<ProviderSubscription>;
  /** The customer's invoices, newest first. */
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
  /** Throws WebhookSignatureError when the signature is missing, wrong or stale. */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<ProviderEvent>;
}

export class WebhookSignatureError extends Error {
  constructor(message = "Invalid webhook signature") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** Stripe's own lifecycle has more states than the product shows; fold them into its five. */
export function normaliseStatus(status: string): SubscriptionStatus {
  switch (status) {
    case "trialing":
    case "active":
    case "past_due":
    case "canceled":
    case "incomplete":
      return status;
    case "unpaid":
    case "paused":
      return "past_due";
    case "incomplete_expired":
      return "canceled";
    default:
      return "incomplete";
  }
}

/** The env variable holding a plan's price id per interval, e.g. STRIPE_PRICE_STARTER_MONTH. */
export function configuredPriceId(planId: PlanId, interval: BillingInterval): string | undefined {
  const key = `STRIPE_PRICE_${planId.toUpperCase()}_${interval.toUpperCase()}` as keyof ReturnType<typeof env>;
  const value = env()[key];
  return typeof value === "string" ? value : undefined;
}

/** `<plan>_<interval>`: the lookup key of a plan's price at Stripe and the local price id's tail. */
export function lookupKey(planId: PlanId, interval: BillingInterval): string {
  return `${planId}_${interval}`;
}
