import type { ActionFunctionArgs } from "@remix-run/node";
import { createPortalSession, methodNotAllowed } from "~/.server/payments/api";

export const action = ({ request }: ActionFunctionArgs) => createPortalSession(request);
export const loader = () => methodNotAllowed("POST");
