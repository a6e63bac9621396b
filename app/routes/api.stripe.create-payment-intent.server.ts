import type { ActionFunctionArgs } from "@remix-run/node";
import { assertBilling } from "~/.server/billing/access";
import { methodNotAllowed, stripeApi } from "./api.stripe.server";

/** One-off payments are not part of the product: subscriptions go through checkout (501). */
export const action = ({ request }: ActionFunctionArgs) =>
  stripeApi(request, "Failed to create payment intent", async (member) => {
    assertBilling(member, "manage");
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
