import type { LoaderFunctionArgs } from "@remix-run/node";
import { MAX_QUERY_LENGTH, search } from "~/.server/search";
import { apiMember } from "~/.server/http/api-member";

/** GET /api/search?q=: the same grouped results as /search, as JSON (the command palette). */
export async function loader({ request }: LoaderFunctionArgs) {
  // A signed-out caller gets 401 problem details, not a redirect to the sign-in page.
  const member = await apiMember(request, "workspace");
  if (member instanceof Response) return member;
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH);
  return Response.json(await search(member, q, { limit: 5 }), { headers: { "Cache-Control": "no-store" } });
}
