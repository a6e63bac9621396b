import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { testPortalSchema } from "~/lib/forms/billing";
import {
  changeTestSubscription,
  NO_SUBSCRIPTION_TO_CHANGE,
  portalReturnPath,
  requireLocalCustomer,
  testPortalView,
} from "~/.server/billing/test-mode";
import { isUserError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/http/flash";
import { parseSubmission } from "~/.server/http/submission";
import { requireMember } from "~/.server/workspaces";

/** Test mode's stand-in for Stripe's customer portal (`?customer=…&return=…`): change plan or interval, cancel. */
function portalParams(request: Request) {
  const params = new URL(request.url).searchParams;
  return { customerId: params.get("customer"), returnTo: portalReturnPath(params.get("return")) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "billing", "change");
  const { customerId, returnTo } = portalParams(request);
  const subscription = await testPortalView(member, customerId).catch(pageError);
  return { customerId, returnTo, subscription };
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request, "billing", "change");
  const { customerId, returnTo } = portalParams(request);
  // Someone else's portal is not found, whatever was posted to it.
  await requireLocalCustomer(member, customerId).catch(pageError);
  const back = `/billing/test-mode/portal?${new URLSearchParams({ customer: customerId!, return: returnTo })}`;
  const submission = await parseSubmission(request, testPortalSchema);
  if (submission.status !== "success")
    return redirectWithToast(back, { title: "Choose a plan and an interval", variant: "error" }, { status: 303 });
  try {
    await changeTestSubscription(member, customerId, submission.value);
  } catch (error) {
    if (isUserError(error) && error.message === NO_SUBSCRIPTION_TO_CHANGE) {
      return redirectWithToast(back, { title: NO_SUBSCRIPTION_TO_CHANGE, variant: "error" }, { status: 303 });
    }
    return pageError(error);
  }
  const change = submission.value;
  const title =
    change.intent === "change"
      ? "Plan changed"
      : change.when === "now"
        ? "Subscription canceled"
        : "Subscription will cancel at the end of the period";
  return redirectWithToast(back, { title, variant: "success" }, { status: 303 });
}

function pageError(error: unknown): never {
  if (isUserError(error)) throw data({ message: error.message }, { status: error.status });
  throw error;
}
