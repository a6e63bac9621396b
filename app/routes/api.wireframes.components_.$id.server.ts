import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/.server/http/problem";
import { deleteComponent, updateComponent } from "~/.server/wireframes";
import { answerComponent, componentChangeSchema, componentJson, parseComponentBody } from "~/.server/wireframes/component-requests";

/**
 * POST /api/wireframes/components/:id `{ name?, definition?, baseVersion? }` -> `{ version }`:
 * every instance follows. A definition goes with the version it was edited from; if someone
 * saved since, 409 `version_conflict` with the component as it now is (`current`), nothing
 * written. DELETE: its instances everywhere are detached first -> `{ detached }`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (request.method === "DELETE") return answerComponent(request, async (member) => componentJson(await deleteComponent(member, id)));
  if (request.method !== "POST") return methodNotAllowed(["POST", "DELETE"]);
  return answerComponent(request, async (member) => {
    const body = await parseComponentBody(request, componentChangeSchema);
    if (body instanceof Response) return body;
    return componentJson(await updateComponent(member, id, body));
  });
}
