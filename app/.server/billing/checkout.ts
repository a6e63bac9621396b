import { TRIAL_KEEP_MIN_MS } from "~/lib/billing-text";
import { getPlan, PLANS, type BillingInterval, type PlanId } from "~/lib/plans";
import { env } from "../env";
import { UserError } from "../errors";
import { paymentProvider } from "../payments/provider";
import { ensureCustomer, isLiveStatus, liveSubscriptionOf } from "../payments/sync";
import type { CheckoutSessionInput, PaymentProvider, ProviderSubscription } from "../payments/types";
import type { MemberContext } from "../workspaces";
import { allows, requireRole } from "../access";
import { planStatusOf } from "./plan-status";

/**
 * Starting a subscription, for the plan picker (/pricing, /signup) and the JSON API. One
 * subscription per workspace: before a checkout opens, the provider (not our stored copy,
 * which may wait for a webhook) is asked whether the customer already has a live one
 * (active, trialing, past due). Only the owner may start one (the access gate).
 */

/** The app's public origin: what the provider sends the buyer back to. */
export const appOrigin = () => new URL(env().APP_URL).origin;

/** What the picker shows a visitor: the live plan to mark, and the trial that paying now would end. */
export type PickerState = {
  signedIn: boolean;
  /** The workspace's live subscription (active, trialing, past due): marked "Current plan". */
  current: { planId: PlanId; planName: string; interval: BillingInterval } | null;
  /** Days of free trial left when the workspace is on it. */
  trialDaysLeft: number | null;
  /** When paying now keeps those days: the trial's end (ISO), the first charge's day. Null: paying ends the trial. */
  trialKeptUntil: string | null;
  /** Whether this visitor may change the plan (the owner): nobody else is offered a plan button. */
  canManage: boolean;
};

/** The picker's state for a signed-in member, or for a visitor (null). */
export async function pickerStateOf(member: MemberContext | null): Promise<PickerState> {
  if (!member) return { signedIn: false, current: null, trialDaysLeft: null, trialKeptUntil: null, canManage: false };
  const s = await planStatusOf(member.workspace);
  const kept = trialToKeep(s);
  const live = s.status !== "trial" && isLiveStatus(s.status) && s.interval;
  return {
    signedIn: true,
    current: live ? { planId: s.planId, planName: s.planName, interval: s.interval! } : null,
    trialDaysLeft: s.status === "trial" && s.trialDaysLeft ? s.trialDaysLeft : null,
    trialKeptUntil: kept?.toISOString() ?? null,
    canManage: allows(member.role, "billing", "change"),
  };
}

/** Where a plan's button leads: the provider's checkout, its portal (another plan), or back to the plan it has. */
export type CheckoutStart = { kind: "checkout" | "portal"; url: string } | { kind: "current"; planName: string; interval: BillingInterval };

/**
 * The picker's plan button: a checkout session with the spec's payload, unless the
 * workspace already has a live subscription: then its own plan and interval lead back to
 * /billing, any other to the provider's portal, where the existing subscription changes.
 */
export async function startCheckout(member: MemberContext, choice: { planId: PlanId; interval: BillingInterval }): Promise<CheckoutStart> {
  requireRole(member, "billing", "change");
  const plan = getPlan(choice.planId)!;
  const provider = await paymentProvider();
  const origin = appOrigin();
  const live = await liveSubscriptionOf(member.workspace.id, provider);
  if (live) {
    if (live.planId === plan.id && live.interval === choice.interval)
      return { kind: "current", planName: plan.name, interval: live.interval };
    const portal = await provider.createPortalSession({ customerId: live.customerId, returnUrl: `${origin}/billing` });
    return { kind: "portal", url: portal.url };
  }
  const session = await openCheckout(member, provider, {
    priceId: await provider.resolvePriceId(plan.id, choice.interval),
    successUrl: `${origin}/billing?success=true`,
    // The spec's cancel URL, plus the interval so the picker comes back as it was left.
    cancelUrl: `${origin}/pricing?canceled=true&interval=${choice.interval}`,
    allowPromotionCodes: true,
    metadata: { planId: plan.id, planName: plan.name },
  });
  return { kind: "checkout", url: session.url };
}

/**
 * The JSON API's checkout (create-checkout-session): a price of the catalogue only, and
 * a 409 naming the plan the workspace has when it already has a live subscription.
 */
export async function startApiCheckout(
  member: MemberContext,
  input: { priceId: string; successUrl: string; cancelUrl: string; allowPromotionCodes: boolean; planId?: string },
): Promise<{ id: string; url: string }> {
  requireRole(member, "billing", "change");
  const provider = await paymentProvider();
  const entry = await catalogueEntryOf(provider, input.priceId);
  if (!entry) throw new UserError(400, "This price belongs to no plan.", "priceId");
  if (input.planId !== undefined && input.planId !== entry.planId) {
    throw new UserError(400, "Does not match the price's plan.", "metadata.planId");
  }
  // One subscription per workspace: a plan or interval change goes through the portal.
  const live = await liveSubscriptionOf(member.workspace.id, provider);
  if (live) throw new UserError(409, alreadySubscribedMessage(live));
  return openCheckout(member, provider, {
    priceId: input.priceId,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    allowPromotionCodes: input.allowPromotionCodes,
    metadata: { planId: entry.planId, planName: entry.planName },
  });
}

/**
 * The trial's end when paying now keeps its remaining days: the workspace is on its free trial
 * (no subscription ever) and the end is at least 48 hours off (Stripe's minimum for a trial end).
 * Closer than that, paying ends the trial, as the page says.
 */
export function trialToKeep(s: { status: string; trialEndsAt: string | null }, now = new Date()): Date | null {
  if (s.status !== "trial" || !s.trialEndsAt) return null;
  const end = new Date(s.trialEndsAt);
  return end.getTime() - now.getTime() >= TRIAL_KEEP_MIN_MS ? end : null;
}

/**
 * The workspace's provider customer (made at its first checkout) and a checkout session for it,
 * carrying the trial's end when its remaining days are kept (both providers honour it).
 */
async function openCheckout(member: MemberContext, provider: PaymentProvider, input: Omit<CheckoutSessionInput, "customerId">) {
  const customerId = await ensureCustomer(member.workspace.id, { email: member.user.email, name: member.user.fullName }, provider);
  const trialEnd = trialToKeep(await planStatusOf(member.workspace));
  return provider.createCheckoutSession({ ...input, customerId, trialEnd });
}

/** The plan and interval a price id of the catalogue belongs to, or null. */
export async function catalogueEntryOf(
  provider: PaymentProvider,
  priceId: string,
): Promise<{ planId: PlanId; planName: string; interval: BillingInterval } | null> {
  for (const plan of PLANS) {
    for (const interval of ["month", "year"] as const) {
      if ((await provider.resolvePriceId(plan.id, interval)) === priceId) return { planId: plan.id, planName: plan.name, interval };
    }
  }
  return null;
}

/** The 409's message: what the workspace has, and where changes happen instead. */
export function alreadySubscribedMessage(live: ProviderSubscription): string {
  const plan = PLANS.find((p) => p.id === live.planId)?.name ?? "a";
  const billed = live.interval === "year" ? "yearly" : "monthly";
  return `This workspace already has a subscription (${plan} plan, billed ${billed}). Change its plan or interval in the customer portal (create-portal-session) instead of starting a second checkout.`;
}
