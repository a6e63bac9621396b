import { z } from "zod";
import { BILLING_INTERVALS, PLAN_IDS } from "~/lib/plans";

/**
 * The billing forms: a plan's button in the picker (/pricing, /signup), /billing's portal
 * and cancel buttons, and the test-mode checkout and portal pages. Their failures are
 * toasts after a redirect, so the schemas carry no messages of their own.
 */
const planId = z.enum(PLAN_IDS);
const interval = z.enum(BILLING_INTERVALS);

export const checkoutSchema = z.object({ intent: z.literal("checkout"), planId, interval });

export const openPortalSchema = z.object({ intent: z.literal("portal") });
export const cancelSubscriptionSchema = z.object({ intent: z.literal("cancel") });
export const billingSchema = z.discriminatedUnion("intent", [openPortalSchema, cancelSubscriptionSchema]);

/** Test mode's stand-in for Stripe's checkout page: confirm the payment, or cancel. */
export const testCheckoutSchema = z.object({ intent: z.enum(["pay", "cancel"]) });

/** Test mode's stand-in for Stripe's portal: another plan or interval, or cancel (at the period's end or now). */
export const testPortalChangeSchema = z.object({ intent: z.literal("change"), planId, interval });
export const testPortalCancelSchema = z.object({ intent: z.literal("cancel"), when: z.enum(["period_end", "now"]) });
export const testPortalSchema = z.discriminatedUnion("intent", [testPortalChangeSchema, testPortalCancelSchema]);
