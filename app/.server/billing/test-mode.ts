import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { getPlan, priceFor } from "~/lib/plans";
import { safeRedirect } from "../auth/session";
import { redirectWithToast } from "../http/flash";
import { changeLocalPlan, completeLocalCheckout, expireLocalCheckout, getLocalCheckoutSession, parseLocalPriceId } from "../payments/local";
import { paymentProvider } from "../payments/provider";
import { currentOf, liveSubscriptionOf, syncSubscription } from "../payments/sync";
import { requireMember } from "../workspaces";
import { appOrigin } from "./checkout";
import { customerOf } from "./overview";
import { planStatusOf } from "./plan-status";

/**
 * The pages the local test-mode provider hands out instead of Stripe's hosted
 * checkout and customer portal. Only the workspace owner whose customer the page
 * belongs to may open them; each change goes through syncSubscription, the path
 * Stripe's webhooks take.
 */
const notFound = () => data({ message: "This test-mode page does not exist or has expired." }, { status: 404 });

async function requireLocalCustomer(request: Request, customerId: string | null | undefined) {
  const { workspace } = await requireMember(request, "billing.manage");
  const provider = await paymentProvider();
  const own = await customerOf(workspace.id);
  if (provider.name !== "local" || !own || own !== customerId) throw notFound();
  return { customerId: own, workspace };
}

async function openSession(request: Request, id: string | undefined) {
  const session = id ? await getLocalCheckoutSession(id) : undefined;
  if (!session) throw notFound();
  const { workspace } = await requireLocalCustomer(request, session.customerId);
  return { session, workspace };
}

export async function testCheckoutLoader(request: Request, id: string | undefined) {
  const { session, workspace } = await openSession(request, id);
  const { status, trialDaysLeft } = await planStatusOf(workspace);
  const price = parseLocalPriceId(session.priceId);
  const plan = price ? getPlan(price.planId) : undefined;
  if (!price || !plan) throw notFound();
  return {
    id: session.id,
    status: session.status,
    plan: { id: plan.id, name: plan.name },
    interval: price.interval,
    price: priceFor(plan, price.interval),
    /** Paying now ends the trial (the remaining days are not carried over): said before "Confirm payment". */
    trialDaysLeft: status === "trial" && trialDaysLeft ? trialDaysLeft : null,
  };
}

export async function testCheckoutAction(request: Request, id: string | undefined) {
  const { session, workspace } = await openSession(request, id);
  const intent = (await request.formData()).get("intent");
  if (intent === "pay" && session.status === "open" && (await liveSubscriptionOf(workspace.id, await paymentProvider()))) {
    // A checkout started before the workspace subscribed (another tab): never a second subscription.
    await expireLocalCheckout(session.id);
    return redirectWithToast(
      "/billing",
      {
        title: "This workspace already has a subscription",
        description: "Nothing was charged. Change the plan in the billing portal.",
        variant: "info",
      },
      { status: 303 },
    );
  }
  if (intent === "pay") {
    const done = await completeLocalCheckout(session.id);
    await syncSubscription(done.customerId);
    return redirect(done.successUrl, 303);
  }
  if (intent === "cancel") {
    return redirect((await expireLocalCheckout(session.id)) ?? session.cancelUrl, 303);
  }
  throw data({ message: "Unknown action" }, { status: 400 });
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

async function portalState(request: Request) {
  const params = new URL(request.url).searchParams;
  const { customerId } = await requireLocalCustomer(request, params.get("customer"));
  const returnTo = portalReturnPath(params.get("return"));
  const provider = await paymentProvider();
  const current = currentOf(await provider.listSubscriptions(customerId));
  return { customerId, provider, current, returnTo };
}

export async function testPortalLoader(request: Request) {
  const { customerId, current, returnTo } = await portalState(request);
  const plan = current?.planId ? getPlan(current.planId) : undefined;
  return {
    customerId,
    returnTo,
    subscription:
      current && plan
        ? {
            planId: plan.id,
            planName: plan.name,
            interval: current.interval,
            price: priceFor(plan, current.interval),
            status: current.status,
            cancelAtPeriodEnd: current.cancelAtPeriodEnd,
            currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
          }
        : null,
  };
}

const portalForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("change"),
    planId: z.enum(["starter", "professional", "enterprise"]),
    interval: z.enum(["month", "year"]),
  }),
  z.object({ intent: z.literal("cancel"), when: z.enum(["period_end", "now"]) }),
]);

export async function testPortalAction(request: Request) {
  const { customerId, provider, current, returnTo } = await portalState(request);
  const back = `/billing/test-mode/portal?${new URLSearchParams({ customer: customerId, return: returnTo })}`;
  const parsed = portalForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithToast(back, { title: "Choose a plan and an interval", variant: "error" }, { status: 303 });
  if (!current || current.status === "canceled") {
    return redirectWithToast(back, { title: "There is no active subscription to change", variant: "error" }, { status: 303 });
  }
  if (parsed.data.intent === "change") {
    await changeLocalPlan(current.id, parsed.data.planId, parsed.data.interval);
    await syncSubscription(customerId, provider);
    return redirectWithToast(back, { title: "Plan changed", variant: "success" }, { status: 303 });
  }
  await provider.cancelSubscription(current.id, { immediately: parsed.data.when === "now" });
  await syncSubscription(customerId, provider);
  return redirectWithToast(
    back,
    {
      title: parsed.data.when === "now" ? "Subscription canceled" : "Subscription will cancel at the end of the period",
      variant: "success",
    },
    { status: 303 },
  );
}
