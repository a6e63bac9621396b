import type { ActionFunctionArgs } from "@remix-run/node";
import { handleBetaJsonPost, methodNotAllowed } from "~/.server/beta/api";
import { betaSignupSchema, submitBetaRequest } from "~/.server/beta/requests";

/** POST /api/beta/signup {inviteCode?, email, fullName?, company?, role?, reason?} */
export function action({ request }: ActionFunctionArgs) {
  return handleBetaJsonPost(request, betaSignupSchema, submitBetaRequest);
}

export function loader() {
  return methodNotAllowed("POST");
}
