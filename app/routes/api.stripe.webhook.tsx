import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/.server/payments/api";
import { handleWebhook } from "~/.server/payments/webhook";

/** Stripe's (and test mode's) signed events; server.ts exempts this path from the Origin check. */
export const action = ({ request }: ActionFunctionArgs) => handleWebhook(request);
export const loader = () => methodNotAllowed("POST");
