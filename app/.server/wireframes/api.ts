import type { AccessAction } from "../access";
import { apiMember } from "../http/api-member";
import { answerJson } from "../http/problem";
import type { MemberContext } from "../workspaces";

/**
 * The plumbing of the wireframe and main-component JSON routes
 * (app/routes/api.wireframes.*.server.ts): who is asking (`apiMember`: 401 rather than a
 * redirect to sign-in, the plan's API calls for bearer-token clients), and every refusal as
 * problem details (app/.server/http/problem.ts) with its status and code. Each route parses
 * its body with its zod schema (`readJsonAs`, app/.server/http/body.ts); the services take
 * the typed values and do the checking; this only answers.
 */

/** A patch body is at most 2,000 ops; 512 KB holds them (one element's patch is under 1 KB). */
export const MAX_PATCH_BYTES = 512 * 1024;
/** A main component's definition holds at most 500 elements. */
export const MAX_COMPONENT_BYTES = 512 * 1024;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * Runs a JSON route's work for a signed-in member whose role allows `action` on wireframes
 * (a viewer is refused a change before its body is read) and answers: its result, or the
 * thrown UserError as problem details (with its extension members: a version conflict
 * carries `current`), or a thrown Response (the body reader's 415/400/413, a body's 400
 * `validation_failed`) as it is.
 */
export async function answer(
  request: Request,
  work: (member: MemberContext) => Promise<Response>,
  action: AccessAction<"wireframe"> = "read",
): Promise<Response> {
  const member = await apiMember(request, "wireframe", action);
  if (member instanceof Response) return member;
  try {
    return await answerJson(() => work(member));
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
