import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRole } from "~/.server/access";
import { apiBody, methodNotAllowed, stripeApi } from "./api.stripe.server";

/**
 * One-off payments are not part of the product: subscriptions go through checkout (501).
 * The body is read like every other call's first, so a bad one gets its own 4xx.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  stripeApi(request, "Failed to create payment intent", async (member) => {
    requireRole(member, "billing", "change");
    await apiBody(request, z.looseObject({}));
    return Response.json(
      {
        error: "Failed to create payment intent",
        message: "Failed to create payment intent",
        detail: "One-off payments are not offered; subscribe to a plan through checkout.",
      },
      { status: 501 },
    );
  });

export const loader = () => methodNotAllowed("POST");
