import { z } from "zod";
import { getSession } from "~/.server/auth/session";
import { env } from "~/.server/env";
import { isUserError } from "~/.server/errors";
import { readJson } from "~/.server/http/body";
import type { ProviderSubscription } from "~/.server/payments/types";
import { getMemberContext, type MemberContext } from "~/.server/workspaces";
import { PLANS } from "~/lib/plans";

/**
 * The server side shared by the JSON payment API of spec section 7 (/api/stripe/*,
 * one `api.stripe.<call>.server.ts` each). Every answer is `{ data }` or `{ error, message }`
 * (the client shows `message`): 401 'Authentication required' without a session (cookie
 * or `Authorization: Bearer <session id>`), the service's UserError with its status (403
 * for a role that may not, 400 for a price or field, 404, 409), 400 for bad JSON or
 * fields, and 502 with the spec's payment-hook message when the provider fails.
 */
export const apiError = (status: number, error: string, message = error) => Response.json({ error, message }, { status });

/** The answer to a method a route does not take (GET on a POST-only call). */
export const methodNotAllowed = (allow: "GET" | "POST") =>
  Response.json({ error: "Method not allowed", message: `Use ${allow} for this call.` }, { status: 405, headers: { Allow: allow } });

/** The `error` word of a service's refusal, by its status. */
const ERROR_WORDS: Record<number, string> = { 400: "Invalid request", 403: "Forbidden", 404: "Not found", 409: "Subscription exists" };

/** Answered as it is: a failure the call's handler words itself. */
class ApiAnswer extends Error {
  constructor(public response: Response) {
    super("api answer");
  }
}

/**
 * Authenticates, runs `handler` for the member; a UserError is answered with its status,
 * and any other failure (the provider's) becomes a 502 with `failure` ('Failed to create
 * checkout session', …).
 */
export async function stripeApi(
  request: Request,
  failure: string,
  handler: (member: MemberContext) => Promise<Response>,
): Promise<Response> {
  if (!(await getSession(request))) return apiError(401, "Authentication required");
  const member = await getMemberContext(request);
  try {
    return await handler(member);
  } catch (error) {
    if (error instanceof ApiAnswer) return error.response;
    if (isUserError(error)) {
      const word = ERROR_WORDS[error.status] ?? "Request failed";
      return apiError(error.status, word, error.field ? `${error.field}: ${error.message}` : error.message);
    }
    console.warn(`[billing] ${failure}: ${error instanceof Error ? error.message : String(error)}`);
    return apiError(502, failure);
  }
}

/** The call's JSON body, read by readJson (415, 413) and checked against `schema`: the first problem as `field: message`. */
export async function apiBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  if (request.method !== "POST") throw new ApiAnswer(methodNotAllowed("POST"));
  let body: unknown;
  try {
    body = await readJson(request);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    if (thrown.status === 400) throw new ApiAnswer(apiError(400, "Invalid JSON", "The request body must be JSON."));
    const { error } = (await thrown.json()) as { error: string };
    throw new ApiAnswer(apiError(thrown.status, thrown.status === 413 ? "Payload too large" : "Unsupported media type", error));
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".");
    throw new ApiAnswer(apiError(400, "Invalid request", field ? `${field}: ${issue.message}` : issue.message));
  }
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
