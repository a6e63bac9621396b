// The /api/stripe/* routes in local test mode, called with real Requests: 401 without
// a session, 403 for a role that may not, 400 for bad input, the answers' shapes (`{ data }`
// or problem details), 502 with the spec's message when the provider fails; the webhook end
// to end.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getSessionCookie } from "~/.server/http/cookies";
import { db, schema } from "~/.server/db";
import { completeLocalCheckout, localEvent, localPriceId } from "~/.server/payments/local";
import { paymentProvider, setPaymentProviderForTests } from "~/.server/payments/provider";
import type { PaymentProvider } from "~/.server/payments/types";
import { addMember, authedRequest, makeOwner, makeUser } from "../../tests/support/factories";
import { planIdOf, subscriptionRowsOf, trialEndingSoon } from "../../tests/support/billing";
import { resetDb } from "../../tests/support/db";
import { action as cancelAction } from "./api.stripe.cancel-subscription";
import { action as checkoutAction, loader as checkoutGet } from "./api.stripe.create-checkout-session";
import { action as intentAction } from "./api.stripe.create-payment-intent";
import { action as portalAction } from "./api.stripe.create-portal-session";
import { loader as configLoader } from "./api.stripe.config";
import { loader as subscriptionsLoader } from "./api.stripe.subscriptions";
import { action as webhookAction } from "./api.stripe.webhook";

const ORIGIN = "http://localhost:3000";
const args = (request: Request) => ({ request, params: {}, context: {} });
/** What the API answers: `{ data }` (an object or a list, by call; the tests read the fields they know) or problem details. */
type ApiJson = {
  code?: string;
  detail?: string;
  errors?: { field: string; message: string }[];
  data: { sessionId: string; url: string } & { status: string }[];
};
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as ApiJson });
/** A problem's first field error as `field: message`. */
const fieldError = (body: ApiJson) => (body.errors?.[0] ? `${body.errors[0].field}: ${body.errors[0].message}` : undefined);
/** The problem details an API client reads. */
const problemOf = (status: number, code: string, detail: string) => ({
  status,
  body: { type: `/docs/api/problems/${code.replaceAll("_", "-")}`, title: expect.any(String), status, code, detail },
});

/** A request carrying `Authorization: Bearer <session id>`, as the spec's client sends. */
async function bearer(userId: string, path: string, body?: unknown) {
  const cookieReq = await authedRequest(userId, path);
  const id = (await getSessionCookie().parse(cookieReq.headers.get("Cookie"))) as string;
  return new Request(`${ORIGIN}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: `Bearer ${id}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

const anonymous = (path: string, body?: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
  priceId: localPriceId("starter", "month"),
  successUrl: `${ORIGIN}/billing?success=true`,
  cancelUrl: `${ORIGIN}/pricing?canceled=true`,
  allowPromotionCodes: true,
  metadata: { planId: "starter", planName: "Starter" },
  ...overrides,
});

/** An owner whose workspace bought Starter in test mode (checkout through the route, then paid). */
async function subscribedOwner() {
  const { user, workspace } = await makeOwner();
  await trialEndingSoon(workspace.id);
  const { body } = await json(await checkoutAction(args(await bearer(user.id, "/api/stripe/create-checkout-session", checkoutBody()))));
  const done = await completeLocalCheckout(body.data.sessionId);
  return { user, workspace, customerId: done.customerId, subscriptionId: done.subscriptionId };
}

beforeEach(resetDb);
afterEach(() => setPaymentProviderForTests(undefined));

describe("/api/stripe/*: authentication and roles", () => {
  it("answers 401 'Authentication required' without a session, on every call", async () => {
    const calls: Array<Promise<Response>> = [
      configLoader(args(anonymous("/api/stripe/config"))),
      subscriptionsLoader(args(anonymous("/api/stripe/subscriptions"))),
      checkoutAction(args(anonymous("/api/stripe/create-checkout-session", checkoutBody()))),
      intentAction(args(anonymous("/api/stripe/create-payment-intent", {}))),
      cancelAction(args(anonymous("/api/stripe/cancel-subscription", { subscriptionId: "sub_x" }))),
      portalAction(args(anonymous("/api/stripe/create-portal-session", { returnUrl: `${ORIGIN}/billing` }))),
    ];
    for (const res of await Promise.all(calls)) {
      expect(await json(res)).toEqual(problemOf(401, "unauthenticated", "Sign in to use this."));
    }
  });

  it("refuses mutations to a member (403) and lets an admin list but not manage", async () => {
    const { workspace } = await makeOwner();
    const member = await makeUser();
    const admin = await makeUser();
    await addMember(workspace.id, member.id, "member");
    await addMember(workspace.id, admin.id, "admin");
    const res = await json(await checkoutAction(args(await bearer(member.id, "/api/stripe/create-checkout-session", checkoutBody()))));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "forbidden", detail: "Only the workspace owner can manage billing." });
    expect((await subscriptionsLoader(args(await bearer(member.id, "/api/stripe/subscriptions")))).status).toBe(403);
    expect(
      (await portalAction(args(await bearer(admin.id, "/api/stripe/create-portal-session", { returnUrl: `${ORIGIN}/billing` })))).status,
    ).toBe(403);
    expect(await json(await subscriptionsLoader(args(await bearer(admin.id, "/api/stripe/subscriptions"))))).toEqual({
      status: 200,
      body: { data: [] },
    });
  });

  it("accepts the session cookie as well as the bearer token", async () => {
    const { user } = await makeOwner();
    const res = await json(await configLoader(args(await authedRequest(user.id, "/api/stripe/config"))));
    expect(res).toEqual({ status: 200, body: { data: { publishableKey: "pk_test_atelier_local", provider: "local" } } });
  });
});

describe("POST /api/stripe/create-checkout-session", () => {
  it("starts checkout for a catalogue price and stores the customer on the workspace", async () => {
    const { user, workspace } = await makeOwner();
    const res = await json(
      await checkoutAction(
        args(
          await bearer(
            user.id,
            "/api/stripe/create-checkout-session",
            checkoutBody({ priceId: localPriceId("professional", "year"), metadata: { planId: "professional", planName: "Professional" } }),
          ),
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.sessionId).toMatch(/^cs_local_/);
    expect(res.body.data.url).toBe(`${ORIGIN}/billing/test-mode/checkout/${res.body.data.sessionId}`);
    const [customer] = await db().select().from(schema.billingCustomers).where(eq(schema.billingCustomers.workspaceId, workspace.id));
    expect(customer?.provider).toBe("local");
    const [session] = await db().select().from(schema.localCheckoutSessions);
    expect(session).toMatchObject({
      priceId: "local_professional_year",
      allowPromotionCodes: true,
      metadata: { planId: "professional", planName: "Professional" },
    });
  });

  it("answers 400 with a message for bad JSON, unknown prices, foreign URLs and mismatched plans", async () => {
    const { user } = await makeOwner();
    const post = async (body: unknown) =>
      json(await checkoutAction(args(await bearer(user.id, "/api/stripe/create-checkout-session", body))));
    expect(await post("{not json")).toEqual(problemOf(400, "invalid_request", "The request body is not valid JSON."));
    expect(fieldError((await post(checkoutBody({ priceId: "price_elsewhere" }))).body)).toBe("priceId: This price belongs to no plan.");
    expect(fieldError((await post(checkoutBody({ successUrl: "https://evil.example/billing" }))).body)).toBe(
      "successUrl: Must be a URL of this site.",
    );
    expect(fieldError((await post(checkoutBody({ cancelUrl: "/pricing" }))).body)).toBe("cancelUrl: Must be an absolute URL.");
    expect(fieldError((await post(checkoutBody({ metadata: { planId: "enterprise", planName: "Enterprise" } }))).body)).toBe(
      "metadata.planId: Does not match the price's plan.",
    );
    const { priceId: _p, ...noPrice } = checkoutBody();
    expect(await post(noPrice)).toEqual({
      status: 400,
      body: { ...problemOf(400, "validation_failed", "Required.").body, errors: [{ field: "priceId", message: "Required." }] },
    });
    expect(await db().select().from(schema.localCheckoutSessions)).toHaveLength(0);
  });

  it("answers 405 to a GET, with Allow", async () => {
    const res = checkoutGet();
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
    expect((await json(res)).body.code).toBe("method_not_allowed");
  });
});

describe("subscriptions, cancel and portal", () => {
  it("lists the workspace's subscriptions", async () => {
    const { user, subscriptionId } = await subscribedOwner();
    const res = await json(await subscriptionsLoader(args(await bearer(user.id, "/api/stripe/subscriptions"))));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        status: "active",
        planId: "starter",
        planName: "Starter",
        interval: "month",
        cancelAtPeriodEnd: false,
      }),
    ]);
  });

  it("cancels at period end by default, immediately when asked, and syncs the record", async () => {
    const { user, workspace, subscriptionId } = await subscribedOwner();
    const cancel = async (body: unknown) => json(await cancelAction(args(await bearer(user.id, "/api/stripe/cancel-subscription", body))));
    const later = await cancel({ subscriptionId });
    expect(later.status).toBe(200);
    expect(later.body.data).toMatchObject({ id: subscriptionId, status: "active", cancelAtPeriodEnd: true });
    expect((await subscriptionRowsOf(workspace.id))[0]).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    const now = await cancel({ subscriptionId, immediately: true });
    expect(now.body.data).toMatchObject({ status: "canceled" });
    expect((await subscriptionRowsOf(workspace.id))[0]?.status).toBe("canceled");
  });

  it("cancels only a subscription of the member's own workspace", async () => {
    const theirs = await subscribedOwner();
    const { user } = await makeOwner();
    const res = await json(
      await cancelAction(args(await bearer(user.id, "/api/stripe/cancel-subscription", { subscriptionId: theirs.subscriptionId }))),
    );
    expect(res).toEqual(problemOf(404, "not_found", "This workspace has no such subscription."));
    expect(
      (await subscriptionsLoader(args(await bearer(theirs.user.id, "/api/stripe/subscriptions"))).then(json)).body.data[0].status,
    ).toBe("active");
    expect(
      fieldError(
        (await json(await cancelAction(args(await bearer(user.id, "/api/stripe/cancel-subscription", { immediately: true }))))).body,
      ),
    ).toBe("subscriptionId: Required.");
  });

  it("opens the portal for a same-origin return URL, and asks for a plan first without a customer", async () => {
    const { user } = await subscribedOwner();
    const res = await json(
      await portalAction(args(await bearer(user.id, "/api/stripe/create-portal-session", { returnUrl: `${ORIGIN}/billing` }))),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^http:\/\/localhost:3000\/billing\/test-mode\/portal\?customer=cus_local_/);
    expect(
      (
        await json(
          await portalAction(args(await bearer(user.id, "/api/stripe/create-portal-session", { returnUrl: "https://evil.example/" }))),
        )
      ).status,
    ).toBe(400);
    const fresh = await makeOwner();
    const none = await json(
      await portalAction(args(await bearer(fresh.user.id, "/api/stripe/create-portal-session", { returnUrl: `${ORIGIN}/billing` }))),
    );
    expect(none).toEqual(problemOf(400, "invalid_request", "This workspace has no billing account yet: choose a plan first."));
  });

  it("answers create-payment-intent with a clear 501", async () => {
    const { user } = await makeOwner();
    const res = await json(await intentAction(args(await bearer(user.id, "/api/stripe/create-payment-intent", {}))));
    expect(res.status).toBe(501);
    expect(res.body).toMatchObject({
      code: "not_implemented",
      detail: "One-off payments are not offered; subscribe to a plan through checkout.",
    });
  });

  it("reads create-payment-intent's body first: a bad one gets its 4xx, not the 501", async () => {
    const { user } = await makeOwner();
    const post = async (body: string, type: string) => {
      const req = await bearer(user.id, "/api/stripe/create-payment-intent", body);
      req.headers.set("Content-Type", type);
      return (await intentAction(args(req))).status;
    };
    expect(await post("amount=5", "application/x-www-form-urlencoded")).toBe(415);
    expect(await post('{"amount":', "application/json")).toBe(400);
    expect(await post("[1, 2]", "application/json")).toBe(400);
    expect(await post('{"amount": 5}', "application/json")).toBe(501);
  });
});

describe("provider failures", () => {
  it("answer 502 with the spec's payment-hook messages", async () => {
    const { user, subscriptionId } = await subscribedOwner();
    const real = await paymentProvider();
    const broken = (): never => {
      throw new Error("provider down");
    };
    const failing: PaymentProvider = {
      ...real,
      name: "stripe", // Stripe without STRIPE_PUBLISHABLE_KEY: the config cannot be loaded
      createCheckoutSession: broken,
      createPortalSession: broken,
      listSubscriptions: broken,
      cancelSubscription: broken,
    };
    setPaymentProviderForTests(failing);
    const expectFailure = async (res: Response, message: string) =>
      expect(await json(res)).toEqual(problemOf(502, "payment_provider_error", message));
    await expectFailure(await configLoader(args(await bearer(user.id, "/api/stripe/config"))), "Failed to load Stripe configuration");
    await expectFailure(
      await checkoutAction(args(await bearer(user.id, "/api/stripe/create-checkout-session", checkoutBody()))),
      "Failed to create checkout session",
    );
    await expectFailure(
      await subscriptionsLoader(args(await bearer(user.id, "/api/stripe/subscriptions"))),
      "Failed to load subscriptions",
    );
    await expectFailure(
      await cancelAction(args(await bearer(user.id, "/api/stripe/cancel-subscription", { subscriptionId }))),
      "Failed to cancel subscription",
    );
    await expectFailure(
      await portalAction(args(await bearer(user.id, "/api/stripe/create-portal-session", { returnUrl: `${ORIGIN}/billing` }))),
      "Failed to create portal session",
    );
  });
});

describe("POST /api/stripe/webhook", () => {
  const deliver = (e: { body: string; signature: string }) =>
    webhookAction(
      args(new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers: { "Stripe-Signature": e.signature }, body: e.body })),
    );

  it("syncs the subscription from a signed event, once per event id, and refuses a bad signature", async () => {
    const { user, workspace } = await makeOwner();
    await trialEndingSoon(workspace.id);
    const { body } = await json(
      await checkoutAction(
        args(
          await bearer(
            user.id,
            "/api/stripe/create-checkout-session",
            checkoutBody({ priceId: localPriceId("enterprise", "month"), metadata: {} }),
          ),
        ),
      ),
    );
    const { customerId } = await completeLocalCheckout(body.data.sessionId);
    expect(await subscriptionRowsOf(workspace.id)).toHaveLength(0);

    const bad = localEvent("checkout.session.completed", customerId);
    expect(
      (await deliver({ body: bad.body, signature: bad.signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === "0" ? "1" : "0"}`) }))
        .status,
    ).toBe(400);
    expect(await db().select().from(schema.webhookEvents)).toHaveLength(0);

    const event = localEvent("checkout.session.completed", customerId);
    expect(await json(await deliver(event))).toEqual({ status: 200, body: { received: true, handled: true } });
    expect(await planIdOf(workspace.id)).toBe("enterprise");
    expect((await subscriptionRowsOf(workspace.id))[0]?.status).toBe("active");
    expect(await json(await deliver(event))).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await json(await deliver(localEvent("customer.created", customerId)))).toEqual({
      status: 200,
      body: { received: true, handled: false },
    });
  });
});
