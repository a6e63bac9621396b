import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readJsonAs } from "~/.server/http/body";
import { methodNotAllowed } from "~/.server/http/problem";
import { deleteComponent, updateComponent } from "~/.server/wireframes";
import { answer, json, MAX_COMPONENT_BYTES } from "~/.server/wireframes/api";

/** A rename, or a definition over the version it was edited from (the service checks the definition). */
const componentChangeSchema = z.object({
  name: z.string().optional(),
  definition: z.unknown().optional(),
  baseVersion: z.number().int().min(1).optional(),
});

/**
 * POST /api/wireframes/components/:id `{ name?, definition?, baseVersion? }` -> `{ version }`:
 * every instance follows. A definition goes with the version it was edited from; if someone
 * saved since, 409 `version_conflict` with the component as it now is (`current`), nothing
 * written. DELETE: its instances everywhere are detached first -> `{ detached }`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method === "DELETE") return answer(request, async (member) => json(await deleteComponent(member, id)));
  if (request.method !== "POST") return methodNotAllowed(["POST", "DELETE"]);
  return answer(request, async (member) => {
    const body = await readJsonAs(request, componentChangeSchema, { maxBytes: MAX_COMPONENT_BYTES });
    return json(await updateComponent(member, id, body));
  });
}
