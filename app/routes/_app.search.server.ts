import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { MAX_QUERY_LENGTH, search } from "~/.server/search";
import { requireMember } from "~/.server/workspaces";

/** /search?q=: the workspace's projects, cards, members and wireframes matching q, grouped by kind. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  return data(await search(member, q, { limit: 10 }), { headers: { "Cache-Control": "no-store" } });
}
