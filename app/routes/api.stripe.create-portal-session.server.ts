import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireRole } from "~/.server/access";
import { openPortal } from "~/.server/billing/subscriptions";
import { apiBody, sameOriginUrl, stripeApi } from "~/.server/billing/api";
import { methodNotAllowed, problem } from "~/.server/http/problem";

/** POST /api/stripe/create-portal-session: the customer portal, returning to a URL of this site. */
export const action = ({ request }: ActionFunctionArgs) =>
  stripeApi(request, "Failed to create portal session", async (member) => {
    requireRole(member, "billing", "change");
    const body = await apiBody(request, z.object({ returnUrl: sameOriginUrl(request) }));
    const session = await openPortal(member, body.returnUrl);
    if (!session) return problem({ status: 400, detail: "This workspace has no billing account yet: choose a plan first." });
    return Response.json({ data: { url: session.url } });
  });

export const loader = () => methodNotAllowed(["POST"]);
