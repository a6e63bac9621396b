import { createHmac, randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { safeEqual } from "../auth/tokens";
import { db, schema } from "../db";
import type { SubscriptionStatus } from "../db/schema-billing";
import { env } from "../env";
import { sessionSecrets } from "../secrets";
import { getPlan, PLANS, priceFor, type BillingInterval, type PlanId } from "~/lib/plans";
import { lookupKey, WebhookSignatureError, type PaymentProvider, type ProviderEvent, type ProviderSubscription } from "./types";

/**
 * The local test-mode provider: no card, no network. Customers, checkout sessions,
 * subscriptions and invoices live in the local_* tables; the test-mode checkout and
 * portal pages call completeLocalCheckout / changeLocalPlan / cancelSubscription and
 * then syncSubscription, the same path Stripe's webhooks take.
 */
const { localCustomers, localCheckoutSessions, localSubscriptions, localInvoices } = schema;

/** Signatures older than this are refused, as Stripe's default tolerance. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString("hex")}`;

/** local_<plan>_<interval>; the price ids of test mode. */
export function localPriceId(planId: PlanId, interval: BillingInterval): string {
  return `local_${lookupKey(planId, interval)}`;
}

export function parseLocalPriceId(priceId: string): { planId: PlanId; interval: BillingInterval } | null {
  for (const plan of PLANS) {
    for (const interval of ["month", "year"] as const) {
      if (priceId === localPriceId(plan.id, interval)) return { planId: plan.id, interval };
    }
  }
  return null;
}

function addInterval(from: Date, interval: BillingInterval): Date {
  const d = new Date(from);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

type LocalSubscriptionRow = typeof localSubscriptions.$inferSelect;

function toProviderSubscription(row: LocalSubscriptionRow): ProviderSubscription {
  const price = parseLocalPriceId(row.priceId);
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    priceId: row.priceId,
    interval: price?.interval ?? "month",
    planId: price?.planId ?? null,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    created: row.createdAt,
  };
}

async function subscriptionRow(id: string): Promise<LocalSubscriptionRow> {
  const [row] = await db().select().from(localSubscriptions).where(eq(localSubscriptions.id, id));
  if (!row) throw new Error(`No such subscription: ${id}`);
  return row;
}

/** The secret signing local events: STRIPE_WEBHOOK_SECRET, or one derived from the session secret. */
export function localWebhookSecret(): string {
  return env().STRIPE_WEBHOOK_SECRET ?? createHmac("sha256", sessionSecrets()[0]!).update("atelier-local-webhooks").digest("hex");
}

function signature(payload: string, timestamp: number, secret: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
}

/** Stripe's header format: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">. */
export function signLocalPayload(payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${signature(payload, timestamp, localWebhookSecret())}`;
}

/** A signed local event of `type` about `customerId`: what the webhook endpoint receives. */
export function localEvent(type: string, customerId: string, id = newId("evt")) {
  const body = JSON.stringify({ id, type, data: { object: { customer: customerId } } });
  return { id, body, signature: signLocalPayload(body) };
}

function verifyLocalSignature(rawBody: string, header: string | null): void {
  if (!header) throw new WebhookSignatureError("Missing signature header");
  const parts = header.split(",").map((p) => p.split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  const sigs = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!Number.isInteger(t) || sigs.length === 0) throw new WebhookSignatureError("Malformed signature header");
  const expected = signature(rawBody, t, localWebhookSecret());
  if (!sigs.some((s) => safeEqual(s, expected))) throw new WebhookSignatureError("Signature does not match");
  if (Math.abs(Date.now() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError("Stale signature");
}

export function createLocalProvider(): PaymentProvider {
  const appUrl = () => env().APP_URL;
  return {
    name: "local",

    async createCustomer({ email, name, metadata }) {
      const id = newId("cus");
      await db()
        .insert(localCustomers)
        .values({ id, email, name: name ?? null, metadata: metadata ?? {} });
      return { id };
    },

    async resolvePriceId(planId, interval) {
      return localPriceId(planId, interval);
    },

    async createCheckoutSession(input) {
      if (!parseLocalPriceId(input.priceId)) throw new Error(`No such price: ${input.priceId}`);
      const id = newId("cs");
      await db()
        .insert(localCheckoutSessions)
        .values({
          id,
          customerId: input.customerId,
          priceId: input.priceId,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          allowPromotionCodes: input.allowPromotionCodes,
          metadata: input.metadata,
          trialEnd: input.trialEnd ?? null,
        });
      return { id, url: `${appUrl()}/billing/test-mode/checkout/${id}` };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = newId("bps");
      const q = new URLSearchParams({ customer: customerId, return: returnUrl });
      return { id, url: `${appUrl()}/billing/test-mode/portal?${q}` };
    },

    async listSubscriptions(customerId) {
      const rows = await db()
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.customerId, customerId))
        .orderBy(desc(localSubscriptions.createdAt));
      return rows.map(toProviderSubscription);
    },

    async retrieveSubscription(id) {
      return toProviderSubscription(await subscriptionRow(id));
    },

    async cancelSubscription(id, { immediately }) {
      const now = new Date();
      const [row] = await db()
        .update(localSubscriptions)
        .set(
          immediately
            ? { status: "canceled", canceledAt: now, cancelAtPeriodEnd: false, updatedAt: now }
            : { cancelAtPeriodEnd: true, updatedAt: now },
        )
        .where(eq(localSubscriptions.id, id))
        .returning();
      if (!row) throw new Error(`No such subscription: ${id}`);
      return toProviderSubscription(row);
    },

    async listInvoices(customerId) {
      return (await listLocalInvoices(customerId)).map((i) => ({
        id: i.id,
        created: i.createdAt,
        amountCents: i.amountCents,
        currency: i.currency,
        status: i.status,
        // The app renders test mode's PDFs (billing/receipts.ts).
        pdfUrl: null,
      }));
    },

    async verifyWebhook(rawBody, signatureHeader): Promise<ProviderEvent> {
      verifyLocalSignature(rawBody, signatureHeader);
      const event = JSON.parse(rawBody) as { id: string; type: string; data?: { object?: { customer?: string } } };
      return { id: event.id, type: event.type, customerId: event.data?.object?.customer ?? null };
    },
  };
}

/** A test-mode checkout by the id in its page's address; anything not shaped like one (`cs_local_…`) is none. */
export async function getLocalCheckoutSession(id: string) {
  if (!/^cs_local_[0-9a-f]{24}$/.test(id)) return undefined;
  const [row] = await db().select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id));
  return row;
}

/**
 * The test-mode checkout's "Pay": an active subscription for the session's price with
 * a paid invoice. Completing an already completed session changes nothing.
 */
export async function completeLocalCheckout(
  sessionId: string,
): Promise<{ customerId: string; subscriptionId: string; successUrl: string }> {
  return db().transaction(async (tx) => {
    const [session] = await tx
      .update(localCheckoutSessions)
      .set({ status: "complete" })
      .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, "open")))
      .returning();
    if (!session) {
      const [existing] = await tx.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, sessionId));
      if (existing?.status === "complete" && existing.subscriptionId) {
        return { customerId: existing.customerId, subscriptionId: existing.subscriptionId, successUrl: existing.successUrl };
      }
      throw new Error(`Checkout session ${sessionId} is not open`);
    }
    const price = parseLocalPriceId(session.priceId)!;
    const start = new Date();
    // Paid during the free trial: the subscription trials until the trial's end, with a $0
    // invoice for those days (as Stripe bills a trial); the first charge falls on that day.
    const trialing = session.trialEnd !== null && session.trialEnd.getTime() > start.getTime();
    const end = trialing ? session.trialEnd! : addInterval(start, price.interval);
    const subscriptionId = newId("sub");
    await tx.insert(localSubscriptions).values({
      id: subscriptionId,
      customerId: session.customerId,
      priceId: session.priceId,
      status: trialing ? "trialing" : "active",
      currentPeriodStart: start,
      currentPeriodEnd: end,
      metadata: session.metadata,
    });
    await tx.insert(localInvoices).values({
      id: newId("in"),
      customerId: session.customerId,
      subscriptionId,
      amountCents: trialing ? 0 : priceFor(getPlan(price.planId)!, price.interval) * 100,
      status: "paid",
      periodStart: start,
      periodEnd: end,
    });
    await tx.update(localCheckoutSessions).set({ subscriptionId }).where(eq(localCheckoutSessions.id, sessionId));
    return { customerId: session.customerId, subscriptionId, successUrl: session.successUrl };
  });
}

/** The test-mode checkout's "Cancel": the session expires and the buyer returns to its cancel URL. */
export async function expireLocalCheckout(sessionId: string): Promise<string | null> {
  const [row] = await db()
    .update(localCheckoutSessions)
    .set({ status: "expired" })
    .where(and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, "open")))
    .returning();
  return row?.cancelUrl ?? null;
}

/** The test-mode portal's plan change: the subscription moves to another price. */
export async function changeLocalPlan(subscriptionId: string, planId: PlanId, interval: BillingInterval) {
  const now = new Date();
  await db()
    .update(localSubscriptions)
    .set({ priceId: localPriceId(planId, interval), cancelAtPeriodEnd: false, updatedAt: now })
    .where(eq(localSubscriptions.id, subscriptionId));
}

/** Sets a local subscription's status (test mode's stand-in for a failed or recovered payment). */
export async function setLocalSubscriptionStatus(subscriptionId: string, status: SubscriptionStatus) {
  await db().update(localSubscriptions).set({ status, updatedAt: new Date() }).where(eq(localSubscriptions.id, subscriptionId));
}

export async function listLocalInvoices(customerId: string) {
  return db().select().from(localInvoices).where(eq(localInvoices.customerId, customerId)).orderBy(desc(localInvoices.createdAt));
}
