import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isOAuthProvider } from "~/.server/auth/oauth";
import { identity } from "~/.server/identity";

/**
 * /auth/oauth/<provider>: the Google and GitHub buttons post here; the answer is a
 * redirect to the provider (with the state and PKCE verifier in a cookie), or back
 * to /auth with the reason it cannot start.
 */
async function start({ request, params }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const provider = params.provider;
  if (!isOAuthProvider(provider)) throw redirect("/auth");
  return identity().oauthStart(provider, { url: request.url, cookie: request.headers.get("Cookie") });
}

export const loader = start;
export const action = start;
