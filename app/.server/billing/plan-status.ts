import { getPlan, priceFor, type BillingInterval, type PlanId } from "~/lib/plans";
import type { PlanStatus } from "~/lib/billing-text";
import { daysUntil } from "~/lib/dates";
import { db } from "../db";
import { currentSubscription } from "../payments/sync";
import { planOf, readOnlyReasonOf } from "../workspaces/limits";

/**
 * The workspace's plan as /billing, /settings and the plan picker show it, from one
 * source: the stored current subscription (plan, status, interval, renewal), else
 * the 14-day trial. `readOnly` is the limits module's own rule (readOnlyReasonOf).
 */
export async function planStatusOf(
  workspace: { id: string; trialEndsAt: Date | null },
  now = new Date(),
): Promise<PlanStatus & { planId: PlanId }> {
  const [sub, plan] = await Promise.all([currentSubscription(workspace.id), planOf(db(), workspace.id)]);
  const reason = readOnlyReasonOf(sub, workspace.trialEndsAt, now);
  const subPlan = sub ? getPlan(sub.planId) : undefined;
  const interval: BillingInterval | null = sub ? sub.interval : null;
  const trialEndsAt = workspace.trialEndsAt;
  return {
    planId: plan.planId,
    planName: plan.name,
    status: sub?.status ?? "trial",
    interval,
    price: sub && subPlan ? priceFor(subPlan, sub.interval) : null,
    currentPeriodEnd: sub?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    trialEndsAt: trialEndsAt?.toISOString() ?? null,
    trialDaysLeft: !sub && trialEndsAt ? daysUntil(trialEndsAt, now) : null,
    readOnly: reason !== null,
  };
}
