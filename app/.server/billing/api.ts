import { z } from "zod";
import { env } from "../env";
import { apiMember } from "../http/api-member";
import { readJson } from "../http/body";
import { methodNotAllowed, problem, problemFromUserError, validationProblem } from "../http/problem";
import { isUserError } from "../errors";
import type { ProviderSubscription } from "../payments/types";
import type { MemberContext } from "../workspaces";
import { PLANS } from "~/lib/plans";

/**
 * What the JSON payment API of spec section 7 (/api/stripe/*, one
 * `app/routes/api.stripe.<call>.server.ts` each) shares. Every answer is `{ data }` or
 * problem details (app/.server/http/problem.ts; the client shows `detail`): 401 without a
 * session (cookie or `Authorization: Bearer <session id>`), the service's UserError with its
 * status and code (403 for a role that may not, 400 for a price or field, 404, 409), 400
 * `validation_failed` for bad fields, the body reader's 400/413/415, and 502
 * `payment_provider_error` with the spec's payment-hook message when the provider fails.
 */

/**
 * Authenticates, runs `handler` for the member; a UserError is answered as its problem, a
 * thrown Response (a refused body) as it is, and any other failure (the provider's)
 * becomes a 502 with `failure` ('Failed to create checkout session', …).
 */
export async function stripeApi(
  request: Request,
  failure: string,
  handler: (member: MemberContext) => Promise<Response>,
): Promise<Response> {
  // The billing API is not metered as API calls (it never was).
  const member = await apiMember(request, "workspace", "read", { meter: false });
  if (member instanceof Response) return member;
  try {
    return await handler(member);
  } catch (error) {
    if (error instanceof Response) return error;
    if (isUserError(error)) return problemFromUserError(error);
    console.warn(`[billing] ${failure}: ${error instanceof Error ? error.message : String(error)}`);
    return problem({ status: 502, code: "payment_provider_error", detail: failure });
  }
}

/**
 * The call's JSON body, read by readJson (its 400, 413 and 415 problems) and parsed by
 * `schema` (400 `validation_failed` naming each field); a method other than POST is a 405.
 * A refusal is thrown as its Response, which `stripeApi` answers.
 */
export async function apiBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const parsed = schema.safeParse(await readJson(request));
  if (!parsed.success) throw validationProblem(parsed.error);
  return parsed.data;
}

/** A subscription as the API shows it. */
export function subscriptionJson(s: ProviderSubscription) {
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

/** Same-origin URLs only (the app's configured origin or the request's), so checkout cannot send buyers elsewhere. */
export function sameOriginUrl(request: Request) {
  const origins = new Set([new URL(env().APP_URL).origin, new URL(request.url).origin]);
  return z
    .string({ error: "Required." })
    .url({ message: "Must be an absolute URL." })
    .refine((u) => URL.canParse(u) && origins.has(new URL(u).origin), { message: "Must be a URL of this site." });
}
