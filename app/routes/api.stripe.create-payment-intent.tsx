import type { ActionFunctionArgs } from "@remix-run/node";
import { createPaymentIntent, methodNotAllowed } from "~/.server/payments/api";

export const action = ({ request }: ActionFunctionArgs) => createPaymentIntent(request);
export const loader = () => methodNotAllowed("POST");
