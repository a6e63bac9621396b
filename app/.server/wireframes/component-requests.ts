import { z } from "zod";
import { readJson } from "../http/body";
import { problemResponse, validationProblem } from "../http/problem";
import type { MemberContext } from "../workspaces";
import { apiMember } from "../http/api-member";
import { isComponentVersionConflict } from "./components";

/**
 * What the main components' JSON routes (app/routes/api.wireframes.components*.server.ts)
 * take and how they answer: each body parsed by its zod schema, every refusal as problem
 * details (app/.server/http/problem.ts), a stale definition as 409 `version_conflict`
 * carrying the component as it now is (`current`). The definition itself is checked by the
 * service (it lifts an older editor's schemaVersion first).
 */

/** A definition holds at most 500 elements. */
export const MAX_COMPONENT_BYTES = 512 * 1024;

/** POST /api/wireframes/components: "Save as component". */
export const newComponentSchema = z.object({
  name: z.string({ error: "Give the component a name." }),
  definition: z.unknown(),
});

/** POST /api/wireframes/components/:id: a rename, or a definition over the version it was edited from. */
export const componentChangeSchema = z.object({
  name: z.string().optional(),
  definition: z.unknown().optional(),
  baseVersion: z.number().int().min(1).optional(),
});

/** The JSON body parsed by `schema`, or the answer to send instead (a 400 problem). */
export async function parseComponentBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T> | Response> {
  const parsed = schema.safeParse(await readJson(request, { maxBytes: MAX_COMPONENT_BYTES }));
  return parsed.success ? parsed.data : validationProblem(parsed.error);
}

/**
 * Runs a component route's work for the signed-in member: a UserError thrown by the service
 * becomes its problem (a version conflict with `current`), the body reader's refusal passes
 * through as its Response.
 */
export async function answerComponent(request: Request, work: (member: MemberContext) => Promise<Response>): Promise<Response> {
  const member = await apiMember(request, "wireframe");
  if (member instanceof Response) return member;
  try {
    return await work(member);
  } catch (error) {
    if (error instanceof Response) return error;
    return problemResponse(error, isComponentVersionConflict(error) ? { current: error.current } : undefined);
  }
}

export const componentJson = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
