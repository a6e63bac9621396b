import { apiMember } from "../http/api-member";
import { answerJson } from "../http/problem";
import type { MemberContext } from "../workspaces";

/**
 * The plumbing of the wireframe JSON routes (app/routes/api.wireframes.*.server.ts): who is
 * asking (`apiMember`: 401 rather than a redirect to sign-in, the plan's API calls for
 * bearer-token clients), and every refusal as problem details (app/.server/http/problem.ts)
 * with its status and code. The services do the checking; this only answers.
 */

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * Runs a JSON route's work for a signed-in member and answers: its result, or the thrown
 * UserError as problem details (a 400's field, in `errors`, names the first invalid value),
 * or the body reader's own 415/400/413 problem.
 */
export async function answer(request: Request, work: (member: MemberContext) => Promise<Response>): Promise<Response> {
  const member = await apiMember(request, "wireframe");
  if (member instanceof Response) return member;
  try {
    return await answerJson(() => work(member));
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
