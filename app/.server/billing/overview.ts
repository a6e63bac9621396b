import type { BillingOverview, InvoiceRow, UsageRow } from "~/lib/billing-text";
import { BYTES_PER_GB } from "~/lib/file-size";
import { can } from "~/lib/permissions";
import { db } from "../db";
import { listLocalInvoices } from "../payments/local";
import { invoicePdfPath } from "./receipts";
import { paymentProvider } from "../payments/provider";
import { currentSubscription, customerIdOf, syncSubscription } from "../payments/sync";
import type { MemberContext } from "../workspaces";
import { apiCallsThisMonth } from "../workspaces/api-usage";
import { planOf, storageUsedBytes, usageOf } from "../workspaces/limits";
import { assertBilling } from "./access";
import { planStatusOf } from "./plan-status";

/**
 * /billing: the workspace's plan, subscription, usage and invoices, for admins (who view)
 * and the owner (who manages). Back from checkout (`returning`), the provider's state is
 * read first, so the page is right before any webhook arrives.
 */
export async function billingOverview(member: MemberContext, options: { returning: boolean }): Promise<BillingOverview> {
  assertBilling(member, "view");
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

  let invoices: InvoiceRow[] | null = null;
  if (provider.name === "local") {
    invoices = customerId
      ? (await listLocalInvoices(customerId)).map((i) => ({
          id: i.id,
          date: i.createdAt.toISOString(),
          amount: i.amountCents / 100,
          currency: i.currency,
          status: i.status,
          pdfUrl: invoicePdfPath(i.id),
        }))
      : [];
  }

  const paid = sub?.status === "active" || sub?.status === "trialing";
  return {
    canManage: can(member.role, "billing.manage"),
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
