import type { ActionFunctionArgs } from "@remix-run/node";
import { betaJsonPost } from "~/.server/beta/api";
import { captureEmail } from "~/.server/beta/requests";
import { methodNotAllowed } from "~/.server/http/problem";
import { emailCaptureSchema } from "~/lib/forms/beta";

/** POST /api/beta/email-capture {email}: the e-mail-only waitlist (same limit and answers as /api/beta/signup). */
export function action({ request }: ActionFunctionArgs) {
  return betaJsonPost(request, emailCaptureSchema, ({ email }) => captureEmail(email));
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
