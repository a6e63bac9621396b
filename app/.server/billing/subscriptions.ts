import { UserError } from "../errors";
import { paymentProvider } from "../payments/provider";
import { currentSubscription, customerIdOf, syncSubscription } from "../payments/sync";
import type { ProviderSubscription } from "../payments/types";
import type { MemberContext } from "../workspaces";
import { requireRead, requireRole } from "../access";

/**
 * The workspace's subscriptions at the provider: listed (admins and owners), the portal
 * opened and a subscription canceled (the owner). Every change is read back through
 * syncSubscription, the path the provider's webhooks take.
 */

/** The workspace's provider customer, if it has ever started a checkout. */
export async function customerOf(workspaceId: string): Promise<string | null> {
  return customerIdOf(workspaceId, await paymentProvider());
}

export async function listWorkspaceSubscriptions(member: MemberContext): Promise<ProviderSubscription[]> {
  requireRead(member, "billing");
  const provider = await paymentProvider();
  const customerId = await customerIdOf(member.workspace.id, provider);
  return customerId ? provider.listSubscriptions(customerId) : [];
}

/** A session of the provider's customer portal, or null before the workspace's first checkout. */
export async function openPortal(member: MemberContext, returnUrl: string): Promise<{ url: string } | null> {
  requireRole(member, "billing", "change");
  const provider = await paymentProvider();
  const customerId = await customerIdOf(member.workspace.id, provider);
  if (!customerId) return null;
  return provider.createPortalSession({ customerId, returnUrl });
}

/** Cancels one of the workspace's subscriptions (another customer's is "not found"), at the period's end or now. */
export async function cancelWorkspaceSubscription(
  member: MemberContext,
  subscriptionId: string,
  options: { immediately: boolean },
): Promise<ProviderSubscription> {
  requireRole(member, "billing", "change");
  const provider = await paymentProvider();
  const customerId = await customerIdOf(member.workspace.id, provider);
  const owned = customerId ? (await provider.listSubscriptions(customerId)).some((s) => s.id === subscriptionId) : false;
  if (!customerId || !owned) throw new UserError(404, "This workspace has no such subscription.");
  const canceled = await provider.cancelSubscription(subscriptionId, options);
  await syncSubscription(customerId, provider);
  return canceled;
}

/** /billing's "Cancel subscription": the current one, at the end of its period; null when nothing is running. */
export async function cancelCurrentSubscription(member: MemberContext): Promise<ProviderSubscription | null> {
  requireRole(member, "billing", "change");
  const provider = await paymentProvider();
  const customerId = await customerIdOf(member.workspace.id, provider);
  const sub = await currentSubscription(member.workspace.id);
  if (!customerId || !sub || sub.status === "canceled") return null;
  const canceled = await provider.cancelSubscription(sub.subscriptionId, { immediately: false });
  await syncSubscription(customerId, provider);
  return canceled;
}
