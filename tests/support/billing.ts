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
