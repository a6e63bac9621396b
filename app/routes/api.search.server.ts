import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { MAX_QUERY_LENGTH, search } from "~/.server/search";
import { requireMember } from "~/.server/workspaces";

/** GET /api/search?q=: the same grouped results as /search, as JSON (the command palette). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "workspace.view");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  return data(await search(member, q, { limit: 5 }), { headers: { "Cache-Control": "no-store" } });
}
