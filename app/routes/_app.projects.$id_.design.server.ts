import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/.server/workspaces";
import { designAction, designPage } from "~/.server/routes/design-page";

/** A project's design system: the base inherited, its own additions and overrides; another workspace's project is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "token_set");
  return designPage(member, params.id ?? "", new URL(request.url));
}

export const action = ({ request, params }: ActionFunctionArgs) => designAction(request, params.id ?? "");
