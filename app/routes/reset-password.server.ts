import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { requireAnonymous } from "~/.server/auth/session";
import { flashHeader } from "~/.server/http/flash";
import { invalid, parseSubmission, replyError } from "~/.server/http/submission";
import { identity } from "~/.server/identity";
import { resetLinkOf } from "~/.server/identity/links";
import { PASSWORD_FIELDS, type ResetPasswordLoaderData, type ResetPasswordReply, newPasswordSchema } from "~/lib/forms/auth";

/**
 * /reset-password?access_token=…&refresh_token=…&type=recovery (the reset e-mail's
 * link; with Supabase Auth also ?code=… or ?token_hash=…&type=recovery). The loader
 * checks the link without spending it; only a successful post does.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const check = await identity().checkResetLink(resetLinkOf(new URL(request.url).searchParams), request.headers.get("Cookie"));
  if (!check.ok) return data<ResetPasswordLoaderData>({ state: "invalid", message: check.message }, { status: 400 });
  return data<ResetPasswordLoaderData>({ state: "ready" });
}

const hideFields = PASSWORD_FIELDS;

export async function action({ request }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, newPasswordSchema);
  if (submission.status !== "success") return invalid(submission, { hideFields });
  const failed = () => replyError(submission, 400, AUTH_TEXT.resetFailed, { hideFields });
  const headers = new Headers();
  try {
    const link = resetLinkOf(new URL(request.url).searchParams);
    const result = await identity().resetPassword(link, submission.value.password, request.headers.get("Cookie"));
    if (!result.ok) return failed();
    for (const c of result.setCookies ?? []) headers.append("Set-Cookie", c);
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
  headers.append("Set-Cookie", toast);
  return data<ResetPasswordReply>({ ...submission.reply({ resetForm: true }), passwordReset: true }, { headers });
}
