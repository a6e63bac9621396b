import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { designAction, designPage } from "~/.server/design/page-route";
import { requireMember } from "~/.server/workspaces";

/** The workspace's design system (the page is shared with a project's: app/.server/design/page-route.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "token_set");
  return designPage(member, null, new URL(request.url));
}

export const action = ({ request }: ActionFunctionArgs) => designAction(request, null);
