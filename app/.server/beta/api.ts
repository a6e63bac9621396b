import type { z } from "zod";
import { readJson } from "../http/body";
import { methodNotAllowed, problem } from "../http/problem";
import { clientIp } from "../http/request";
import { retryMessage } from "../rate-limit";
import { limitBetaPosts } from "./limits";
import { SOMETHING_WENT_WRONG, type Stored, parseWith } from "./requests";

/**
 * A beta post to the JSON API (/api/beta/signup, /api/beta/email-capture): POST only,
 * rate-limited (with the /signup form), a JSON body (readJson answers 415, 400 and 413),
 * parsed by the route's zod schema, then stored. 201 when new, 200 when merged into an
 * earlier one; every failure is problem details (app/.server/http/problem.ts).
 */
export async function betaJsonPost<T>(request: Request, schema: z.ZodType<T>, store: (input: T) => Promise<Stored>): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const limited = await limitBetaPosts(clientIp(request));
  if (!limited.ok) {
    return problem({
      status: 429,
      detail: retryMessage(limited.retryAfterSeconds),
      headers: { "Retry-After": String(limited.retryAfterSeconds) },
    });
  }
  const parsed = parseWith(schema, await readJson(request));
  if (!parsed.ok) {
    const errors = Object.entries(parsed.fieldErrors).map(([field, message]) => ({ field, message: message ?? parsed.error }));
    return problem({ status: 400, code: "validation_failed", detail: parsed.error, errors });
  }
  try {
    const stored = await store(parsed.value);
    return Response.json({ ok: true, message: stored.message }, { status: stored.created ? 201 : 200 });
  } catch (error) {
    console.error("[beta] storing a request failed", error);
    return problem({ status: 500, detail: SOMETHING_WENT_WRONG });
  }
}
