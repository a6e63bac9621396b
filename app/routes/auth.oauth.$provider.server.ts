import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isOAuthProvider, oauthAuthenticator, oauthFailureHref } from "~/.server/auth/oauth";

/**
 * /auth/oauth/<provider>: the Google and GitHub buttons post here; the answer is a
 * redirect to the provider (remix-auth-oauth2 sets the state and PKCE cookie), or
 * back to /auth with the reason it cannot start.
 */
async function start({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const provider = params.provider;
  if (!isOAuthProvider(provider)) throw redirect("/auth");
  const auth = oauthAuthenticator(provider);
  if (!auth) return redirect(oauthFailureHref(provider, "unconfigured"));
  // Only the start: a `state` in the start URL would make the library treat it as a return.
  const url = new URL(request.url);
  url.search = "";
  try {
    await auth.authenticate(provider, new Request(url, { headers: request.headers }));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    console.warn(`[oauth] ${provider}: could not start`, thrown);
  }
  return redirect(oauthFailureHref(provider, "failed"));
}

export const loader = start;
export const action = start;
