// The plan picker's checkout action on /pricing and /signup, with real Requests and the local test-mode provider.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFlash } from "~/.server/http/flash";
import { db, schema } from "~/.server/db";
import { getLocalCheckoutSession } from "~/.server/payments/local";
import { paymentProvider, setPaymentProviderForTests } from "~/.server/payments/provider";
import { resetDb } from "../../tests/support/db";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../tests/support/factories";
import { action, loader } from "./pricing";
import { action as signupAction } from "./signup";

const choose = { intent: "checkout", planId: "professional", interval: "year" };

async function toastOf(res: Response) {
  const cookie = res.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toasts[0];
}

const anonymousPost = (path: string, body: Record<string, string>) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });

const run = async (request: Request) => (await action({ request, params: {}, context: {} })) as Response;

beforeEach(resetDb);
afterEach(() => setPaymentProviderForTests(undefined));

describe("/pricing", () => {
  it("shows the interval, the cancelled notice and whether the visitor is signed in", async () => {
    const get = (q: string) => loader({ request: new Request(`http://localhost:3000/pricing${q}`), params: {}, context: {} });
    const signedOut = { signedIn: false, current: null, trialDaysLeft: null, trialKeptUntil: null, canManage: false };
    expect(await get("")).toEqual({ interval: "month", canceled: false, ...signedOut });
    expect(await get("?interval=year&canceled=true")).toEqual({ interval: "year", canceled: true, ...signedOut });
  });

  it("starts checkout for the owner with the spec's payload and answers 303 to the test-mode page", async () => {
    const { user, workspace } = await makeOwner();
    const res = await run(formRequest(await authedRequest(user.id, "/pricing"), choose));
    expect(res.status).toBe(303);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^http:\/\/localhost:3000\/billing\/test-mode\/checkout\/cs_local_[0-9a-f]+$/);
    const session = await getLocalCheckoutSession(location.split("/").at(-1)!);
    expect(session).toMatchObject({
      priceId: "local_professional_year",
      successUrl: "http://localhost:3000/billing?success=true",
      // The spec's cancel URL, plus the chosen interval so the picker comes back as left.
      cancelUrl: "http://localhost:3000/pricing?canceled=true&interval=year",
      allowPromotionCodes: true,
      metadata: { planId: "professional", planName: "Professional" },
      status: "open",
    });
    const [customer] = await db().select().from(schema.billingCustomers);
    expect(customer).toMatchObject({ workspaceId: workspace.id, provider: "local", customerId: session!.customerId });
  });

  it("sends a signed-out visitor to sign in, returning to the picker, with the spec's toast", async () => {
    const res = await run(anonymousPost("/pricing", choose));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent("/pricing?interval=year")}`);
    expect(await toastOf(res)).toMatchObject({
      title: "Authentication Required",
      description: "Please sign in to subscribe to a plan.",
    });
  });

  it("does the same from /signup's picker", async () => {
    const res = (await signupAction({ request: anonymousPost("/signup", choose), params: {}, context: {} })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("offers the plan buttons to the owner only (canManage): an admin or member gets none", async () => {
    const { user, workspace } = await makeOwner();
    const admin = await makeUser();
    await addMember(workspace.id, admin.id, "admin");
    const load = async (id: string) =>
      (await loader({ request: await authedRequest(id, "/pricing"), params: {}, context: {} })) as { canManage: boolean };
    expect((await load(user.id)).canManage).toBe(true);
    expect((await load(admin.id)).canManage).toBe(false);
  });

  it("tells a member who is not the owner that only the owner can change the plan, and starts nothing", async () => {
    const { workspace } = await makeOwner();
    const admin = await makeUser();
    await addMember(workspace.id, admin.id, "admin");
    const res = await run(formRequest(await authedRequest(admin.id, "/pricing"), choose));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/pricing?interval=year");
    expect((await toastOf(res))?.title).toMatch(/Only the workspace owner/);
    expect(await db().select().from(schema.localCheckoutSessions)).toHaveLength(0);
  });

  it("answers a provider failure with the spec's 'Checkout Error' toast", async () => {
    const real = await paymentProvider();
    setPaymentProviderForTests({
      ...real,
      createCheckoutSession: () => Promise.reject(new Error("provider down")),
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { user } = await makeOwner();
    const res = await run(formRequest(await authedRequest(user.id, "/pricing"), { ...choose, interval: "month" }));
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    expect(res.headers.get("Location")).toBe("/pricing?interval=month");
    expect(await toastOf(res)).toMatchObject({
      title: "Checkout Error",
      description: "Failed to start checkout process. Please try again.",
    });
  });

  it("refuses a plan that does not exist with the same toast", async () => {
    const { user } = await makeOwner();
    const res = await run(formRequest(await authedRequest(user.id, "/pricing"), { ...choose, planId: "platinum" }));
    expect((await toastOf(res))?.title).toBe("Checkout Error");
  });
});
