import type { ActionFunctionArgs } from "@remix-run/node";
import { captureEmail } from "~/.server/beta/requests";
import { emailCaptureSchema } from "~/lib/forms/beta";
import { betaJsonPost, methodNotAllowed } from "./api.beta.signup.server";

/** POST /api/beta/email-capture {email}: the e-mail-only waitlist (same limit and answers as /api/beta/signup). */
export function action({ request }: ActionFunctionArgs) {
  return betaJsonPost(request, emailCaptureSchema, ({ email }) => captureEmail(email));
}

export function loader() {
  return methodNotAllowed("POST");
}
