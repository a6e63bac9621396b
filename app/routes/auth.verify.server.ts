import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { getUser, signInAs } from "~/.server/auth/session";
import { readForm } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";
import { identity } from "~/.server/identity";
import { verifyLinkOf } from "~/.server/identity/links";
import type { VerifyLinkState } from "~/.server/identity/types";

/**
 * /auth/verify?token=… (or, with Supabase Auth, ?token_hash=…&type=signup), the link of
 * the verification e-mail. Opening it only shows a confirm button (mail scanners that
 * follow links must not spend the token); the POST spends it, marks the e-mail verified
 * and signs the user in.
 */
export type VerifyState = VerifyLinkState;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const signedIn = user ? { email: user.email, emailVerified: Boolean(user.emailVerifiedAt) } : null;
  const body = await identity().checkVerifyLink(verifyLinkOf(new URL(request.url).searchParams), signedIn);
  return data<VerifyState>(body, { status: body.state === "invalid" ? 400 : 200 });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const token = form.get("token");
  const link = verifyLinkOf(new URL(request.url).searchParams, typeof token === "string" ? token : null);
  const result = await identity().verify(link, request.headers.get("Cookie"));
  if (!result.ok) return data<VerifyState>({ state: "invalid", message: result.message }, { status: 400 });
  return redirectWithToast(
    "/dashboard",
    { title: AUTH_TEXT.emailVerifiedTitle, description: AUTH_TEXT.emailVerifiedDescription, variant: "success" },
    { headers: await signInAs(request, result) },
  );
}
