import { requireRole, type AccessAction, type ResourceKind } from "../access";
import { authenticateApiKey, hitKeyRate, looksLikeApiKey } from "../api-keys";
import { isUserError } from "../errors";
import { requireMember, type MemberContext } from "../workspaces";
import { isApiClient, recordApiCall } from "../workspaces/api-usage";
import { problem, problemFromUserError } from "./problem";
import { clientIp } from "./request";
import { noteResponseHeaders } from "./request-scope";

/**
 * Who is asking a JSON route: the one `apiMember` of every route that answers JSON (the
 * `/api/…` routes, the board's and the wireframe editor's, and the page routes a fetch
 * reads). A page sends a signed-out visitor to sign in and renders a 403; a JSON client
 * gets problem details instead (app/.server/http/problem.ts):
 * - 401 `unauthenticated` without a session (cookie or `Authorization: Bearer`);
 * - 403 `forbidden` when the member's role may not do `action` on `kind` (the access gate);
 * - 429 `quota_exceeded` with `Retry-After` once a bearer-token client has used the plan's
 *   monthly API calls (`meterApiClient`; the browser's own calls are not counted).
 *
 * `Authorization: Bearer atl_…` is an API key (decision 027, app/.server/api-keys): 401
 * `invalid_key`, `key_revoked` or `key_expired` with `WWW-Authenticate` (RFC 6750); 403
 * `insufficient_scope` when its scopes do not cover `action` on `kind` (the gate checks them
 * again in every service); 429 `rate_limited` past the key's requests a minute. Every answer to
 * a key carries `RateLimit` and `RateLimit-Policy` (noted in the request scope).
 *
 *   const member = await apiMember(request, "wireframe");
 *   if (member instanceof Response) return member;
 */
export async function apiMember<K extends ResourceKind = "workspace">(
  request: Request,
  kind: K = "workspace" as K,
  action: AccessAction<K> = "read" as AccessAction<K>,
  options: { meter?: boolean } = {},
): Promise<MemberContext | Response> {
  const credential = bearerOf(request);
  if (credential && looksLikeApiKey(credential)) return keyMember(request, credential, kind, action, options);
  let member: MemberContext;
  try {
    member = await requireMember(request, kind, action);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return problem({ status: 401, detail: "Sign in to use this." });
    }
    const refused = thrown as { init?: { status?: number } | null; data?: { message?: unknown } } | null;
    if (refused?.init?.status === 403) {
      const detail = typeof refused.data?.message === "string" ? refused.data.message : "Your role in this workspace does not allow this.";
      return problem({ status: 403, detail });
    }
    throw thrown;
  }
  if (options.meter !== false) {
    const quota = await meterApiClient(request, member.workspace.id);
    if (quota) return quota;
  }
  return member;
}

/**
 * API clients (a bearer token) count against the plan's monthly API calls: null while
 * there are calls left (this one counted), else the 429 to answer. For a route whose
 * member is resolved otherwise (a download link that also serves the pages).
 */
export async function meterApiClient(request: Request, workspaceId: string): Promise<Response | null> {
  if (!isApiClient(request)) return null;
  const quota = await recordApiCall(workspaceId);
  if (quota.ok) return null;
  return problem({
    status: 429,
    code: "quota_exceeded",
    detail: quota.message,
    headers: { "Retry-After": String(quota.retryAfterSeconds) },
  });
}

/** RFC 6750's error_description: ASCII only (a header), the problem's `detail` says more. */
const TOKEN_ERRORS = {
  invalid_key: "The API key is not valid",
  key_revoked: "The API key was revoked",
  key_expired: "The API key has expired",
};

function bearerOf(request: Request): string | null {
  const auth = request.headers.get("Authorization") ?? "";
  return auth.startsWith("Bearer ") ? auth.slice(7).trim() : null;
}

async function keyMember<K extends ResourceKind>(
  request: Request,
  credential: string,
  kind: K,
  action: AccessAction<K>,
  options: { meter?: boolean },
): Promise<MemberContext | Response> {
  const member = await authenticateApiKey(credential, clientIp(request));
  if ("refused" in member) {
    return problem({
      status: 401,
      code: member.refused,
      detail: member.detail,
      headers: { "WWW-Authenticate": `Bearer realm="atelier", error="invalid_token", error_description="${TOKEN_ERRORS[member.refused]}"` },
    });
  }
  const rate = await hitKeyRate(member.apiKey.id, member.apiKey.planId);
  noteResponseHeaders(rate.headers);
  if (!rate.ok) {
    return problem({
      status: 429,
      code: "rate_limited",
      detail: `This key may make ${rate.limit} requests a minute on its workspace's plan. Try again in ${rate.resetSeconds} seconds.`,
      headers: rate.headers,
    });
  }
  try {
    requireRole(member, kind, action);
  } catch (error) {
    if (!isUserError(error)) throw error;
    return withHeaders(problemFromUserError(error), rate.headers);
  }
  if (options.meter !== false) {
    const quota = await meterApiClient(request, member.workspace.id);
    if (quota) return withHeaders(quota, rate.headers);
  }
  return member;
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [key, value] of Object.entries(headers)) if (!response.headers.has(key)) response.headers.set(key, value);
  return response;
}
