import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { designAction, designPage } from "~/.server/routes/design-page";
import { requireMember } from "~/.server/workspaces";

/** The workspace's design system (the page is shared with a project's: app/.server/routes/design-page.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "token_set");
  return designPage(member, null, new URL(request.url));
}

export const action = ({ request }: ActionFunctionArgs) => designAction(request, null);
