import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isOAuthProvider, startOAuth } from "~/.server/auth/oauth";

// /auth/oauth/<provider>: the Google and GitHub buttons post here; the answer is a
// redirect to the provider (or back to /auth with the reason it cannot start).
async function start({ request, params }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!isOAuthProvider(params.provider)) throw redirect("/auth");
  return startOAuth(request, params.provider);
}

export const loader = start;
export const action = start;
