import type { LoaderFunctionArgs } from "@remix-run/node";
import { listWorkspaceSubscriptions } from "~/.server/billing/subscriptions";
import { methodNotAllowed, stripeApi, subscriptionJson } from "./api.stripe.server";

/** GET /api/stripe/subscriptions: the workspace's subscriptions (owners and admins). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  stripeApi(request, "Failed to load subscriptions", async (member) =>
    Response.json({ data: (await listWorkspaceSubscriptions(member)).map(subscriptionJson) }),
  );

export const action = () => methodNotAllowed("GET");
