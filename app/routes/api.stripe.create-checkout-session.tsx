import type { ActionFunctionArgs } from "@remix-run/node";
import { createCheckoutSession, methodNotAllowed } from "~/.server/payments/api";

export const action = ({ request }: ActionFunctionArgs) => createCheckoutSession(request);
export const loader = () => methodNotAllowed("POST");
