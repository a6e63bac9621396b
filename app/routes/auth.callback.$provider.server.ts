import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { isOAuthProvider, oauthFailureHref } from "~/.server/auth/oauth";
import { setCookieHeaders, signInAs } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/http/flash";
import { identity } from "~/.server/identity";

/**
 * /auth/callback/<provider>: where Google and GitHub (or Supabase, for them) send the
 * browser back. Signs in (finding, linking or creating the account) and goes on to
 * /dashboard, or goes back to /auth with the reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<Response> {
  const provider = params.provider;
  if (!isOAuthProvider(provider)) throw redirect("/auth");
  const result = await identity().oauthCallback(provider, { url: request.url, cookie: request.headers.get("Cookie") });
  if (!result.ok) return redirect(oauthFailureHref(provider, result.failure), { headers: setCookieHeaders(result.setCookies) });
  const headers = await signInAs(request, result);
  return redirectWithToast("/dashboard", { title: AUTH_TEXT.signedIn, variant: "success" }, { headers });
}
