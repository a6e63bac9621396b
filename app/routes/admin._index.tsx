import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/.server/beta/admin";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/beta");
}
