import type { ActionFunctionArgs } from "@remix-run/node";
import { readJson } from "~/.server/http/body";
import { publishPresence } from "~/.server/wireframes";
import { methodNotAllowed } from "~/.server/http/problem";
import { answer } from "~/.server/wireframes/api";

/** POST /api/wireframes/:id/presence `{ clientId, screenId, selection }`: 204, published to the wireframe's editors. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return answer(request, async (member) => {
    await publishPresence(member, params.id ?? "", await readJson(request));
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
