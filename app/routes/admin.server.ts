import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/.server/beta/admin";

/** The site-admin area's layout: admins only (signed out: to /; signed in otherwise: 403). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { email: admin.email };
}
