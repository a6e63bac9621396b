import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRole } from "~/.server/access";
import { startApiCheckout } from "~/.server/billing/checkout";
import { apiBody, sameOriginUrl, stripeApi } from "~/.server/billing/api";
import { methodNotAllowed } from "~/.server/http/problem";

/** POST /api/stripe/create-checkout-session: a catalogue price, same-origin URLs; 409 with a live subscription. */
export const action = ({ request }: ActionFunctionArgs) =>
  stripeApi(request, "Failed to create checkout session", async (member) => {
    requireRole(member, "billing", "change");
    const body = await apiBody(
      request,
      z.object({
        priceId: z.string({ error: "Required." }).min(1, { message: "Required." }).max(200),
        successUrl: sameOriginUrl(request),
        cancelUrl: sameOriginUrl(request),
        allowPromotionCodes: z.boolean().default(true),
        metadata: z.object({ planId: z.string().max(50).optional(), planName: z.string().max(100).optional() }).default({}),
      }),
    );
    const session = await startApiCheckout(member, { ...body, planId: body.metadata.planId });
    return Response.json({ data: { sessionId: session.id, url: session.url } });
  });

export const loader = () => methodNotAllowed(["POST"]);
