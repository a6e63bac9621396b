import type { LoaderFunctionArgs } from "@remix-run/node";
import { listWorkspaceSubscriptions } from "~/.server/billing/subscriptions";
import { stripeApi, subscriptionJson } from "~/.server/billing/api";
import { methodNotAllowed } from "~/.server/http/problem";

/** GET /api/stripe/subscriptions: the workspace's subscriptions (owners and admins). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  stripeApi(request, "Failed to load subscriptions", async (member) =>
    Response.json({ data: (await listWorkspaceSubscriptions(member)).map(subscriptionJson) }),
  );

export const action = () => methodNotAllowed(["GET"]);
