import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSubscriptions, methodNotAllowed } from "~/.server/payments/api";

export const loader = ({ request }: LoaderFunctionArgs) => listSubscriptions(request);
export const action = () => methodNotAllowed("GET");
