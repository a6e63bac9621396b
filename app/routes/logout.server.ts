import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOut } from "~/.server/auth/session";

// POST /logout ends the session (row deleted, cookie cleared) and lands on / (spec section 2).
// A GET never signs out (a link or an image could trigger it); it just goes home.
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { headers: await signOut(request) });
}

export async function loader() {
  return redirect("/");
}
