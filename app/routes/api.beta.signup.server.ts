import type { ActionFunctionArgs } from "@remix-run/node";
import { betaJsonPost } from "~/.server/beta/api";
import { submitBetaRequest } from "~/.server/beta/requests";
import { methodNotAllowed } from "~/.server/http/problem";
import { betaSignupSchema } from "~/lib/forms/beta";

/** POST /api/beta/signup {inviteCode?, email, fullName?, company?, role?, reason?} */
export function action({ request }: ActionFunctionArgs) {
  return betaJsonPost(request, betaSignupSchema, submitBetaRequest);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
