import type { AccessAction, ResourceKind } from "../access";
import { requireMember, type MemberContext } from "../workspaces";
import { isApiClient, recordApiCall } from "../workspaces/api-usage";
import { problem } from "./problem";

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
 *   const member = await apiMember(request, "wireframe");
 *   if (member instanceof Response) return member;
 */
export async function apiMember<K extends ResourceKind = "workspace">(
  request: Request,
  kind: K = "workspace" as K,
  action: AccessAction<K> = "read" as AccessAction<K>,
  options: { meter?: boolean } = {},
): Promise<MemberContext | Response> {
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
