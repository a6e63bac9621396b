import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { verifyEmail } from "~/.server/auth/email-auth";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { checkToken } from "~/.server/auth/one-time-tokens";
import { getUser, signIn } from "~/.server/auth/session";
import { readForm } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";

/**
 * /auth/verify?token=…, the link of the verification e-mail. Opening it only shows
 * a confirm button (mail scanners that follow links must not spend the token); the
 * POST spends it, marks the e-mail verified and signs the user in.
 */
export type VerifyState =
  | { state: "ready"; email: string }
  | { state: "invalid"; message: string }
  /** A spent link opened by someone already signed in: only verified accounts can be. */
  | { state: "verified"; email: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = await checkToken("verify-email", token);
  if (!check.ok) {
    const user = await getUser(request);
    if (user) return data<VerifyState>({ state: "verified", email: user.email });
  }
  const body: VerifyState = check.ok
    ? { state: "ready", email: check.email }
    : { state: "invalid", message: check.reason === "expired" ? AUTH_TEXT.verifyLinkExpired : AUTH_TEXT.verifyLinkInvalid };
  return data(body, { status: check.ok ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  const result = await verifyEmail(token);
  if (!result.ok) return data<VerifyState>({ state: "invalid", message: result.message }, { status: 400 });
  const headers = await signIn(request, result.userId);
  return redirectWithToast(
    "/dashboard",
    { title: AUTH_TEXT.emailVerifiedTitle, description: AUTH_TEXT.emailVerifiedDescription, variant: "success" },
    { headers },
  );
}
