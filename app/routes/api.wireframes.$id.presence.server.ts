import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readJsonAs } from "~/.server/http/body";
import { publishPresence, type Presence } from "~/.server/wireframes";
import { methodNotAllowed } from "~/.server/http/problem";
import { answer } from "~/.server/wireframes/api";

/** What an editor says of itself: its tab, the screen it shows (or none), what it selected. */
const presenceSchema = z.strictObject({
  clientId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Expected a client id."),
  screenId: z.string().max(64).nullable(),
  selection: z.array(z.string().max(64)).max(2_000, "A selection holds at most 2,000 ids."),
}) satisfies z.ZodType<Presence>;

/**
 * POST /api/wireframes/:id/presence `{ clientId, screenId, selection }`: 204, published to
 * the wireframe's editors (viewers too: they are there). A body that is not that is a 400
 * `validation_failed` naming each invalid path in `errors`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return answer(request, async (member) => {
    await publishPresence(member, params.id ?? "", await readJsonAs(request, presenceSchema));
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
