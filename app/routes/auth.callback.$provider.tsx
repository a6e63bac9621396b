import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { finishOAuth, isOAuthProvider } from "~/.server/auth/oauth";

// /auth/callback/<provider>: where Google and GitHub send the browser back.
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isOAuthProvider(params.provider)) throw redirect("/auth");
  return finishOAuth(request, params.provider);
}
