import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRole } from "~/.server/access";
import { apiBody, stripeApi } from "~/.server/billing/api";
import { methodNotAllowed, problem } from "~/.server/http/problem";

/**
 * One-off payments are not part of the product: subscriptions go through checkout (501).
 * The body is read like every other call's first, so a bad one gets its own 4xx.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  stripeApi(request, "Failed to create payment intent", async (member) => {
    requireRole(member, "billing", "change");
    await apiBody(request, z.looseObject({}));
    return problem({ status: 501, detail: "One-off payments are not offered; subscribe to a plan through checkout." });
  });

export const loader = () => methodNotAllowed(["POST"]);
