import type { ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { limitBetaPosts } from "~/.server/beta/limits";
import { type Stored, parseWith, submitBetaRequest } from "~/.server/beta/requests";
import { readJson } from "~/.server/http/body";
import { clientIp } from "~/.server/http/request";
import { retryMessage } from "~/.server/rate-limit";
import { betaSignupSchema } from "~/lib/forms/beta";

/** Resource routes answer with real Responses (single fetch does not turn data() into JSON there). */
export function jsonError(error: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}

export function methodNotAllowed(allow: string): Response {
  return jsonError("Method not allowed", 405, { Allow: allow });
}

export const SOMETHING_WENT_WRONG = "Something went wrong";

/**
 * A beta post to the JSON API: POST only, rate-limited (with the /signup form), a JSON
 * body (readJson answers 415, 400 and 413), validated, then stored. 201 when new, 200
 * when merged into an earlier one; every failure is `{ "error": … }`.
 */
export async function betaJsonPost<T>(request: Request, schema: z.ZodType<T>, store: (input: T) => Promise<Stored>): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const limited = await limitBetaPosts(clientIp(request));
  if (!limited.ok) {
    return jsonError(retryMessage(limited.retryAfterSeconds), 429, { "Retry-After": String(limited.retryAfterSeconds) });
  }
  const parsed = parseWith(schema, await readJson(request));
  if (!parsed.ok) return jsonError(parsed.error, 400);
  try {
    const stored = await store(parsed.value);
    return Response.json({ ok: true, message: stored.message }, { status: stored.created ? 201 : 200 });
  } catch (error) {
    console.error("[beta] storing a request failed", error);
    return jsonError(SOMETHING_WENT_WRONG, 500);
  }
}

/** POST /api/beta/signup {inviteCode?, email, fullName?, company?, role?, reason?} */
export function action({ request }: ActionFunctionArgs) {
  return betaJsonPost(request, betaSignupSchema, submitBetaRequest);
}

export function loader() {
  return methodNotAllowed("POST");
}
