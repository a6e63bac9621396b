import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { AUTH_TEXT } from "~/.server/auth/messages";
import {
  type OAuthProfile,
  accountForOAuthProfile,
  isOAuthProvider,
  oauthAuthenticator,
  oauthFailureHref,
  oauthStateCookies,
} from "~/.server/auth/oauth";
import { signIn } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/http/flash";

/**
 * /auth/callback/<provider>: where Google and GitHub send the browser back. Signs in
 * (finding, linking or creating the account), or goes back to /auth with the reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<Response> {
  const provider = params.provider;
  if (!isOAuthProvider(provider)) throw redirect("/auth");
  const auth = oauthAuthenticator(provider);
  if (!auth) return redirect(oauthFailureHref(provider, "unconfigured"));
  let profile: OAuthProfile;
  try {
    if (!new URL(request.url).searchParams.get("state")) throw new Error("the return carries no state");
    profile = await auth.authenticate(provider, request);
  } catch (thrown) {
    // Denied at the provider, state or PKCE mismatch, provider down: the user just
    // sees that it failed; the log says why.
    console.warn(`[oauth] ${provider}: authentication failed:`, thrown instanceof Error ? thrown.message : thrown);
    return redirect(oauthFailureHref(provider, "failed"));
  }
  const account = await accountForOAuthProfile(profile);
  if (!account.ok) return redirect(oauthFailureHref(provider, account.reason));
  const headers = await signIn(request, account.userId);
  // The library leaves its state cookies behind: expire them.
  for (const name of oauthStateCookies(request.headers.get("Cookie"), provider)) {
    headers.append("Set-Cookie", `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
  }
  return redirectWithToast("/dashboard", { title: AUTH_TEXT.signedIn, variant: "success" }, { headers });
}
