import type { BillingOverview, InvoiceRow, UsageRow } from "~/lib/billing-text";
import { BYTES_PER_GB } from "~/lib/file-size";
import { db } from "../db";
import { invoicePdfPath } from "./receipts";
import { paymentProvider } from "../payments/provider";
import { currentSubscription, customerIdOf, syncSubscription } from "../payments/sync";
import type { MemberContext } from "../workspaces";
import { apiCallsThisMonth } from "../workspaces/api-usage";
import { planOf, storageUsedBytes, usageOf } from "../workspaces/limits";
import { allows, requireRead } from "../access";
import { planStatusOf } from "./plan-status";

/**
 * /billing: the workspace's plan, subscription, usage and invoices, for admins (who view)
 * and the owner (who manages). Back from checkout (`returning`), the provider's state is
 * read first, so the page is right before any webhook arrives.
 */
export async function billingOverview(member: MemberContext, options: { returning: boolean }): Promise<BillingOverview> {
  requireRead(member, "billing");
  const { workspace } = member;
  const provider = await paymentProvider();
  const customerId = await customerIdOf(workspace.id, provider);
  if (options.returning && customerId) await syncSubscription(customerId, provider);

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

  // The provider's invoices with a PDF each: Stripe's hosted one, or the app's in test mode. Null
  // (the page points to the portal) when the provider cannot be asked right now.
  let invoices: InvoiceRow[] | null = [];
  if (customerId) {
    try {
      invoices = (await provider.listInvoices(customerId)).map((i) => ({
        id: i.id,
        date: i.created.toISOString(),
        amount: i.amountCents / 100,
        currency: i.currency,
        status: i.status,
        pdfUrl: i.pdfUrl ?? invoicePdfPath(i.id),
      }));
    } catch (error) {
      console.warn(`[billing] invoices of ${customerId} not listed: ${error instanceof Error ? error.message : String(error)}`);
      invoices = null;
    }
  }

  const paid = sub?.status === "active" || sub?.status === "trialing";
  return {
    canManage: allows(member.role, "billing", "change"),
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
    trialEndsAt: planStatus.trialEndsAt,
    trialDaysLeft: planStatus.trialDaysLeft,
    planStatus,
    hasCustomer: customerId !== null,
    success: options.returning && paid,
    successPending: options.returning && !paid,
    usage: usageRows,
    invoices,
  };
}
