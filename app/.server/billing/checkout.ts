import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getPlan, parseInterval, type BillingInterval } from "~/lib/plans";
import { can } from "~/lib/permissions";
import { AUTH_REQUIRED_TOAST, CHECKOUT_ERROR_TOAST, OWNER_ONLY_TOAST, signInToSubscribeHref } from "~/lib/billing-text";
import { getUser } from "../auth/session";
import { env } from "../env";
import { redirectWithToast } from "../http/flash";
import { paymentProvider } from "../payments/provider";
import { ensureCustomer } from "../payments/sync";
import { getMemberContext } from "../workspaces";

/**
 * The plan picker's button (on /pricing and /signup): `intent=checkout`, `planId`,
 * `interval`. Signed out: back to the sign-in form, which returns to the picker.
 * Signed in as the workspace owner: a checkout session with the spec's payload and a
 * 303 to the provider's page. Every failure is a toast after a redirect, so the
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
    const customerId = await ensureCustomer(workspace.id, { email: user.email, name: user.fullName }, provider);
    const origin = appOrigin();
    const session = await provider.createCheckoutSession({
      customerId,
      priceId: await provider.resolvePriceId(plan.id, parsed.data.interval),
      successUrl: `${origin}/billing?success=true`,
      cancelUrl: `${origin}/pricing?canceled=true`,
      allowPromotionCodes: true,
      metadata: { planId: plan.id, planName: plan.name },
    });
    return redirect(session.url, 303);
  } catch (error) {
    console.error("[billing] checkout failed:", error);
    return redirectWithToast(back, CHECKOUT_ERROR_TOAST, { status: 303 });
  }
}
