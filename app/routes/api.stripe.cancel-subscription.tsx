import type { ActionFunctionArgs } from "@remix-run/node";
import { cancelSubscription, methodNotAllowed } from "~/.server/payments/api";

export const action = ({ request }: ActionFunctionArgs) => cancelSubscription(request);
export const loader = () => methodNotAllowed("POST");
