import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getSession, signOut } from "~/.server/auth/session";
import { identity } from "~/.server/identity";

// POST /logout ends the session (row deleted, cookie cleared; at Supabase, revoked) and lands on / (spec section 2).
// A GET never signs out (a link or an image could trigger it); it just goes home.
export async function action({ request }: ActionFunctionArgs) {
  const current = await getSession(request);
  await identity().signOut(current?.identityState ?? null);
  return redirect("/", { headers: await signOut(request) });
}

export async function loader() {
  return redirect("/");
}
