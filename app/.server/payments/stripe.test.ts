// The Stripe adapter with the real `stripe` SDK against a local server speaking
// Stripe's endpoints: checkout, subscription, signed webhooks and the sync.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { resetEnvForTests } from "~/.server/env";
import { outbox, resetMailForTests } from "~/.server/mail";
import { action as pricingAction } from "~/routes/pricing";
import { checkoutInput, planIdOf, subscriptionRowsOf as rowsOf } from "../../../tests/support/billing";
import { resetDb } from "../../../tests/support/db";
import { authedRequest, formRequest, makeOwner } from "../../../tests/support/factories";
import { StripeTestServer } from "../../../tests/support/stripe-server";
import { paymentProvider, setPaymentProviderForTests } from "./provider";
import type { PaymentProvider } from "./types";
import { currentSubscription, ensureCustomer, syncSubscription } from "./sync";
import { action as webhookAction } from "~/routes/api.stripe.webhook.server";

/** POST /api/stripe/webhook, as the route answers it. */
const handleWebhook = (request: Request) => webhookAction({ request, params: {}, context: {} });
import { stripeClient } from "./stripe";

const server = new StripeTestServer();
const saved = { ...process.env };
let provider: PaymentProvider;

beforeAll(async () => {
  process.env.STRIPE_API_BASE = await server.start();
  process.env.STRIPE_SECRET_KEY = server.secretKey;
  process.env.STRIPE_WEBHOOK_SECRET = server.webhookSecret;
  resetEnvForTests();
  setPaymentProviderForTests(undefined);
});

afterAll(async () => {
  for (const k of ["STRIPE_API_BASE", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvForTests();
  setPaymentProviderForTests(undefined);
  await server.stop();
});

beforeEach(async () => {
  await resetDb();
  resetMailForTests();
  provider = await paymentProvider();
});

const eventRows = () => db().select().from(schema.webhookEvents);

/** An owner who went through checkout for `plan`/`interval` and paid (Stripe side only). */
async function purchase(plan: "starter" | "professional" | "enterprise" = "starter", interval: "month" | "year" = "month") {
  const { user, workspace } = await makeOwner();
  const customerId = await ensureCustomer(workspace.id, { email: user.email, name: user.fullName });
  const priceId = await provider.resolvePriceId(plan, interval);
  const checkout = await provider.createCheckoutSession(checkoutInput(customerId, priceId, { planId: plan, planName: plan }));
  const { session, subscription } = server.completeCheckout(checkout.id);
  return { user, workspace, customerId, checkout, session, subscription };
}

describe("Stripe adapter", () => {
  it("is the configured provider when STRIPE_SECRET_KEY is set", () => {
    expect(provider.name).toBe("stripe");
  });

  it("creates the customer once per workspace and the checkout session with the spec's payload", async () => {
    const { workspace, user, customerId, checkout } = await purchase("professional", "year");
    expect(await ensureCustomer(workspace.id, { email: user.email })).toBe(customerId);
    expect(server.count("POST", "/v1/customers")).toBeGreaterThanOrEqual(1);
    expect(server.customers.get(customerId)?.metadata).toEqual({ workspaceId: workspace.id });
    expect(checkout.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    const sent = server.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
    expect(sent).toMatchObject({
      mode: "subscription",
      customer: customerId,
      line_items: [{ price: "price_professional_year", quantity: "1" }],
      success_url: "http://localhost:3000/billing?success=true",
      cancel_url: "http://localhost:3000/pricing?canceled=true",
      allow_promotion_codes: "true",
      metadata: { planId: "professional", planName: "professional" },
    });
  });

  it("finds prices by lookup key and opens the portal", async () => {
    expect(await provider.resolvePriceId("enterprise", "month")).toBe("price_enterprise_month");
    const { customerId } = await purchase();
    const portal = await provider.createPortalSession({ customerId, returnUrl: "http://localhost:3000/billing" });
    expect(portal.url).toContain("/portal/bps_test_");
    expect(server.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1)!.params.configuration).toBeUndefined();

    // With the configuration stripe:setup made, the portal lets the customer switch plans.
    const config = await stripeClient().billingPortal.configurations.create({
      features: { subscription_update: { enabled: true, default_allowed_updates: ["price"], products: [] } },
    });
    process.env.STRIPE_PORTAL_CONFIGURATION = config.id;
    resetEnvForTests();
    try {
      await provider.createPortalSession({ customerId, returnUrl: "http://localhost:3000/billing" });
      expect(server.requests.filter((r) => r.path === "/v1/billing_portal/sessions").at(-1)!.params.configuration).toBe(config.id);
    } finally {
      delete process.env.STRIPE_PORTAL_CONFIGURATION;
      resetEnvForTests();
    }
  });

  it("checkout, then a signed checkout.session.completed: the sync writes the row and sets the plan", async () => {
    const { workspace, customerId, session, subscription } = await purchase("starter", "year");
    expect(await planIdOf(workspace.id)).toBe("professional");

    const res = await handleWebhook(server.delivery(server.event("checkout.session.completed", session)));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, handled: true });

    const [row] = await rowsOf(workspace.id);
    expect(row).toMatchObject({
      provider: "stripe",
      customerId,
      subscriptionId: subscription.id,
      priceId: "price_starter_year",
      planId: "starter",
      interval: "year",
      status: "active",
      cancelAtPeriodEnd: false,
    });
    expect(row!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(await planIdOf(workspace.id)).toBe("starter");
    expect((await eventRows())[0]).toMatchObject({ type: "checkout.session.completed", provider: "stripe" });
    expect((await eventRows())[0]!.processedAt).not.toBeNull();
  });

  it("a duplicate delivery has no second effect", async () => {
    const { session } = await purchase();
    const event = server.event("checkout.session.completed", session);
    const lists = server.count("GET", "/v1/subscriptions");
    expect((await handleWebhook(server.delivery(event))).status).toBe(200);
    const again = await handleWebhook(server.delivery(event));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(server.count("GET", "/v1/subscriptions")).toBe(lists + 1);
    expect(await eventRows()).toHaveLength(1);
  });

  it("two deliveries of one event at the same moment: only one is processed", async () => {
    const { workspace, subscription } = await purchase();
    const event = server.event("customer.subscription.created", subscription);
    const lists = server.count("GET", "/v1/subscriptions");
    const answers = await Promise.all([handleWebhook(server.delivery(event)), handleWebhook(server.delivery(event))]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(bodies.filter((b) => b.handled === true)).toHaveLength(1);
    expect(bodies.filter((b) => b.duplicate === true)).toHaveLength(1);
    expect(server.count("GET", "/v1/subscriptions")).toBe(lists + 1);
    expect(await rowsOf(workspace.id)).toHaveLength(1);
  });

  it("events arriving out of order end in Stripe's current state", async () => {
    const { workspace, subscription } = await purchase("starter");
    const created = server.event("customer.subscription.created", subscription);
    const upgraded = server.event(
      "customer.subscription.updated",
      server.updateSubscription(subscription.id, { priceId: "price_professional_month" }),
    );
    const deleted = server.event("customer.subscription.deleted", server.updateSubscription(subscription.id, { status: "canceled" }));

    // Newest first, oldest last.
    for (const e of [deleted, upgraded, created]) expect((await handleWebhook(server.delivery(e))).status).toBe(200);

    const rows = await rowsOf(workspace.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "canceled", planId: "professional", priceId: "price_professional_month" });
    expect(await planIdOf(workspace.id)).toBe("professional");
  });

  it("invoice.payment_failed and invoice.paid follow the subscription's status", async () => {
    const { workspace, customerId, subscription } = await purchase();
    server.updateSubscription(subscription.id, { status: "past_due" });
    const invoice = { id: "in_test_1", object: "invoice", customer: customerId, subscription: subscription.id };
    await handleWebhook(server.delivery(server.event("invoice.payment_failed", invoice)));
    expect((await currentSubscription(workspace.id))?.status).toBe("past_due");
    server.updateSubscription(subscription.id, { status: "active" });
    await handleWebhook(server.delivery(server.event("invoice.paid", invoice)));
    expect((await currentSubscription(workspace.id))?.status).toBe("active");
  });

  it("lists the customer's invoices with Stripe's hosted PDF, which /billing links", async () => {
    const { user, customerId } = await purchase("starter", "year");
    const invoices = await provider.listInvoices(customerId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountCents: 27_800, currency: "usd", status: "paid" });
    expect(invoices[0]!.pdfUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invoice\/in_test_[0-9a-f]+\/pdf$/);
    expect(server.requests.filter((r) => r.path === "/v1/invoices").at(-1)!.params).toMatchObject({ customer: customerId });

    const { loader } = await import("~/routes/_app.billing");
    const o = await loader({ request: await authedRequest(user.id, "/billing"), params: {}, context: {} });
    expect(o.invoices).toEqual([expect.objectContaining({ amount: 278, status: "paid", pdfUrl: invoices[0]!.pdfUrl })]);
  });

  it("cancels at period end or immediately, and the sync stores it", async () => {
    const { workspace, customerId, subscription } = await purchase();
    const atEnd = await provider.cancelSubscription(subscription.id, { immediately: false });
    expect(atEnd).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await syncSubscription(customerId);
    expect(await currentSubscription(workspace.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    const now = await provider.cancelSubscription(subscription.id, { immediately: true });
    expect(now.status).toBe("canceled");
    expect(server.count("DELETE", `/v1/subscriptions/${subscription.id}`)).toBe(1);
    await syncSubscription(customerId);
    expect((await currentSubscription(workspace.id))?.status).toBe("canceled");
  });

  it("a new subscription after a canceled one decides the plan", async () => {
    const { workspace, customerId, subscription } = await purchase("enterprise");
    server.updateSubscription(subscription.id, { status: "canceled" });
    const priceId = await provider.resolvePriceId("starter", "month");
    const again = await provider.createCheckoutSession(checkoutInput(customerId, priceId, { planId: "starter", planName: "Starter" }));
    const { subscription: second } = server.completeCheckout(again.id);
    await syncSubscription(customerId);
    expect(await rowsOf(workspace.id)).toHaveLength(2);
    expect((await currentSubscription(workspace.id))?.subscriptionId).toBe(second.id);
    expect(await planIdOf(workspace.id)).toBe("starter");
  });

  it("a bad, stale or missing signature gets a 400 and writes nothing", async () => {
    const { workspace, session } = await purchase();
    const event = server.event("checkout.session.completed", session);
    const wrong = await handleWebhook(server.delivery(event, { secret: "whsec_wrong" }));
    expect(wrong.status).toBe(400);
    const stale = await handleWebhook(server.delivery(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale.status).toBe(400);
    const unsigned = await handleWebhook(
      new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", body: JSON.stringify(event) }),
    );
    expect(unsigned.status).toBe(400);
    const tampered = server.delivery(event);
    const body = (await tampered.text()).replace("checkout.session.completed", "invoice.paid");
    expect((await handleWebhook(new Request(tampered.url, { method: "POST", headers: tampered.headers, body }))).status).toBe(400);

    expect(await eventRows()).toHaveLength(0);
    expect(await rowsOf(workspace.id)).toHaveLength(0);
    expect(await planIdOf(workspace.id)).toBe("professional");
  });

  it("answers 2xx to events it does not handle and to unknown customers", async () => {
    const ignored = await handleWebhook(
      server.delivery(server.event("charge.refunded", { id: "ch_1", object: "charge", customer: "cus_x" })),
    );
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toEqual({ received: true, handled: false });
    const stranger = await handleWebhook(
      server.delivery(server.event("invoice.paid", { id: "in_1", object: "invoice", customer: "cus_nobody" })),
    );
    expect(stranger.status).toBe(200);
    expect(await db().select().from(schema.subscriptions)).toHaveLength(0);
  });

  it("a Stripe outage gets a 5xx and the retry is processed", async () => {
    const { workspace, session } = await purchase();
    const event = server.event("checkout.session.completed", session);
    server.failNext = 1;
    const failed = await handleWebhook(server.delivery(event));
    expect(failed.status).toBe(503);
    expect(await eventRows()).toHaveLength(0);
    expect(await rowsOf(workspace.id)).toHaveLength(0);

    const retried = await handleWebhook(server.delivery(event));
    expect(retried.status).toBe(200);
    expect(await rowsOf(workspace.id)).toHaveLength(1);
  });
});

describe("Stripe: paying during the trial, and the receipt", () => {
  const receipts = () => outbox.filter((m) => m.subject.startsWith("Your Atelier receipt"));

  it("carries the trial's end to the checkout: the subscription trials until then, and a $0 invoice sends no receipt", async () => {
    const { user, workspace } = await makeOwner({ fullName: "Tess Trial" });
    const chosen = (await pricingAction({
      request: formRequest(await authedRequest(user.id, "/pricing"), { intent: "checkout", planId: "professional", interval: "month" }),
      params: {},
      context: {},
    })) as Response;
    expect(chosen.headers.get("Location")).toMatch(/\/pay\/cs_test_/);
    const sent = server.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
    const [row] = await db()
      .select({ trialEndsAt: schema.workspaces.trialEndsAt })
      .from(schema.workspaces)
      .where(eq(schema.workspaces.id, workspace.id));
    const trialEnd = Math.floor(row!.trialEndsAt!.getTime() / 1000);
    expect((sent.subscription_data as Record<string, unknown>).trial_end).toBe(String(trialEnd));

    const sessionId = chosen.headers.get("Location")!.split("/").at(-1)!;
    const { session } = server.completeCheckout(sessionId);
    await handleWebhook(server.delivery(server.event("checkout.session.completed", session)));
    const stored = await currentSubscription(workspace.id);
    expect(stored).toMatchObject({ status: "trialing", planId: "professional" });
    expect(Math.floor(stored!.currentPeriodEnd!.getTime() / 1000)).toBe(trialEnd);

    const invoice = [...server.invoices.values()].find((i) => i.customer === session.customer);
    expect(invoice).toMatchObject({ amount_paid: 0 });
    await handleWebhook(server.delivery(server.event("invoice.paid", invoice!)));
    expect(receipts()).toHaveLength(0);
  });

  it("does not carry a trial with under two days left (Stripe's minimum): paying ends it", async () => {
    const { user, workspace } = await makeOwner();
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() + 30 * 3600 * 1000) })
      .where(eq(schema.workspaces.id, workspace.id));
    await pricingAction({
      request: formRequest(await authedRequest(user.id, "/pricing"), { intent: "checkout", planId: "starter", interval: "month" }),
      params: {},
      context: {},
    });
    const sent = server.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
    expect((sent.subscription_data as Record<string, unknown>).trial_end).toBeUndefined();
  });

  it("e-mails each owner a receipt on invoice.paid, with Stripe's PDF, in the owner's time zone, once", async () => {
    const { user, workspace, customerId } = await purchase("starter", "year");
    await db().update(schema.users).set({ timeZone: "Pacific/Apia" }).where(eq(schema.users.id, user.id));
    const invoice = [...server.invoices.values()].find((i) => i.customer === customerId);
    // Paid at 23:30 UTC: already the next day in Apia (UTC+13).
    Object.assign(invoice!, { status_transitions: { paid_at: Date.UTC(2026, 10, 20, 23, 30) / 1000 } });
    const event = server.event("invoice.paid", invoice!);
    expect((await handleWebhook(server.delivery(event))).status).toBe(200);
    expect(receipts()).toHaveLength(1);
    const [mail] = receipts();
    expect(mail!.to).toBe(user.email);
    expect(mail!.subject).toBe("Your Atelier receipt: $278.00");
    expect(mail!.text).toContain(`we received your payment of $278.00 for ${workspace.name} on Nov 21, 2026.`);
    expect(mail!.text).toContain("Starter plan, ");
    expect(mail!.text).toMatch(/The invoice, as a PDF: http:\/\/127\.0\.0\.1:\d+\/invoice\/in_test_[0-9a-f]+\/pdf/);
    expect(mail!.text).not.toContain("Test mode");
    // A repeated delivery of the same event sends nothing more; an unknown customer sends nothing.
    await handleWebhook(server.delivery(event));
    await handleWebhook(server.delivery(server.event("invoice.paid", { ...invoice!, id: "in_other", customer: "cus_nobody" })));
    expect(receipts()).toHaveLength(1);
  });
});
