import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { formatDay } from "~/lib/dates";
import { billingSchema } from "~/lib/forms/billing";
import { appOrigin } from "~/.server/billing/checkout";
import { billingOverview } from "~/.server/billing/overview";
import { cancelCurrentSubscription, openPortal } from "~/.server/billing/subscriptions";
import { redirectWithToast } from "~/.server/http/flash";
import { parseSubmission } from "~/.server/http/submission";
import { requireMember } from "~/.server/workspaces";

/** /billing: owners manage (portal, cancel), admins view, everyone else gets a 403. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "billing");
  return billingOverview(member, { returning: new URL(request.url).searchParams.get("success") === "true" });
}

const PORTAL_ERROR = "Failed to create portal session";
const CANCEL_ERROR = "Failed to cancel subscription";

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request, "billing", "change");
  const submission = await parseSubmission(request, billingSchema);
  if (submission.status !== "success") return redirectWithToast("/billing", { title: "Unknown action", variant: "error" }, { status: 303 });

  if (submission.value.intent === "portal") {
    try {
      const portal = await openPortal(member, `${appOrigin()}/billing`);
      if (!portal) {
        return redirectWithToast(
          "/pricing",
          { title: "No subscription yet", description: "Choose a plan first.", variant: "info" },
          { status: 303 },
        );
      }
      return redirect(portal.url, 303);
    } catch (error) {
      console.error("[billing] portal session failed:", error);
      return redirectWithToast("/billing", { title: "Error", description: PORTAL_ERROR, variant: "error" }, { status: 303 });
    }
  }

  try {
    const canceled = await cancelCurrentSubscription(member);
    if (!canceled) {
      return redirectWithToast(
        "/billing",
        { title: "Nothing to cancel", description: "This workspace has no active subscription.", variant: "info" },
        { status: 303 },
      );
    }
    const end = canceled.currentPeriodEnd ? ` on ${formatDay(canceled.currentPeriodEnd, member.user.timeZone)}` : "";
    return redirectWithToast(
      "/billing",
      {
        title: "Subscription canceled",
        description: `Your plan stays active until the end of the billing period${end}.`,
        variant: "success",
      },
      { status: 303 },
    );
  } catch (error) {
    console.error("[billing] cancel failed:", error);
    return redirectWithToast("/billing", { title: "Error", description: CANCEL_ERROR, variant: "error" }, { status: 303 });
  }
}
