import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import type { FieldErrors, NewPasswordField } from "~/lib/auth-validation";
import { flashHeader } from "../http/flash";
import { resetPassword } from "./email-auth";
import { AUTH_TEXT } from "./messages";
import { checkToken } from "./one-time-tokens";
import { fieldErrorsOf, formValues, newPasswordSchema } from "./schemas";
import { requireAnonymous } from "./session";

/**
 * /reset-password?access_token=…&refresh_token=…&type=recovery (the reset e-mail's
 * link). The loader checks the pair without spending it; only a successful post does.
 */
export type ResetPasswordLoaderData = { state: "ready" } | { state: "invalid"; message: string };

export type ResetPasswordActionData =
  { state: "ready"; fieldErrors: FieldErrors<NewPasswordField> } | { state: "failed"; message: string } | { state: "success" };

function linkTokens(request: Request) {
  const q = new URL(request.url).searchParams;
  const accessToken = q.get("access_token") ?? "";
  const refreshToken = q.get("refresh_token") ?? "";
  const complete = Boolean(accessToken && refreshToken && q.get("type") === "recovery");
  return complete ? { accessToken, refreshToken } : null;
}

export async function resetPasswordLoader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const tokens = linkTokens(request);
  const invalid = (message: string) => data<ResetPasswordLoaderData>({ state: "invalid", message }, { status: 400 });
  if (!tokens) return invalid(AUTH_TEXT.resetLinkMissing);
  try {
    const check = await checkToken("reset-password", tokens.accessToken, tokens.refreshToken);
    return check.ok ? data<ResetPasswordLoaderData>({ state: "ready" }) : invalid(AUTH_TEXT.resetLinkInvalid);
  } catch (error) {
    console.error("[auth] reset link check failed", error);
    return invalid(AUTH_TEXT.resetValidateFailed);
  }
}

export async function resetPasswordAction({ request }: ActionFunctionArgs) {
  const parsed = newPasswordSchema.safeParse(formValues(await request.formData()));
  if (!parsed.success) {
    return data<ResetPasswordActionData>({ state: "ready", fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  }
  const failed = data<ResetPasswordActionData>({ state: "failed", message: AUTH_TEXT.resetFailed }, { status: 400 });
  const tokens = linkTokens(request);
  if (!tokens) return failed;
  try {
    const result = await resetPassword({ ...tokens, password: parsed.data.password });
    if (!result.ok) return failed;
  } catch (error) {
    console.error("[auth] password reset failed", error);
    return failed;
  }
  // Carried by the flash cookie: shown at once with JavaScript (the root loader runs
  // again after the post), or on /login without it.
  const toast = await flashHeader({
    title: AUTH_TEXT.resetSuccessTitle,
    description: AUTH_TEXT.resetSuccessDescription,
    variant: "success",
  });
  return data<ResetPasswordActionData>({ state: "success" }, { headers: { "Set-Cookie": toast } });
}
