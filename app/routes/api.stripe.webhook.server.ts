import type { ActionFunctionArgs } from "@remix-run/node";
import { readBytes } from "~/.server/http/body";
import { receiveWebhook } from "~/.server/payments/webhook";
import { methodNotAllowed, problem } from "~/.server/http/problem";

/** Stripe's events are small; a body past this is no event of theirs. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/stripe/webhook: Stripe's (and test mode's) signed events. The signature is
 * over the raw bytes, so the body is read as they came (server.ts puts no parser in front
 * and exempts this path from the Origin check).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const rawBody = new TextDecoder().decode(await readBytes(request, WEBHOOK_BODY_LIMIT));
  const answer = await receiveWebhook(rawBody, request.headers.get("stripe-signature"));
  if (answer.status >= 400) return problem({ status: answer.status, detail: String(answer.body.message ?? "The event was not handled.") });
  return Response.json(answer.body, { status: answer.status });
}

export const loader = () => methodNotAllowed(["POST"]);
