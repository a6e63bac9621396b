import type { ActionFunctionArgs } from "@remix-run/node";
import { readJson } from "~/.server/http/body";
import { deleteComponent, updateComponent } from "~/.server/wireframes";
import { methodNotAllowed } from "~/.server/http/problem";
import { answer, json } from "~/.server/wireframes/api";

const MAX_COMPONENT_BYTES = 512 * 1024;

/**
 * POST /api/wireframes/components/:id `{ name?, definition? }` -> `{ version }`: every
 * instance follows. DELETE: its instances everywhere are detached first -> `{ detached }`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method === "DELETE") return answer(request, async (member) => json(await deleteComponent(member, id)));
  if (request.method !== "POST") return methodNotAllowed(["POST", "DELETE"]);
  return answer(request, async (member) => {
    const body = (await readJson(request, { maxBytes: MAX_COMPONENT_BYTES })) as { name?: unknown; definition?: unknown } | null;
    const input = {
      ...(typeof body?.name === "string" ? { name: body.name } : {}),
      ...(body?.definition !== undefined ? { definition: body.definition } : {}),
    };
    return json(await updateComponent(member, id, input));
  });
}
