import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireAdmin } from "~/.server/beta/admin";

/** /admin: the beta queue is the admin area's one page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/beta");
}
