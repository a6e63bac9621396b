// /billing and the test-mode checkout and portal pages, with real Requests through the local provider.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { completeLocalCheckout } from "~/.server/payments/local";
import { paymentProvider, setPaymentProviderForTests } from "~/.server/payments/provider";
import { planIdOf, subscriptionRowsOf, trialEndingSoon } from "../../tests/support/billing";
import { resetDb } from "../../tests/support/db";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../tests/support/factories";
import { action as billingAction, loader as billingLoader } from "./_app.billing";
import { action as checkoutAction, loader as checkoutLoader } from "./billing.test-mode.checkout.$id";
import { action as portalAction, loader as portalLoader } from "./billing.test-mode.portal";
import { action as pricingAction, loader as pricingLoader } from "./pricing";
import { loader as settingsLoader } from "./_app.settings";

type Thrown = { status?: number; init?: { status?: number } | null };
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable("nothing was thrown"),
    (e: Thrown) => e.init?.status ?? e.status,
  );
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** An owner who has started checkout for `planId` on /pricing; the session id from the 303. */
async function startCheckout(planId = "professional", interval = "month") {
  const { user, workspace } = await makeOwner();
  await trialEndingSoon(workspace.id);
  const res = (await pricingAction(
    args(formRequest(await authedRequest(user.id, "/pricing"), { intent: "checkout", planId, interval })),
  )) as Response;
  const sessionId = res.headers.get("Location")!.split("/").at(-1)!;
  return { user, workspace, sessionId };
}

async function overview(userId: string, path = "/billing") {
  return billingLoader(args(await authedRequest(userId, path)));
}

beforeEach(resetDb);
afterEach(() => setPaymentProviderForTests(undefined));

describe("/billing", () => {
  it("shows the owner the trial with days left before any purchase, usage against the limits, no invoices", async () => {
    const { user } = await makeOwner();
    const o = await overview(user.id);
    expect(o).toMatchObject({ canManage: true, status: "trial", subscription: null, testMode: true, invoices: [], success: false });
    expect(o.trialDaysLeft).toBeGreaterThan(0);
    expect(o.usage.map((u) => [u.label, u.used, u.limit])).toEqual([
      ["Projects", 0, 25],
      ["Members (including pending invitations)", 1, 10],
      ["Storage", 0, 50 * 1024 ** 3],
      ["API calls this month", 0, 10_000],
    ]);
  });

  it("lets an admin view but not manage, and answers 403 to members and viewers", async () => {
    const { workspace } = await makeOwner();
    const admin = await makeUser();
    const member = await makeUser();
    await addMember(workspace.id, admin.id, "admin");
    await addMember(workspace.id, member.id, "member");
    expect((await overview(admin.id)).canManage).toBe(false);
    expect(await statusOf(overview(member.id))).toBe(403);
    const cancel = formRequest(await authedRequest(admin.id, "/billing"), { intent: "cancel" });
    expect(await statusOf(billingAction(args(cancel)))).toBe(403);
  });

  it("on ?success=true syncs the subscription first, so the page is right before any webhook", async () => {
    const { user, workspace, sessionId } = await startCheckout("starter", "year");
    await completeLocalCheckout(sessionId); // paid at the provider; no webhook or sync yet
    expect(await subscriptionRowsOf(workspace.id)).toHaveLength(0);
    const o = await overview(user.id, "/billing?success=true");
    expect(o).toMatchObject({ success: true, status: "active", plan: { id: "starter", name: "Starter" } });
    expect(o.subscription).toMatchObject({ interval: "year", price: 278, cancelAtPeriodEnd: false });
    expect(o.invoices).toHaveLength(1);
    expect(o.invoices![0]).toMatchObject({ amount: 278, status: "paid" });
    expect(await planIdOf(workspace.id)).toBe("starter");
    // Without ?success=true there is no success message.
    expect((await overview(user.id)).success).toBe(false);
  });

  it("says the payment is being confirmed when the return comes before the payment", async () => {
    const { user } = await startCheckout();
    expect(await overview(user.id, "/billing?success=true")).toMatchObject({ success: false, successPending: true, status: "trial" });
  });

  it("with Stripe configured, leaves invoices to the customer portal", async () => {
    setPaymentProviderForTests({ ...(await paymentProvider()), name: "stripe" });
    const { user } = await makeOwner();
    // No customer yet: no invoices (with one, Stripe's own are listed: payments/stripe.test.ts).
    expect(await overview(user.id)).toMatchObject({ testMode: false, invoices: [], hasCustomer: false });
  });

  it("cancels at the period end; the plan stays until then", async () => {
    const { user, workspace, sessionId } = await startCheckout();
    await completeLocalCheckout(sessionId);
    await overview(user.id, "/billing?success=true");
    const res = (await billingAction(args(formRequest(await authedRequest(user.id, "/billing"), { intent: "cancel" })))) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/billing");
    const [row] = await subscriptionRowsOf(workspace.id);
    expect(row).toMatchObject({ status: "active", cancelAtPeriodEnd: true, planId: "professional" });
  });

  it("opens the portal with a 303 to the test-mode portal of the workspace's customer", async () => {
    const { user, sessionId } = await startCheckout();
    await completeLocalCheckout(sessionId);
    const res = (await billingAction(args(formRequest(await authedRequest(user.id, "/billing"), { intent: "portal" })))) as Response;
    expect(res.status).toBe(303);
    const [customer] = await db().select().from(schema.billingCustomers);
    expect(res.headers.get("Location")).toBe(
      `http://localhost:3000/billing/test-mode/portal?${new URLSearchParams({ customer: customer!.customerId, return: "http://localhost:3000/billing" })}`,
    );
  });
});

describe("test-mode checkout page", () => {
  it("shows the plan and price; confirming pays, syncs and returns to the success URL", async () => {
    const { user, workspace, sessionId } = await startCheckout("professional", "month");
    const page = await checkoutLoader(args(await authedRequest(user.id, `/billing/test-mode/checkout/${sessionId}`), { id: sessionId }));
    expect(page).toMatchObject({ status: "open", plan: { name: "Professional" }, interval: "month", price: 79 });
    const pay = formRequest(await authedRequest(user.id, `/billing/test-mode/checkout/${sessionId}`), { intent: "pay" });
    const res = (await checkoutAction(args(pay, { id: sessionId }))) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("http://localhost:3000/billing?success=true");
    expect(await subscriptionRowsOf(workspace.id)).toMatchObject([{ status: "active", planId: "professional" }]);
  });

  it("cancel expires the session and returns to the cancel URL", async () => {
    const { user, sessionId } = await startCheckout();
    const cancel = formRequest(await authedRequest(user.id, `/billing/test-mode/checkout/${sessionId}`), { intent: "cancel" });
    const res = (await checkoutAction(args(cancel, { id: sessionId }))) as Response;
    expect(res.headers.get("Location")).toBe("http://localhost:3000/pricing?canceled=true&interval=month");
    const page = await checkoutLoader(args(await authedRequest(user.id, `/billing/test-mode/checkout/${sessionId}`), { id: sessionId }));
    expect(page.status).toBe("expired");
  });

  it("is a 404 for another workspace's owner", async () => {
    const { sessionId } = await startCheckout();
    const other = await makeOwner();
    const req = await authedRequest(other.user.id, `/billing/test-mode/checkout/${sessionId}`);
    expect(await statusOf(checkoutLoader(args(req, { id: sessionId })))).toBe(404);
  });
  it("is a 404 for an address that is no checkout's (a NUL, a made-up id), page and form alike", async () => {
    const { user } = await startCheckout();
    for (const id of ["a\u0000b", "cs_local_nope", "../portal"]) {
      const path = `/billing/test-mode/checkout/${encodeURIComponent(id)}`;
      expect(await statusOf(checkoutLoader(args(await authedRequest(user.id, path), { id })))).toBe(404);
      expect(await statusOf(checkoutAction(args(formRequest(await authedRequest(user.id, path), { intent: "pay" }), { id })))).toBe(404);
    }
  });
});

describe("one subscription per workspace", () => {
  /** An owner whose Professional monthly checkout is paid and synced (back on /billing?success=true). */
  async function subscribed() {
    const started = await startCheckout("professional", "month");
    await completeLocalCheckout(started.sessionId);
    await overview(started.user.id, "/billing?success=true");
    return started;
  }
  const choose = async (userId: string, planId: string, interval: string) =>
    (await pricingAction(args(formRequest(await authedRequest(userId, "/pricing"), { intent: "checkout", planId, interval })))) as Response;
  const sessionsCount = async () => (await db().select().from(schema.localCheckoutSessions)).length;

  it("choosing the current plan again leads back to /billing and opens no checkout", async () => {
    const { user } = await subscribed();
    const before = await sessionsCount();
    const res = await choose(user.id, "professional", "month");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/billing");
    expect(await sessionsCount()).toBe(before);
  });

  it("choosing another plan or interval sends the owner to the portal, never a second checkout", async () => {
    const { user } = await subscribed();
    const before = await sessionsCount();
    const [customer] = await db().select().from(schema.billingCustomers);
    const portal = `http://localhost:3000/billing/test-mode/portal?${new URLSearchParams({ customer: customer!.customerId, return: "http://localhost:3000/billing" })}`;
    expect((await choose(user.id, "starter", "month")).headers.get("Location")).toBe(portal);
    expect((await choose(user.id, "professional", "year")).headers.get("Location")).toBe(portal);
    expect(await sessionsCount()).toBe(before);
  });

  it("refuses even before the sync has stored the subscription (the provider is asked)", async () => {
    const { user, sessionId } = await startCheckout("professional", "month");
    await completeLocalCheckout(sessionId); // paid, no webhook or return yet
    expect((await choose(user.id, "professional", "month")).headers.get("Location")).toBe("/billing");
  });

  it("does not charge a second time for a checkout opened before the workspace subscribed", async () => {
    const { user, workspace, sessionId: first } = await startCheckout("professional", "month");
    const second = (await choose(user.id, "starter", "month")).headers.get("Location")!.split("/").at(-1)!;
    await completeLocalCheckout(first);
    const pay = formRequest(await authedRequest(user.id, `/billing/test-mode/checkout/${second}`), { intent: "pay" });
    const res = (await checkoutAction(args(pay, { id: second }))) as Response;
    expect(res.headers.get("Location")).toBe("/billing");
    expect(await db().select().from(schema.localInvoices)).toHaveLength(1);
    expect(await subscriptionRowsOf(workspace.id)).toHaveLength(0); // nothing new to sync
    expect(await db().select().from(schema.localSubscriptions)).toHaveLength(1);
    expect((await checkoutLoader(args(await authedRequest(user.id, `/billing/test-mode/checkout/${second}`), { id: second }))).status).toBe(
      "expired",
    );
  });

  it("lets a workspace whose subscription was canceled check out again", async () => {
    const { user } = await subscribed();
    const [customer] = await db().select().from(schema.billingCustomers);
    const path = `/billing/test-mode/portal?customer=${customer!.customerId}`;
    await portalAction(args(formRequest(await authedRequest(user.id, path), { intent: "cancel", when: "now" })));
    const res = await choose(user.id, "starter", "year");
    expect(res.headers.get("Location")).toMatch(/\/billing\/test-mode\/checkout\/cs_local_/);
  });

  it("marks the current plan on the picker, and the trial's days before any purchase", async () => {
    const { user } = await makeOwner();
    const before = await pricingLoader(args(await authedRequest(user.id, "/pricing")));
    expect(before).toMatchObject({ signedIn: true, current: null });
    expect(before.trialDaysLeft).toBeGreaterThan(0);
    const sub = await subscribed();
    expect(await pricingLoader(args(await authedRequest(sub.user.id, "/pricing")))).toMatchObject({
      current: { planId: "professional", planName: "Professional", interval: "month" },
      trialDaysLeft: null,
    });
  });

  it("warns on the test-mode checkout that paying ends the trial", async () => {
    const { user, sessionId } = await startCheckout("starter", "year");
    const page = await checkoutLoader(args(await authedRequest(user.id, `/billing/test-mode/checkout/${sessionId}`), { id: sessionId }));
    expect(page.trialDaysLeft).toBeGreaterThan(0);
  });
});

describe("/settings plan status", () => {
  const settings = async (userId: string) => (await settingsLoader(args(await authedRequest(userId, "/settings")))).planStatus;

  it("is the trial before a purchase, the paid plan after it (as /billing), read-only once canceled", async () => {
    const { user, sessionId } = await startCheckout("professional", "month");
    expect(await settings(user.id)).toMatchObject({ status: "trial", planName: "Professional", readOnly: false });
    expect((await settings(user.id)).trialDaysLeft).toBeGreaterThan(0);

    await completeLocalCheckout(sessionId);
    const billing = await overview(user.id, "/billing?success=true");
    const paid = await settings(user.id);
    expect(paid).toMatchObject({ status: "active", interval: "month", price: 79, trialDaysLeft: null, readOnly: false });
    expect(paid).toEqual(billing.planStatus);
    expect(paid.currentPeriodEnd).toBe(billing.subscription!.currentPeriodEnd);

    const [customer] = await db().select().from(schema.billingCustomers);
    const path = `/billing/test-mode/portal?customer=${customer!.customerId}`;
    await portalAction(args(formRequest(await authedRequest(user.id, path), { intent: "cancel", when: "now" })));
    expect(await settings(user.id)).toMatchObject({ status: "canceled", readOnly: true });
  });
});

describe("test-mode portal", () => {
  it("changes plan and interval, then cancels immediately, each through the sync", async () => {
    const { user, workspace, sessionId } = await startCheckout("starter", "month");
    await completeLocalCheckout(sessionId);
    const [customer] = await db().select().from(schema.billingCustomers);
    const path = `/billing/test-mode/portal?customer=${customer!.customerId}`;
    const post = async (body: Record<string, string>) =>
      (await portalAction(args(formRequest(await authedRequest(user.id, path), body)))) as Response;

    expect((await portalLoader(args(await authedRequest(user.id, path)))).subscription).toMatchObject({
      planId: "starter",
      interval: "month",
    });
    expect((await post({ intent: "change", planId: "enterprise", interval: "year" })).status).toBe(303);
    expect(await planIdOf(workspace.id)).toBe("enterprise");
    expect(await subscriptionRowsOf(workspace.id)).toMatchObject([{ planId: "enterprise", interval: "year" }]);

    await post({ intent: "cancel", when: "now" });
    expect(await subscriptionRowsOf(workspace.id)).toMatchObject([{ status: "canceled" }]);
    expect((await overview(user.id)).status).toBe("canceled");
  });

  it("leads back to the session's return URL when it is on this origin, else to /billing", async () => {
    const { user, sessionId } = await startCheckout("starter", "month");
    await completeLocalCheckout(sessionId);
    const [customer] = await db().select().from(schema.billingCustomers);
    const load = async (ret?: string) => {
      const q = new URLSearchParams({ customer: customer!.customerId, ...(ret === undefined ? {} : { return: ret }) });
      return (await portalLoader(args(await authedRequest(user.id, `/billing/test-mode/portal?${q}`)))).returnTo;
    };
    expect(await load("http://localhost:3000/settings?tab=usage")).toBe("/settings?tab=usage");
    expect(await load()).toBe("/billing");
    expect(await load("https://evil.example/billing")).toBe("/billing");
    expect(await load("//evil.example/")).toBe("/billing");
    expect(await load("javascript:alert(1)")).toBe("/billing");

    // After a change, the portal keeps its return URL.
    const q = new URLSearchParams({ customer: customer!.customerId, return: "http://localhost:3000/settings" });
    const res = (await portalAction(
      args(
        formRequest(await authedRequest(user.id, `/billing/test-mode/portal?${q}`), {
          intent: "change",
          planId: "professional",
          interval: "month",
        }),
      ),
    )) as Response;
    expect(new URL(res.headers.get("Location")!, "http://localhost:3000").searchParams.get("return")).toBe("/settings");
  });

  it("is a 404 for a customer that is not the workspace's", async () => {
    const { user } = await makeOwner();
    const req = await authedRequest(user.id, "/billing/test-mode/portal?customer=cus_local_someone_else");
    expect(await statusOf(portalLoader(args(req)))).toBe(404);
  });
});
