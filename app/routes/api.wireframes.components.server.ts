import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readJson } from "~/.server/http/body";
import { createComponent, listComponents } from "~/.server/wireframes";
import { methodNotAllowed } from "~/.server/http/problem";
import { answer, json } from "~/.server/wireframes/api";

/** A definition holds at most 500 elements. */
const MAX_COMPONENT_BYTES = 512 * 1024;

/** GET /api/wireframes/components: the workspace's main components. */
export async function loader({ request }: LoaderFunctionArgs) {
  return answer(request, async (member) => json({ components: await listComponents(member) }));
}

/** POST /api/wireframes/components `{ name, definition }` -> `{ id, version }` ("Save as component"). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return answer(request, async (member) => {
    const body = (await readJson(request, { maxBytes: MAX_COMPONENT_BYTES })) as { name?: unknown; definition?: unknown } | null;
    const name = typeof body?.name === "string" ? body.name : "";
    return json(await createComponent(member, { name, definition: body?.definition }), 201);
  });
}
