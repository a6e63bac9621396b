// POST /api/stripe/create-checkout-session refuses a second subscription: 409 while the
// workspace has a live one (active, trialing, past due); a canceled one may buy again.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { getSessionCookie } from "~/.server/http/cookies";
import { completeLocalCheckout, localPriceId, setLocalSubscriptionStatus } from "~/.server/payments/local";
import { paymentProvider, setPaymentProviderForTests } from "~/.server/payments/provider";
import { resetDb } from "../../tests/support/db";
import { authedRequest, makeOwner } from "../../tests/support/factories";
import { action as checkoutAction } from "./api.stripe.create-checkout-session";

const ORIGIN = "http://localhost:3000";

async function post(userId: string, planId: "starter" | "professional", interval: "month" | "year" = "month") {
  const cookieReq = await authedRequest(userId, "/api/stripe/create-checkout-session");
  const id = (await getSessionCookie().parse(cookieReq.headers.get("Cookie"))) as string;
  const request = new Request(`${ORIGIN}/api/stripe/create-checkout-session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${id}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      priceId: localPriceId(planId, interval),
      successUrl: `${ORIGIN}/billing?success=true`,
      cancelUrl: `${ORIGIN}/pricing?canceled=true`,
      allowPromotionCodes: true,
      metadata: { planId },
    }),
  });
  const res = await checkoutAction({ request, params: {}, context: {} });
  return { status: res.status, body: (await res.json()) as { code?: string; detail?: string; data: { sessionId: string } } };
}

beforeEach(resetDb);
afterEach(() => setPaymentProviderForTests(undefined));

describe("POST /api/stripe/create-checkout-session with a live subscription", () => {
  it("answers 409 with a message naming the plan and the portal, and creates no session", async () => {
    const { user } = await makeOwner();
    const first = await post(user.id, "starter");
    expect(first.status).toBe(200);
    const { subscriptionId } = await completeLocalCheckout(first.body.data.sessionId);
    const sessions = (await db().select().from(schema.localCheckoutSessions)).length;

    for (const status of ["active", "trialing", "past_due"] as const) {
      await setLocalSubscriptionStatus(subscriptionId, status);
      for (const [plan, interval] of [
        ["starter", "month"],
        ["professional", "year"],
      ] as const) {
        const again = await post(user.id, plan, interval);
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({
          status: 409,
          code: "conflict",
          detail:
            "This workspace already has a subscription (Starter plan, billed monthly). Change its plan or interval in the customer portal (create-portal-session) instead of starting a second checkout.",
        });
      }
    }
    expect(await db().select().from(schema.localCheckoutSessions)).toHaveLength(sessions);
  });

  it("lets a workspace whose subscription was canceled, or that never paid, check out", async () => {
    const { user } = await makeOwner();
    const first = await post(user.id, "starter");
    expect((await post(user.id, "professional")).status).toBe(200); // an unpaid session is no subscription
    const { subscriptionId } = await completeLocalCheckout(first.body.data.sessionId);
    await (await paymentProvider()).cancelSubscription(subscriptionId, { immediately: true });
    expect((await post(user.id, "professional")).status).toBe(200);
  });
});
