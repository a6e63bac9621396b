import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getPlan, parseInterval, type BillingInterval, type PlanId } from "~/lib/plans";
import { can } from "~/lib/permissions";
import { alreadyOnPlanToast, AUTH_REQUIRED_TOAST, CHECKOUT_ERROR_TOAST, OWNER_ONLY_TOAST, signInToSubscribeHref } from "~/lib/billing-text";
import { getUser } from "../auth/session";
import { env } from "../env";
import { redirectWithToast } from "../http/flash";
import { paymentProvider } from "../payments/provider";
import { ensureCustomer, isLiveStatus, liveSubscriptionOf } from "../payments/sync";
import { getMemberContext } from "../workspaces";
import { planStatusOf } from "./plan-status";

/**
 * The plan picker's button (on /pricing and /signup): `intent=checkout`, `planId`,
 * `interval`. Signed out: back to the sign-in form, which returns to the picker.
 * Signed in as the workspace owner: a checkout session with the spec's payload and a
 * 303 to the provider's page — unless the workspace already has a live subscription
 * (active, trialing, past due): then its own plan and interval lead back to /billing,
 * any other to the provider's portal, where the existing subscription changes. Every failure is a toast after a redirect, so the
 * answer is the same with JavaScript and without.
 */
const checkoutForm = z.object({
  intent: z.literal("checkout"),
  planId: z.enum(["starter", "professional", "enterprise"]),
  interval: z.enum(["month", "year"]),
});

export function isCheckoutPost(form: FormData): boolean {
  return form.get("intent") === "checkout";
}

/** What the picker shows a visitor: the live plan to mark, and the trial that paying now would end. */
export type PickerState = {
  signedIn: boolean;
  /** The workspace's live subscription (active, trialing, past due): marked "Current plan". */
  current: { planId: PlanId; planName: string; interval: BillingInterval } | null;
  /** Days of free trial left when the workspace is on it (paying ends it). */
  trialDaysLeft: number | null;
};

export async function pickerState(request: Request): Promise<PickerState> {
  if (!(await getUser(request))) return { signedIn: false, current: null, trialDaysLeft: null };
  const { workspace } = await getMemberContext(request);
  const s = await planStatusOf(workspace);
  const live = s.status !== "trial" && isLiveStatus(s.status) && s.interval;
  return {
    signedIn: true,
    current: live ? { planId: s.planId, planName: s.planName, interval: s.interval! } : null,
    trialDaysLeft: s.status === "trial" && s.trialDaysLeft ? s.trialDaysLeft : null,
  };
}

/** The app's public origin: what the provider sends the buyer back to. */
export const appOrigin = () => new URL(env().APP_URL).origin;

export async function handleCheckoutPost(request: Request, form: FormData, pickerPath = "/pricing") {
  const interval: BillingInterval = parseInterval(String(form.get("interval") ?? ""));
  const back = `${pickerPath}?interval=${interval}`;
  const user = await getUser(request);
  if (!user) return redirectWithToast(signInToSubscribeHref(interval), AUTH_REQUIRED_TOAST, { status: 303 });

  const parsed = checkoutForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirectWithToast(back, CHECKOUT_ERROR_TOAST, { status: 303 });

  // requireMember(request, "billing.manage"), answered with a toast rather than a 403 page.
  const { workspace, role } = await getMemberContext(request);
  if (!can(role, "billing.manage")) return redirectWithToast(back, OWNER_ONLY_TOAST, { status: 303 });

  const plan = getPlan(parsed.data.planId)!;
  try {
    const provider = await paymentProvider();
    const origin = appOrigin();
    // One subscription per workspace: never a second checkout while one is live.
    const live = await liveSubscriptionOf(workspace.id, provider);
    if (live) {
      if (live.planId === plan.id && live.interval === parsed.data.interval) {
        return redirectWithToast("/billing", alreadyOnPlanToast(plan.name, live.interval), { status: 303 });
      }
      // Another plan or interval: the provider's portal changes the existing subscription.
      const portal = await provider.createPortalSession({ customerId: live.customerId, returnUrl: `${origin}/billing` });
      return redirect(portal.url, 303);
    }
    const customerId = await ensureCustomer(workspace.id, { email: user.email, name: user.fullName }, provider);
    const session = await provider.createCheckoutSession({
      customerId,
      priceId: await provider.resolvePriceId(plan.id, parsed.data.interval),
      successUrl: `${origin}/billing?success=true`,
      // The spec's cancel URL, plus the interval so the picker comes back as it was left.
      cancelUrl: `${origin}/pricing?canceled=true&interval=${parsed.data.interval}`,
      allowPromotionCodes: true,
      metadata: { planId: plan.id, planName: plan.name },
    });
    return redirect(session.url, 303);
  } catch (error) {
    console.error("[billing] checkout failed:", error);
    return redirectWithToast(back, CHECKOUT_ERROR_TOAST, { status: 303 });
  }
}
