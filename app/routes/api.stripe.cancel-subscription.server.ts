import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRole } from "~/.server/access";
import { cancelWorkspaceSubscription } from "~/.server/billing/subscriptions";
import { apiBody, stripeApi, subscriptionJson } from "~/.server/billing/api";
import { methodNotAllowed } from "~/.server/http/problem";

/** POST /api/stripe/cancel-subscription: one of the workspace's subscriptions, at the period's end unless `immediately`. */
export const action = ({ request }: ActionFunctionArgs) =>
  stripeApi(request, "Failed to cancel subscription", async (member) => {
    requireRole(member, "billing", "change");
    const body = await apiBody(
      request,
      z.object({
        subscriptionId: z.string({ error: "Required." }).min(1, { message: "Required." }).max(200),
        immediately: z.boolean().default(false),
      }),
    );
    const canceled = await cancelWorkspaceSubscription(member, body.subscriptionId, { immediately: body.immediately });
    return Response.json({ data: subscriptionJson(canceled) });
  });

export const loader = () => methodNotAllowed(["POST"]);
