import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { bellData } from "~/.server/notifications";
import { requireMember } from "~/.server/workspaces";

/** GET /api/notifications: `{ unread, latest }` for the current workspace. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "workspace.view");
  return data(await bellData(member.user.id, member.workspace.id), { headers: { "Cache-Control": "no-store" } });
}
