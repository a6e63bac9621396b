import { eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import type { CheckoutSessionInput } from "~/.server/payments/types";

/** Shared by the payment tests: what the sync wrote, and a checkout with the spec's payload. */
export const subscriptionRowsOf = (workspaceId: string) =>
  db().select().from(schema.subscriptions).where(eq(schema.subscriptions.workspaceId, workspaceId));

export async function planIdOf(workspaceId: string): Promise<string> {
  const [ws] = await db().select().from(schema.workspaces).where(eq(schema.workspaces.id, workspaceId));
  return ws!.planId;
}

export function checkoutInput(customerId: string, priceId: string, metadata: Record<string, string> = {}): CheckoutSessionInput {
  return {
    priceId,
    successUrl: "http://localhost:3000/billing?success=true",
    cancelUrl: "http://localhost:3000/pricing?canceled=true",
    allowPromotionCodes: true,
    metadata,
    customerId,
  };
}

/**
 * A workspace whose free trial ends within the hour: too close to keep (paying during the trial
 * keeps its days only when they are 48 hours off or more), so paying ends it and the plan is
 * active at once, as the tests of a plain purchase expect.
 */
export async function trialEndingSoon(workspaceId: string): Promise<void> {
  await db()
    .update(schema.workspaces)
    .set({ trialEndsAt: new Date(Date.now() + 3600 * 1000) })
    .where(eq(schema.workspaces.id, workspaceId));
}
