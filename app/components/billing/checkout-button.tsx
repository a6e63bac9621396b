import { getFormProps } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { useSchemaForm } from "~/components/ui/conform";
import { useToast } from "~/components/ui/toast";
import { checkoutSchema } from "~/lib/forms/billing";
import { AUTH_REQUIRED_TOAST, OWNER_CHANGES_PLAN_TEXT, signInToSubscribeHref } from "~/lib/billing-text";
import type { BillingInterval, Plan } from "~/lib/plans";

/** The plan and interval the workspace already pays for, when it has a live subscription. */
export type CurrentPlan = { planId: string; interval: BillingInterval } | null;

/**
 * A plan's button in the picker: a form posted to the page's action, which starts
 * checkout. Signed out with JavaScript, the spec's 'Authentication Required' toast
 * (with a sign-in link) instead of a round trip; without JavaScript the action
 * answers with a redirect to the sign-in form. With a live subscription the current
 * plan is a link to /billing, and the others say "Switch to …": the action sends
 * those to the provider's portal, never to a second checkout.
 */
export function CheckoutButton({
  plan,
  interval,
  signedIn,
  current = null,
  canManage = true,
}: {
  plan: Plan;
  interval: BillingInterval;
  signedIn: boolean;
  current?: CurrentPlan;
  /** False for a signed-in member who is not the owner: no button (the server refuses them anyway), a sentence instead. */
  canManage?: boolean;
}) {
  const navigation = useNavigation();
  const { toast } = useToast();
  const [form] = useSchemaForm(checkoutSchema, { id: `checkout-${plan.id}` });
  const formProps = getFormProps(form);
  const processing =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout" && navigation.formData.get("planId") === plan.id;
  if (signedIn && !canManage) {
    return <p className="text-center text-sm text-slate-600">{OWNER_CHANGES_PLAN_TEXT}</p>;
  }
  if (current && current.planId === plan.id && current.interval === interval) {
    return (
      <Link to="/billing" className={buttonClass("secondary", "md", "w-full")}>
        Manage your plan
      </Link>
    );
  }
  const label = !current
    ? `Choose ${plan.name}`
    : current.planId === plan.id
      ? `Switch to ${interval === "year" ? "yearly" : "monthly"} billing`
      : `Switch to ${plan.name}`;
  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(event) => {
        if (signedIn) return formProps.onSubmit(event);
        event.preventDefault();
        toast({ ...AUTH_REQUIRED_TOAST, action: { label: "Sign in", href: signInToSubscribeHref(interval) } });
      }}
    >
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="planId" value={plan.id} />
      <input type="hidden" name="interval" value={interval} />
      <button
        type="submit"
        disabled={processing}
        aria-disabled={processing || undefined}
        className={buttonClass(plan.popular && !current ? "primary" : "secondary", "md", "w-full")}
      >
        {processing ? "Processing..." : label}
      </button>
    </Form>
  );
}
