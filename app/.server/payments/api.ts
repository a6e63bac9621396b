import { z } from "zod";
import { can, type Action } from "~/lib/permissions";
import { PLANS, type BillingInterval, type PlanId } from "~/lib/plans";
import { getSession } from "../auth/session";
import { env } from "../env";
import { getMemberContext, type MemberContext } from "../workspaces";
import { paymentProvider } from "./provider";
import type { PaymentProvider, ProviderSubscription } from "./types";
import { customerIdOf, ensureCustomer, liveSubscriptionOf, syncSubscription } from "./sync";

/**
 * The JSON payment API of spec section 7 (/api/stripe/*): each route file is one
 * line calling a handler here. Every answer is `{ data }` or `{ error, message }`
 * (the client shows `message`): 401 'Authentication required' without a session
 * (cookie or `Authorization: Bearer <session id>`), 403 for a role that may not,
 * 400 for bad JSON or fields, 502 with the spec's payment-hook message when the
 * provider fails.
 */
type Handler = (ctx: { request: Request; member: MemberContext; provider: PaymentProvider }) => Promise<Response>;

export const apiError = (status: number, error: string, message = error) => Response.json({ error, message }, { status });

/** Thrown inside a handler to answer with that status and message. */
class ApiFailure extends Error {
  constructor(
    public status: number,
    message: string,
    public error = message,
  ) {
    super(message);
  }
}

/**
 * Authenticates, authorises `action`, runs `handler`; any other failure of the
 * provider becomes a 502 with `failure` ('Failed to create checkout session', …).
 */
async function run(request: Request, action: Action, failure: string, handler: Handler): Promise<Response> {
  if (!(await getSession(request))) return apiError(401, "Authentication required");
  const member = await getMemberContext(request);
  if (!can(member.role, action)) {
    const what = action === "billing.manage" ? "Only the workspace owner can manage billing." : "Only owners and admins can see billing.";
    return apiError(403, "Forbidden", what);
  }
  try {
    return await handler({ request, member, provider: await paymentProvider() });
  } catch (error) {
    if (error instanceof ApiFailure) return apiError(error.status, error.error, error.message);
    console.warn(`[billing] ${failure}: ${error instanceof Error ? error.message : String(error)}`);
    return apiError(502, failure);
  }
}

async function readJson<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  if (request.method !== "POST") throw new ApiFailure(405, "Use POST for this call.", "Method not allowed");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiFailure(400, "The request body must be JSON.", "Invalid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".");
    throw new ApiFailure(400, field ? `${field}: ${issue.message}` : issue.message, "Invalid request");
  }
  return parsed.data;
}

/** Same-origin URLs only (the app's configured origin or the request's), so checkout cannot send buyers elsewhere. */
function sameOriginUrl(request: Request) {
  const origins = new Set([new URL(env().APP_URL).origin, new URL(request.url).origin]);
  return z
    .string({ error: "Required." })
    .url({ message: "Must be an absolute URL." })
    .refine((u) => URL.canParse(u) && origins.has(new URL(u).origin), { message: "Must be a URL of this site." });
}

/** The plan and interval a price id of the catalogue belongs to, or null. */
export async function catalogueEntryOf(
  provider: PaymentProvider,
  priceId: string,
): Promise<{ planId: PlanId; planName: string; interval: BillingInterval } | null> {
  for (const plan of PLANS) {
    for (const interval of ["month", "year"] as const) {
      if ((await provider.resolvePriceId(plan.id, interval)) === priceId) return { planId: plan.id, planName: plan.name, interval };
    }
  }
  return null;
}

/** The 409's message: what the workspace has, and where changes happen instead. */
export function alreadySubscribedMessage(live: ProviderSubscription): string {
  const plan = PLANS.find((p) => p.id === live.planId)?.name ?? "a";
  const billed = live.interval === "year" ? "yearly" : "monthly";
  return `This workspace already has a subscription (${plan} plan, billed ${billed}). Change its plan or interval in the customer portal (create-portal-session) instead of starting a second checkout.`;
}

function subscriptionJson(s: ProviderSubscription) {
  return {
    id: s.id,
    status: s.status,
    planId: s.planId,
    planName: PLANS.find((p) => p.id === s.planId)?.name ?? null,
    interval: s.interval,
    priceId: s.priceId,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    created: s.created.toISOString(),
  };
}

export function stripeConfig(request: Request) {
  return run(request, "workspace.view", "Failed to load Stripe configuration", async ({ provider }) => {
    const key = env().STRIPE_PUBLISHABLE_KEY ?? (provider.name === "local" ? "pk_test_atelier_local" : undefined);
    if (!key) throw new Error("STRIPE_PUBLISHABLE_KEY is not set");
    return Response.json({ data: { publishableKey: key, provider: provider.name } });
  });
}

export function createCheckoutSession(request: Request) {
  return run(request, "billing.manage", "Failed to create checkout session", async ({ member, provider }) => {
    const body = await readJson(
      request,
      z.object({
        priceId: z.string({ error: "Required." }).min(1, { message: "Required." }).max(200),
        successUrl: sameOriginUrl(request),
        cancelUrl: sameOriginUrl(request),
        allowPromotionCodes: z.boolean().default(true),
        metadata: z.object({ planId: z.string().max(50).optional(), planName: z.string().max(100).optional() }).default({}),
      }),
    );
    const entry = await catalogueEntryOf(provider, body.priceId);
    if (!entry) throw new ApiFailure(400, "priceId: This price belongs to no plan.", "Invalid request");
    if (body.metadata.planId !== undefined && body.metadata.planId !== entry.planId) {
      throw new ApiFailure(400, "metadata.planId: Does not match the price's plan.", "Invalid request");
    }
    // One subscription per workspace: a plan or interval change goes through the portal.
    const live = await liveSubscriptionOf(member.workspace.id, provider);
    if (live) throw new ApiFailure(409, alreadySubscribedMessage(live), "Subscription exists");
    const customerId = await ensureCustomer(member.workspace.id, { email: member.user.email, name: member.user.fullName }, provider);
    const session = await provider.createCheckoutSession({
      priceId: body.priceId,
      successUrl: body.successUrl,
      cancelUrl: body.cancelUrl,
      allowPromotionCodes: body.allowPromotionCodes,
      metadata: { planId: entry.planId, planName: entry.planName },
      customerId,
    });
    return Response.json({ data: { sessionId: session.id, url: session.url } });
  });
}

/** One-off payments are not part of the product: subscriptions go through checkout. */
export function createPaymentIntent(request: Request) {
  return run(request, "billing.manage", "Failed to create payment intent", async () =>
    Response.json(
      {
        error: "Failed to create payment intent",
        message: "Failed to create payment intent",
        detail: "One-off payments are not offered; subscribe to a plan through checkout.",
      },
      { status: 501 },
    ),
  );
}

export function listSubscriptions(request: Request) {
  return run(request, "billing.view", "Failed to load subscriptions", async ({ member, provider }) => {
    const customerId = await customerIdOf(member.workspace.id, provider);
    const subs = customerId ? await provider.listSubscriptions(customerId) : [];
    return Response.json({ data: subs.map(subscriptionJson) });
  });
}

export function cancelSubscription(request: Request) {
  return run(request, "billing.manage", "Failed to cancel subscription", async ({ member, provider }) => {
    const body = await readJson(
      request,
      z.object({
        subscriptionId: z.string({ error: "Required." }).min(1, { message: "Required." }).max(200),
        immediately: z.boolean().default(false),
      }),
    );
    const customerId = await customerIdOf(member.workspace.id, provider);
    // Only a subscription of this workspace's customer; anything else is "not found".
    const owned = customerId ? (await provider.listSubscriptions(customerId)).some((s) => s.id === body.subscriptionId) : false;
    if (!owned) throw new ApiFailure(404, "This workspace has no such subscription.", "Not found");
    const canceled = await provider.cancelSubscription(body.subscriptionId, { immediately: body.immediately });
    await syncSubscription(customerId!, provider);
    return Response.json({ data: subscriptionJson(canceled) });
  });
}

export function createPortalSession(request: Request) {
  return run(request, "billing.manage", "Failed to create portal session", async ({ member, provider }) => {
    const body = await readJson(request, z.object({ returnUrl: sameOriginUrl(request) }));
    const customerId = await customerIdOf(member.workspace.id, provider);
    if (!customerId) throw new ApiFailure(400, "This workspace has no billing account yet: choose a plan first.", "No billing account");
    const session = await provider.createPortalSession({ customerId, returnUrl: body.returnUrl });
    return Response.json({ data: { url: session.url } });
  });
}

/** The answer to a method a route does not take (GET on a POST-only call). */
export const methodNotAllowed = (allow: "GET" | "POST") =>
  Response.json({ error: "Method not allowed", message: `Use ${allow} for this call.` }, { status: 405, headers: { Allow: allow } });
