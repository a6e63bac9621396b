import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, stripeConfig } from "~/.server/payments/api";

export const loader = ({ request }: LoaderFunctionArgs) => stripeConfig(request);
export const action = () => methodNotAllowed("GET");
