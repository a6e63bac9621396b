import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/.server/env";
import { paymentProvider } from "~/.server/payments/provider";
import { stripeApi } from "~/.server/billing/api";
import { methodNotAllowed } from "~/.server/http/problem";

/** GET /api/stripe/config: the publishable key (test mode has its own), for any member. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  stripeApi(request, "Failed to load Stripe configuration", async () => {
    const provider = await paymentProvider();
    const key = env().STRIPE_PUBLISHABLE_KEY ?? (provider.name === "local" ? "pk_test_atelier_local" : undefined);
    if (!key) throw new Error("STRIPE_PUBLISHABLE_KEY is not set");
    return Response.json({ data: { publishableKey: key, provider: provider.name } });
  });

export const action = () => methodNotAllowed(["GET"]);
