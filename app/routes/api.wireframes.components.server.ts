import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readJsonAs } from "~/.server/http/body";
import { methodNotAllowed } from "~/.server/http/problem";
import { createComponent, listComponents } from "~/.server/wireframes";
import { answer, json, MAX_COMPONENT_BYTES } from "~/.server/wireframes/api";

/** "Save as component": its name and definition (the service checks the definition, lifting an older editor's schemaVersion first). */
const newComponentSchema = z.object({
  name: z.string({ error: "Give the component a name." }),
  definition: z.unknown(),
});

/** GET /api/wireframes/components: the workspace's main components. */
export async function loader({ request }: LoaderFunctionArgs) {
  return answer(request, async (member) => json({ components: await listComponents(member) }));
}

/** POST /api/wireframes/components `{ name, definition }` -> 201 `{ id, version }` ("Save as component"). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return answer(request, async (member) => {
    const body = await readJsonAs(request, newComponentSchema, { maxBytes: MAX_COMPONENT_BYTES });
    return json(await createComponent(member, body), 201);
  });
}
