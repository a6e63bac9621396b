import type { z } from "zod";
import { env } from "../env";
import { clientIp } from "../http/request";
import { hit, retryMessage, type RateLimitResult } from "../rate-limit";
import { parseWith, type Stored } from "./requests";

/** Beta posts (the JSON API and the /signup form together) per client address. */
export async function limitBetaPosts(request: Request): Promise<RateLimitResult> {
  const e = env();
  return hit(`beta:ip:${clientIp(request)}`, e.RATE_LIMIT_BETA_PER_IP, e.RATE_LIMIT_WINDOW_SECONDS);
}

/** Resource routes answer with real Responses (single fetch does not turn data() into JSON there). */
export function jsonError(error: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}

export function methodNotAllowed(allow: string): Response {
  return jsonError("Method not allowed", 405, { Allow: allow });
}

export const SOMETHING_WENT_WRONG = "Something went wrong";

/**
 * The JSON side of a beta post: POST only, JSON only, rate-limited, validated,
 * then stored. 201 when new, 200 when merged into an earlier one.
 */
export async function handleBetaJsonPost<T>(
  request: Request,
  schema: z.ZodType<T>,
  store: (input: T) => Promise<Stored>,
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const limited = await limitBetaPosts(request);
  if (!limited.ok) {
    return jsonError(retryMessage(limited.retryAfterSeconds), 429, {
      "Retry-After": String(limited.retryAfterSeconds),
    });
  }
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    return jsonError("Send the request body as JSON (Content-Type: application/json)", 415);
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return jsonError("Request body must be valid JSON", 400);
  }
  const parsed = parseWith(schema, body);
  if (!parsed.ok) return jsonError(parsed.error, 400);
  try {
    const stored = await store(parsed.value);
    return Response.json({ ok: true, message: stored.message }, { status: stored.created ? 201 : 200 });
  } catch (error) {
    console.error("[beta] storing a request failed", error);
    return jsonError(SOMETHING_WENT_WRONG, 500);
  }
}
