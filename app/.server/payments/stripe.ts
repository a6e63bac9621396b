import Stripe from "stripe";
import { env } from "../env";
import { PLANS, type BillingInterval, type PlanId } from "~/lib/plans";
import {
  configuredPriceId,
  lookupKey,
  normaliseStatus,
  WebhookSignatureError,
  type PaidInvoice,
  type PaymentProvider,
  type ProviderSubscription,
} from "./types";

/**
 * The Stripe adapter over the official SDK. STRIPE_API_BASE sends every request to
 * another origin (the tests run a local server speaking Stripe's endpoints).
 */
export function stripeClient(): Stripe {
  const e = env();
  if (!e.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined;
  return new Stripe(e.STRIPE_SECRET_KEY, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
          maxNetworkRetries: 0,
          telemetry: false,
        }
      : { maxNetworkRetries: 2 }),
  });
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === "string" ? v : v.id);

/** Which plan a price belongs to: configured ids first, then its lookup key or metadata. */
function planOfPrice(price: Stripe.Price, fallback: string | undefined): PlanId | null {
  for (const plan of PLANS) {
    for (const interval of ["month", "year"] as const) {
      if (configuredPriceId(plan.id, interval) === price.id) return plan.id;
      if (price.lookup_key === lookupKey(plan.id, interval)) return plan.id;
    }
  }
  const hinted = price.metadata?.plan_id ?? fallback;
  return PLANS.find((p) => p.id === hinted)?.id ?? null;
}

export function fromStripeSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${sub.id} has no items`);
  const price = item.price;
  const periodEnd = item.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: normaliseStatus(sub.status),
    priceId: price.id,
    interval: price.recurring?.interval === "year" ? "year" : "month",
    planId: planOfPrice(price, sub.metadata?.planId),
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    created: new Date(sub.created * 1000),
  };
}

/**
 * An invoice event's invoice, as a receipt tells it: the amount paid, when, the period its first
 * line covers, Stripe's PDF, and the plan (its line's price, else the subscription's metadata).
 * Read loosely: the line's shape moved between API versions (price, or pricing.price_details).
 */
export function paidInvoiceOf(invoice: Stripe.Invoice): PaidInvoice {
  type Line = {
    period?: { start?: number; end?: number };
    price?: Stripe.Price | null;
    metadata?: Record<string, string>;
  };
  const loose = invoice as unknown as {
    lines?: { data?: Line[] };
    status_transitions?: { paid_at?: number | null };
    subscription_details?: { metadata?: Record<string, string> | null };
    parent?: { subscription_details?: { metadata?: Record<string, string> | null } | null } | null;
  };
  const line = loose.lines?.data?.[0];
  const metadata = loose.parent?.subscription_details?.metadata ?? loose.subscription_details?.metadata ?? line?.metadata ?? {};
  const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
  const hinted = PLANS.find((p) => p.id === metadata.planId)?.id ?? null;
  return {
    id: invoice.id ?? "",
    amountCents: invoice.amount_paid ?? 0,
    currency: invoice.currency,
    paidAt: at(loose.status_transitions?.paid_at) ?? new Date(invoice.created * 1000),
    periodStart: at(line?.period?.start),
    periodEnd: at(line?.period?.end),
    pdfUrl: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null,
    planId: line?.price ? (planOfPrice(line.price, metadata.planId) ?? hinted) : hinted,
  };
}

export function createStripeProvider(client: Stripe = stripeClient()): PaymentProvider {
  return {
    name: "stripe",

    async createCustomer({ email, name, metadata }) {
      const customer = await client.customers.create({ email, name, metadata });
      return { id: customer.id };
    },

    async resolvePriceId(planId: PlanId, interval: BillingInterval) {
      const configured = configuredPriceId(planId, interval);
      if (configured) return configured;
      const key = lookupKey(planId, interval);
      const prices = await client.prices.list({ lookup_keys: [key], active: true, limit: 1 });
      const price = prices.data[0];
      if (!price) throw new Error(`No Stripe price with lookup key ${key}; run npm run stripe:setup`);
      return price.id;
    },

    async createCheckoutSession(input) {
      const session = await client.checkout.sessions.create({
        mode: "subscription",
        customer: input.customerId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        allow_promotion_codes: input.allowPromotionCodes,
        metadata: input.metadata,
        subscription_data: {
          metadata: input.metadata,
          // The trial's remaining days are kept: no charge until then (Stripe wants it 48 h ahead at least).
          ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
        },
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },

    async createPortalSession({ customerId, returnUrl }) {
      // The configuration made by `npm run stripe:setup` allows switching plans; unset, Stripe's default portal.
      const configuration = env().STRIPE_PORTAL_CONFIGURATION;
      const session = await client.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        ...(configuration ? { configuration } : {}),
      });
      return { id: session.id, url: session.url };
    },

    async listSubscriptions(customerId) {
      const list = await client.subscriptions.list({ customer: customerId, status: "all", limit: 100 });
      return list.data.map(fromStripeSubscription);
    },

    async retrieveSubscription(id) {
      return fromStripeSubscription(await client.subscriptions.retrieve(id));
    },

    async cancelSubscription(id, { immediately }) {
      const sub = immediately
        ? await client.subscriptions.cancel(id)
        : await client.subscriptions.update(id, { cancel_at_period_end: true });
      return fromStripeSubscription(sub);
    },

    async listInvoices(customerId) {
      const list = await client.invoices.list({ customer: customerId, limit: 24 });
      return list.data.map((i) => ({
        id: i.id ?? "",
        created: new Date(i.created * 1000),
        amountCents: i.status === "paid" ? i.amount_paid : i.amount_due,
        currency: i.currency,
        status: i.status ?? "draft",
        pdfUrl: i.invoice_pdf ?? null,
      }));
    },

    async verifyWebhook(rawBody, signatureHeader) {
      const secret = env().STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new WebhookSignatureError("STRIPE_WEBHOOK_SECRET is not set");
      if (!signatureHeader) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signatureHeader, secret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      const object = event.data.object as { object?: string; id?: string; customer?: string | { id: string } | null };
      const customerId = object.object === "customer" ? (object.id ?? null) : idOf(object.customer);
      const invoice = object.object === "invoice" ? paidInvoiceOf(event.data.object as Stripe.Invoice) : undefined;
      return { id: event.id, type: event.type, customerId, ...(invoice ? { invoice } : {}) };
    },
  };
}
