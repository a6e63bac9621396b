import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { testCheckoutSchema } from "~/lib/forms/billing";
import { cancelTestCheckout, payTestCheckout, testCheckoutView } from "~/.server/billing/test-mode";
import { isUserError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/http/flash";
import { parseSubmission } from "~/.server/http/submission";
import { requireMember } from "~/.server/workspaces";

/** Test mode's stand-in for Stripe's hosted checkout: confirm (a paid subscription) or cancel. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "billing", "change");
  return testCheckoutView(member, params.id).catch(pageError);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request, "billing", "change");
  const submission = await parseSubmission(request, testCheckoutSchema);
  if (submission.status !== "success") throw data({ message: "Unknown action" }, { status: 400 });
  if (submission.value.intent === "cancel") return redirect(await cancelTestCheckout(member, params.id).catch(pageError), 303);
  const result = await payTestCheckout(member, params.id).catch(pageError);
  if (result.paid) return redirect(result.successUrl, 303);
  // A checkout started before the workspace subscribed (another tab): never a second subscription.
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

/** A page that does not exist (or is another workspace's) is the error page's 404. */
function pageError(error: unknown): never {
  if (isUserError(error)) throw data({ message: error.message }, { status: error.status });
  throw error;
}
