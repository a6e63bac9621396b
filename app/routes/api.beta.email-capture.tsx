import type { ActionFunctionArgs } from "@remix-run/node";
import { handleBetaJsonPost, methodNotAllowed } from "~/.server/beta/api";
import { captureEmail, emailCaptureSchema } from "~/.server/beta/requests";

/** POST /api/beta/email-capture {email} */
export function action({ request }: ActionFunctionArgs) {
  return handleBetaJsonPost(request, emailCaptureSchema, ({ email }) => captureEmail(email));
}

export function loader() {
  return methodNotAllowed("POST");
}
