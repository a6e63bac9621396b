// The local test-mode provider: the same checkout, sync and webhook path as Stripe,
// with its records in the database.
import { beforeEach, describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { checkoutInput, planIdOf, subscriptionRowsOf as rowsOf } from "../../../tests/support/billing";
import { resetDb } from "../../../tests/support/db";
import { makeOwner } from "../../../tests/support/factories";
import {
  changeLocalPlan,
  completeLocalCheckout,
  expireLocalCheckout,
  listLocalInvoices,
  localEvent,
  setLocalSubscriptionStatus,
  signLocalPayload,
} from "./local";
import { paymentProvider } from "./provider";
import type { PaymentProvider } from "./types";
import { currentSubscription, ensureCustomer, syncSubscription } from "./sync";
import { action as webhookAction } from "~/routes/api.stripe.webhook.server";

/** POST /api/stripe/webhook, as the route answers it. */
const handleWebhook = (request: Request) => webhookAction({ request, params: {}, context: {} });

let provider: PaymentProvider;

beforeEach(async () => {
  await resetDb();
  provider = await paymentProvider();
});

async function checkout(plan: "starter" | "professional" | "enterprise" = "starter", interval: "month" | "year" = "month") {
  const { user, workspace } = await makeOwner();
  const customerId = await ensureCustomer(workspace.id, { email: user.email, name: user.fullName });
  const session = await provider.createCheckoutSession(
    checkoutInput(customerId, await provider.resolvePriceId(plan, interval), { planId: plan, planName: plan }),
  );
  return { user, workspace, customerId, session };
}

const webhook = (e: { body: string; signature: string }) =>
  handleWebhook(
    new Request("http://localhost:3000/api/stripe/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": e.signature },
      body: e.body,
    }),
  );

describe("local test-mode provider", () => {
  it("is the provider when no Stripe key is set", () => {
    expect(provider.name).toBe("local");
  });

  it("checkout, payment, sync: the row is written, the plan set and the invoice recorded", async () => {
    const { workspace, customerId, session } = await checkout("enterprise", "year");
    expect(session.url).toBe(`http://localhost:3000/billing/test-mode/checkout/${session.id}`);
    const done = await completeLocalCheckout(session.id);
    expect(done.successUrl).toBe("http://localhost:3000/billing?success=true");

    const result = await syncSubscription(customerId);
    expect(result?.workspaceId).toBe(workspace.id);
    expect(result?.current).toMatchObject({
      provider: "local",
      customerId,
      subscriptionId: done.subscriptionId,
      priceId: "local_enterprise_year",
      planId: "enterprise",
      interval: "year",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    expect(await planIdOf(workspace.id)).toBe("enterprise");
    const invoices = await listLocalInvoices(customerId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountCents: 191_000, status: "paid", subscriptionId: done.subscriptionId });
  });

  it("is idempotent: paying twice makes one subscription, syncing twice one row", async () => {
    const { workspace, customerId, session } = await checkout();
    const first = await completeLocalCheckout(session.id);
    const second = await completeLocalCheckout(session.id);
    expect(second.subscriptionId).toBe(first.subscriptionId);
    await syncSubscription(customerId);
    await syncSubscription(customerId);
    expect(await rowsOf(workspace.id)).toHaveLength(1);
    expect(await listLocalInvoices(customerId)).toHaveLength(1);
  });

  it("a cancelled checkout returns to the cancel URL and writes no subscription", async () => {
    const { workspace, customerId, session } = await checkout();
    expect(await expireLocalCheckout(session.id)).toBe("http://localhost:3000/pricing?canceled=true");
    await expect(completeLocalCheckout(session.id)).rejects.toThrow(/not open/);
    expect(await syncSubscription(customerId)).toEqual({ workspaceId: workspace.id, current: null });
    expect(await planIdOf(workspace.id)).toBe("professional");
  });

  it("state transitions: plan change, past_due, cancel at period end, cancel now, buy again", async () => {
    const { workspace, customerId, session } = await checkout("starter");
    const { subscriptionId } = await completeLocalCheckout(session.id);
    await syncSubscription(customerId);

    await changeLocalPlan(subscriptionId, "professional", "month");
    await syncSubscription(customerId);
    expect(await currentSubscription(workspace.id)).toMatchObject({ planId: "professional", status: "active" });
    expect(await planIdOf(workspace.id)).toBe("professional");

    await setLocalSubscriptionStatus(subscriptionId, "past_due");
    await syncSubscription(customerId);
    expect((await currentSubscription(workspace.id))?.status).toBe("past_due");
    await setLocalSubscriptionStatus(subscriptionId, "active");

    await provider.cancelSubscription(subscriptionId, { immediately: false });
    await syncSubscription(customerId);
    expect(await currentSubscription(workspace.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    await provider.cancelSubscription(subscriptionId, { immediately: true });
    await syncSubscription(customerId);
    expect((await currentSubscription(workspace.id))?.status).toBe("canceled");

    const again = await provider.createCheckoutSession(checkoutInput(customerId, await provider.resolvePriceId("starter", "year"), {}));
    const renewed = await completeLocalCheckout(again.id);
    await syncSubscription(customerId);
    expect(await rowsOf(workspace.id)).toHaveLength(2);
    expect(await currentSubscription(workspace.id)).toMatchObject({
      subscriptionId: renewed.subscriptionId,
      planId: "starter",
      interval: "year",
      status: "active",
    });
    expect(await planIdOf(workspace.id)).toBe("starter");
  });

  it("signed local events run the same webhook path, once per event id, even concurrently", async () => {
    const { workspace, customerId, session } = await checkout();
    await completeLocalCheckout(session.id);
    const event = localEvent("checkout.session.completed", customerId);
    const answers = await Promise.all([webhook(event), webhook(event)]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(bodies.filter((b) => b.handled === true)).toHaveLength(1);
    expect(bodies.filter((b) => b.duplicate === true)).toHaveLength(1);
    expect(await rowsOf(workspace.id)).toHaveLength(1);
    expect(await planIdOf(workspace.id)).toBe("starter");
    expect(await db().select().from(schema.webhookEvents)).toHaveLength(1);
  });

  it("a bad or stale local signature gets a 400 and writes nothing", async () => {
    const { workspace, customerId, session } = await checkout();
    await completeLocalCheckout(session.id);
    const event = localEvent("invoice.paid", customerId);
    expect((await webhook({ body: event.body, signature: "t=1,v1=00" })).status).toBe(400);
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect((await webhook({ body: event.body, signature: signLocalPayload(event.body, old) })).status).toBe(400);
    expect((await webhook({ body: event.body.replace("invoice.paid", "x"), signature: event.signature })).status).toBe(400);
    expect(await db().select().from(schema.webhookEvents)).toHaveLength(0);
    expect(await rowsOf(workspace.id)).toHaveLength(0);
  });
});
