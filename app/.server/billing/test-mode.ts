import { getPlan, priceFor, type BillingInterval, type PlanId } from "~/lib/plans";
import { safeRedirect } from "../auth/session";
import { UserError } from "../errors";
import { changeLocalPlan, completeLocalCheckout, expireLocalCheckout, getLocalCheckoutSession, parseLocalPriceId } from "../payments/local";
import { paymentProvider } from "../payments/provider";
import { currentOf, liveSubscriptionOf, syncSubscription } from "../payments/sync";
import type { MemberContext } from "../workspaces";
import { requireRole } from "../access";
import { appOrigin } from "./checkout";
import { planStatusOf } from "./plan-status";
import { sendLocalReceipt } from "./receipts";
import { customerOf } from "./subscriptions";

/**
 * The pages the local test-mode provider hands out instead of Stripe's hosted checkout
 * and customer portal. Only the workspace owner whose customer the page belongs to may
 * open them (anyone else: not found); each change goes through syncSubscription, the
 * path Stripe's webhooks take.
 */
const gone = () => new UserError(404, "This test-mode page does not exist or has expired.");

/** The member's own test-mode customer (the owner's, in test mode), else the page is not found. */
export async function requireLocalCustomer(member: MemberContext, customerId: string | null | undefined): Promise<string> {
  requireRole(member, "billing", "change");
  const provider = await paymentProvider();
  const own = await customerOf(member.workspace.id);
  if (provider.name !== "local" || !own || own !== customerId) throw gone();
  return own;
}

async function openSession(member: MemberContext, id: string | undefined) {
  const session = id ? await getLocalCheckoutSession(id) : undefined;
  if (!session) throw gone();
  await requireLocalCustomer(member, session.customerId);
  return session;
}

/** The checkout page: the plan, its price, and the trial that paying would end. */
export async function testCheckoutView(member: MemberContext, id: string | undefined) {
  const session = await openSession(member, id);
  const { status, trialDaysLeft } = await planStatusOf(member.workspace);
  const price = parseLocalPriceId(session.priceId);
  const plan = price ? getPlan(price.planId) : undefined;
  if (!price || !plan) throw gone();
  return {
    id: session.id,
    status: session.status,
    plan: { id: plan.id, name: plan.name },
    interval: price.interval,
    price: priceFor(plan, price.interval),
    /** The trial's days left, said before "Confirm payment" with what paying does to them. */
    trialDaysLeft: status === "trial" && trialDaysLeft ? trialDaysLeft : null,
    /** Kept until then (the session carries the trial's end): the first charge's day. Null: paying ends the trial. */
    trialKeptUntil: session.trialEnd && session.trialEnd.getTime() > Date.now() ? session.trialEnd.toISOString() : null,
  };
}

/**
 * "Confirm payment": a paid subscription, synced, and the session's success URL. A
 * checkout opened before the workspace subscribed (another tab) is expired instead:
 * never a second subscription.
 */
export async function payTestCheckout(
  member: MemberContext,
  id: string | undefined,
): Promise<{ paid: true; successUrl: string } | { paid: false }> {
  const session = await openSession(member, id);
  if (session.status === "open" && (await liveSubscriptionOf(member.workspace.id, await paymentProvider()))) {
    await expireLocalCheckout(session.id);
    return { paid: false };
  }
  const done = await completeLocalCheckout(session.id);
  await syncSubscription(done.customerId);
  // A new payment (not a repeated "Confirm payment"): the owners' receipt. The payment stands if the mail fails.
  if (session.status === "open") {
    await sendLocalReceipt(member.workspace.id, done.subscriptionId).catch((error: unknown) => {
      console.warn(`[billing] receipt for ${done.subscriptionId} not sent: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return { paid: true, successUrl: done.successUrl };
}

/** "Cancel": the session expires; where the buyer goes back to. */
export async function cancelTestCheckout(member: MemberContext, id: string | undefined): Promise<string> {
  const session = await openSession(member, id);
  return (await expireLocalCheckout(session.id)) ?? session.cancelUrl;
}

/**
 * Where "Back to billing" leads: the portal session's return URL, like Stripe's
 * portal, but only when it is on this app's origin (anything else falls back to
 * /billing, so the page cannot be used to send someone elsewhere).
 */
export function portalReturnPath(returnUrl: string | null): string {
  if (!returnUrl) return "/billing";
  try {
    const url = new URL(returnUrl, appOrigin());
    if (url.origin !== appOrigin()) return "/billing";
    return safeRedirect(url.pathname + url.search + url.hash, "/billing");
  } catch {
    return "/billing";
  }
}

async function currentLocalSubscription(member: MemberContext, customerId: string | null) {
  const own = await requireLocalCustomer(member, customerId);
  const provider = await paymentProvider();
  return { customerId: own, provider, current: currentOf(await provider.listSubscriptions(own)) };
}

/** The portal page: the customer's current subscription. */
export async function testPortalView(member: MemberContext, customerId: string | null) {
  const { current } = await currentLocalSubscription(member, customerId);
  const plan = current?.planId ? getPlan(current.planId) : undefined;
  return current && plan
    ? {
        planId: plan.id,
        planName: plan.name,
        interval: current.interval,
        price: priceFor(plan, current.interval),
        status: current.status,
        cancelAtPeriodEnd: current.cancelAtPeriodEnd,
        currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
      }
    : null;
}

export const NO_SUBSCRIPTION_TO_CHANGE = "There is no active subscription to change";

/** The portal's two changes: another plan or interval, or cancel (at the period's end or now). */
export async function changeTestSubscription(
  member: MemberContext,
  customerId: string | null,
  change: { intent: "change"; planId: PlanId; interval: BillingInterval } | { intent: "cancel"; when: "period_end" | "now" },
): Promise<void> {
  const { customerId: own, provider, current } = await currentLocalSubscription(member, customerId);
  if (!current || current.status === "canceled") throw new UserError(409, NO_SUBSCRIPTION_TO_CHANGE);
  if (change.intent === "change") await changeLocalPlan(current.id, change.planId, change.interval);
  else await provider.cancelSubscription(current.id, { immediately: change.when === "now" });
  await syncSubscription(own, provider);
}
