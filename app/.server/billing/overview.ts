import { apiCallsThisMonth } from "../workspaces/api-usage";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { formatDate } from "~/lib/billing-text";
import { can } from "~/lib/permissions";
import { db } from "../db";
import { redirectWithToast } from "../http/flash";
import { listLocalInvoices } from "../payments/local";
import { paymentProvider } from "../payments/provider";
import { currentSubscription, customerIdOf, syncSubscription } from "../payments/sync";
import { requireMember } from "../workspaces";
import { planOf, storageUsedBytes, usageOf } from "../workspaces/limits";
import { BYTES_PER_GB } from "~/lib/file-size";
import { appOrigin } from "./checkout";
import { planStatusOf } from "./plan-status";

/**
 * /billing: the workspace's plan, subscription, usage and invoices. Owners manage
 * (portal, cancel), admins view, everyone else gets a 403.
 */
/** `used` and `limit` count items, or bytes when `bytes` is set (shown as "12.4 MB of 5 GB"). */
export type UsageRow = { label: string; used: number; limit: number | null; bytes?: boolean };

export type InvoiceRow = { id: string; date: string; amount: number; currency: string; status: string };

/** The workspace's provider customer, if it has ever started a checkout. */
export async function customerOf(workspaceId: string): Promise<string | null> {
  return customerIdOf(workspaceId, await paymentProvider());
}

export async function billingOverview(request: Request) {
  const { workspace, role } = await requireMember(request, "billing.view");
  const canManage = can(role, "billing.manage");
  const url = new URL(request.url);
  const success = url.searchParams.get("success") === "true";
  const provider = await paymentProvider();
  const customerId = await customerOf(workspace.id);
  // Back from checkout: read the provider's state now, before the webhook arrives.
  if (success && customerId) await syncSubscription(customerId, provider);

  const sub = await currentSubscription(workspace.id);
  const planStatus = await planStatusOf(workspace);
  const plan = await planOf(db(), workspace.id);
  const usage = await usageOf(db(), workspace.id);

  const usageRows: UsageRow[] = [
    { label: "Projects", used: usage.projects, limit: plan.limits.projects },
    { label: "Members (including pending invitations)", used: usage.members, limit: plan.limits.users },
    {
      label: "Storage",
      used: await storageUsedBytes(db(), workspace.id),
      limit: plan.limits.storageGb === null ? null : plan.limits.storageGb * BYTES_PER_GB,
      bytes: true,
    },
    { label: "API calls this month", used: await apiCallsThisMonth(workspace.id), limit: plan.limits.apiCalls },
  ];

  let invoices: InvoiceRow[] | null = null;
  if (provider.name === "local") {
    invoices = customerId
      ? (await listLocalInvoices(customerId)).map((i) => ({
          id: i.id,
          date: i.createdAt.toISOString(),
          amount: i.amountCents / 100,
          currency: i.currency,
          status: i.status,
        }))
      : [];
  }

  return {
    canManage,
    role,
    workspaceName: workspace.name,
    testMode: provider.name === "local",
    plan: { id: plan.planId, name: plan.name },
    subscription: sub
      ? {
          status: sub.status,
          interval: sub.interval,
          price: planStatus.price,
          currentPeriodEnd: planStatus.currentPeriodEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        }
      : null,
    status: planStatus.status,
    interval: planStatus.interval,
    trialEndsAt: planStatus.trialEndsAt,
    trialDaysLeft: planStatus.trialDaysLeft,
    planStatus,
    hasCustomer: customerId !== null,
    success: success && (sub?.status === "active" || sub?.status === "trialing"),
    /** Back from checkout, but the provider has not confirmed the payment yet. */
    successPending: success && !(sub?.status === "active" || sub?.status === "trialing"),
    usage: usageRows,
    invoices,
  };
}

const billingForm = z.object({ intent: z.enum(["portal", "cancel"]) });

export const PORTAL_ERROR = "Failed to create portal session";
export const CANCEL_ERROR = "Failed to cancel subscription";

export async function billingAction(request: Request) {
  const { workspace } = await requireMember(request, "billing.manage");
  const parsed = billingForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithToast("/billing", { title: "Unknown action", variant: "error" }, { status: 303 });
  const provider = await paymentProvider();
  const customerId = await customerOf(workspace.id);

  if (parsed.data.intent === "portal") {
    if (!customerId) {
      return redirectWithToast(
        "/pricing",
        { title: "No subscription yet", description: "Choose a plan first.", variant: "info" },
        { status: 303 },
      );
    }
    try {
      const portal = await provider.createPortalSession({ customerId, returnUrl: `${appOrigin()}/billing` });
      return redirect(portal.url, 303);
    } catch (error) {
      console.error("[billing] portal session failed:", error);
      return redirectWithToast("/billing", { title: "Error", description: PORTAL_ERROR, variant: "error" }, { status: 303 });
    }
  }

  const sub = await currentSubscription(workspace.id);
  if (!customerId || !sub || sub.status === "canceled") {
    return redirectWithToast(
      "/billing",
      { title: "Nothing to cancel", description: "This workspace has no active subscription.", variant: "info" },
      { status: 303 },
    );
  }
  try {
    const canceled = await provider.cancelSubscription(sub.subscriptionId, { immediately: false });
    await syncSubscription(customerId, provider);
    const end = canceled.currentPeriodEnd ? ` on ${formatDate(canceled.currentPeriodEnd)}` : "";
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
