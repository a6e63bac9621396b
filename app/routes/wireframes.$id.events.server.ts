import type { LoaderFunctionArgs } from "@remix-run/node";
import { isUserError } from "~/.server/errors";
import { wireframeEvents } from "~/.server/wireframes";
import { requireMember } from "~/.server/workspaces";

/**
 * GET /wireframes/:id/events?since=<seq>&clientId=<id>: the wireframe's live events as
 * server-sent events (app/.server/wireframes/events.ts lists them). Another workspace's
 * wireframe, a missing one or a malformed id: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const url = new URL(request.url);
  const rawSince = url.searchParams.get("since");
  const since = rawSince !== null && /^\d{1,15}$/.test(rawSince) ? Number(rawSince) : undefined;
  const clientId = url.searchParams.get("clientId") ?? undefined;
  try {
    return await wireframeEvents(request, member, params.id ?? "", { since, clientId });
  } catch (error) {
    if (!isUserError(error)) throw error;
    return new Response(error.message, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
