import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { requireAnonymous } from "~/.server/auth/session";
import { limitBetaPosts } from "~/.server/beta/limits";
import { SOMETHING_WENT_WRONG, submitBetaRequest } from "~/.server/beta/requests";
import { handleCheckoutPost, isCheckoutPost } from "~/.server/routes/checkout";
import { isEnabled } from "~/.server/flags";
import { readForm } from "~/.server/http/body";
import { clientIp } from "~/.server/http/request";
import { invalid, parseFormData, replyError } from "~/.server/http/submission";
import { retryMessage } from "~/.server/rate-limit";
import { type BetaFormReply, betaSignupSchema } from "~/lib/forms/beta";
import { parseInterval } from "~/lib/plans";

/**
 * /signup (spec section 2): the plan picker while auth.enable_public_signup is on,
 * otherwise the Request Beta Access form. Signed-in users go to /dashboard.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  if (await isEnabled("auth.enable_public_signup")) {
    return { view: "plans" as const, interval: parseInterval(new URL(request.url).searchParams.get("interval")) };
  }
  return { view: "beta" as const };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const form = await readForm(request);
  if (isCheckoutPost(form) && (await isEnabled("auth.enable_public_signup"))) return handleCheckoutPost(request, form, "/signup");
  return betaFormPost(request, form);
}

/**
 * The beta form's post: the same rate limit, schema and store as POST /api/beta/signup.
 * A failure keeps what was typed (nothing here is secret); a success empties the form.
 */
async function betaFormPost(request: Request, form: FormData) {
  const submission = parseFormData(form, betaSignupSchema);
  const limited = await limitBetaPosts(clientIp(request));
  if (!limited.ok) {
    return replyError(submission, 429, retryMessage(limited.retryAfterSeconds), {
      headers: { "Retry-After": String(limited.retryAfterSeconds) },
    });
  }
  if (submission.status !== "success") return invalid(submission);
  try {
    const stored = await submitBetaRequest(submission.value);
    return data<BetaFormReply>({ ...submission.reply({ resetForm: true }), message: stored.message }, { status: 200 });
  } catch (error) {
    console.error("[beta] storing a request failed", error);
    return replyError(submission, 500, SOMETHING_WENT_WRONG);
  }
}
