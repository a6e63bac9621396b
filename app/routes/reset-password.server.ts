import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { resetPassword } from "~/.server/auth/email-auth";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { checkToken } from "~/.server/auth/one-time-tokens";
import { requireAnonymous } from "~/.server/auth/session";
import { flashHeader } from "~/.server/http/flash";
import { invalid, parseSubmission, replyError } from "~/.server/http/submission";
import { PASSWORD_FIELDS, type ResetPasswordLoaderData, type ResetPasswordReply, newPasswordSchema } from "~/lib/forms/auth";

/**
 * /reset-password?access_token=…&refresh_token=…&type=recovery (the reset e-mail's
 * link). The loader checks the pair without spending it; only a successful post does.
 */

function linkTokens(request: Request) {
  const q = new URL(request.url).searchParams;
  const accessToken = q.get("access_token") ?? "";
  const refreshToken = q.get("refresh_token") ?? "";
  const complete = Boolean(accessToken && refreshToken && q.get("type") === "recovery");
  return complete ? { accessToken, refreshToken } : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const tokens = linkTokens(request);
  const invalidLink = (message: string) => data<ResetPasswordLoaderData>({ state: "invalid", message }, { status: 400 });
  if (!tokens) return invalidLink(AUTH_TEXT.resetLinkMissing);
  try {
    const check = await checkToken("reset-password", tokens.accessToken, tokens.refreshToken);
    return check.ok ? data<ResetPasswordLoaderData>({ state: "ready" }) : invalidLink(AUTH_TEXT.resetLinkInvalid);
  } catch (error) {
    console.error("[auth] reset link check failed", error);
    return invalidLink(AUTH_TEXT.resetValidateFailed);
  }
}

const hideFields = PASSWORD_FIELDS;

export async function action({ request }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, newPasswordSchema);
  if (submission.status !== "success") return invalid(submission, { hideFields });
  const failed = () => replyError(submission, 400, AUTH_TEXT.resetFailed, { hideFields });
  const tokens = linkTokens(request);
  if (!tokens) return failed();
  try {
    const result = await resetPassword({ ...tokens, password: submission.value.password });
    if (!result.ok) return failed();
  } catch (error) {
    console.error("[auth] password reset failed", error);
    return failed();
  }
  // Carried by the flash cookie: shown at once with JavaScript (the root loader runs
  // again after the post), or on /login without it.
  const toast = await flashHeader({
    title: AUTH_TEXT.resetSuccessTitle,
    description: AUTH_TEXT.resetSuccessDescription,
    variant: "success",
  });
  return data<ResetPasswordReply>({ ...submission.reply({ resetForm: true }), passwordReset: true }, { headers: { "Set-Cookie": toast } });
}
