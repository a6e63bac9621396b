import { isUserError } from "../errors";
import { requireMember, type MemberContext } from "../workspaces";
import { isApiClient, recordApiCall } from "../workspaces/api-usage";

/**
 * The plumbing of the wireframe JSON routes (app/routes/api.wireframes.*.server.ts): who is
 * asking (401 rather than a redirect to sign-in), the plan's API calls for bearer-token
 * clients, and every refusal as JSON `{ error, path? }` with its status. The services do
 * the checking; this only answers.
 */

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** The member behind the session cookie or bearer token, or a 401 answer. */
export async function apiMember(request: Request): Promise<MemberContext | Response> {
  let member: MemberContext;
  try {
    member = await requireMember(request, "wireframe.view");
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return json({ error: "Sign in to use this." }, 401);
    const status = (thrown as { init?: { status?: number } })?.init?.status;
    if (status === 403) return json({ error: "Your role in this workspace does not allow this." }, 403);
    throw thrown;
  }
  if (isApiClient(request)) {
    const quota = await recordApiCall(member.workspace.id);
    if (!quota.ok) return json({ error: quota.message }, 429, { "Retry-After": String(quota.retryAfterSeconds) });
  }
  return member;
}

/**
 * Runs a JSON route's work for a signed-in member and answers: its result, or the thrown
 * UserError as `{ error, path? }` (a 400's path names the first invalid value), or the body
 * reader's own 415/400/413 Response.
 */
export async function answer(request: Request, work: (member: MemberContext) => Promise<Response>): Promise<Response> {
  const member = await apiMember(request);
  if (member instanceof Response) return member;
  try {
    return await work(member);
  } catch (error) {
    if (error instanceof Response) return error;
    if (!isUserError(error)) throw error;
    return json({ error: error.message, ...(error.field ? { path: error.field } : {}) }, error.status, error.headers);
  }
}

export const methodNotAllowed = (allowed: string) => json({ error: "Method not allowed" }, 405, { Allow: allowed });
