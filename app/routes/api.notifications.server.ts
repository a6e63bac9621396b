import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { bellData } from "~/.server/notifications";
import { apiMember } from "~/.server/http/api-member";

/** GET /api/notifications: `{ unread, latest }` for the current workspace. */
export async function loader({ request }: LoaderFunctionArgs) {
  // A signed-out caller gets 401 problem details, not a redirect to the sign-in page.
  const member = await apiMember(request, "workspace");
  if (member instanceof Response) return member;
  return data(await bellData(member.user.id, member.workspace.id), { headers: { "Cache-Control": "no-store" } });
}
