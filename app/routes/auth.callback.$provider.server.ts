import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isOAuthProvider } from "~/.server/auth/oauth";
import { identity } from "~/.server/identity";

/**
 * /auth/callback/<provider>: where Google and GitHub (or Supabase, for them) send the
 * browser back. Signs in (finding, linking or creating the account), or goes back to
 * /auth with the reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<Response> {
  const provider = params.provider;
  if (!isOAuthProvider(provider)) throw redirect("/auth");
  return identity().oauthCallback(request, provider);
}
