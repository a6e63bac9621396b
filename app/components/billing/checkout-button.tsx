import { Form, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { useToast } from "~/components/ui/toast";
import { AUTH_REQUIRED_TOAST, signInToSubscribeHref } from "~/lib/billing-text";
import type { BillingInterval, Plan } from "~/lib/plans";

/**
 * A plan's button in the picker: a form posted to the page's action, which starts
 * checkout. Signed out with JavaScript, the spec's 'Authentication Required' toast
 * (with a sign-in link) instead of a round trip; without JavaScript the action
 * answers with a redirect to the sign-in form.
 */
export function CheckoutButton({ plan, interval, signedIn }: { plan: Plan; interval: BillingInterval; signedIn: boolean }) {
  const navigation = useNavigation();
  const { toast } = useToast();
  const processing =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "checkout" &&
    navigation.formData.get("planId") === plan.id;
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (signedIn) return;
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
        className={buttonClass(plan.popular ? "primary" : "secondary", "md", "w-full")}
      >
        {processing ? "Processing..." : `Choose ${plan.name}`}
      </button>
    </Form>
  );
}
