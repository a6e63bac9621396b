import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/.server/http/problem";
import { createComponent, listComponents } from "~/.server/wireframes";
import { answerComponent, componentJson, newComponentSchema, parseComponentBody } from "~/.server/wireframes/component-requests";

/** GET /api/wireframes/components: the workspace's main components. */
export async function loader({ request }: LoaderFunctionArgs) {
  return answerComponent(request, async (member) => componentJson({ components: await listComponents(member) }));
}

/** POST /api/wireframes/components `{ name, definition }` -> 201 `{ id, version }` ("Save as component"). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return answerComponent(request, async (member) => {
    const body = await parseComponentBody(request, newComponentSchema);
    if (body instanceof Response) return body;
    return componentJson(await createComponent(member, body), 201);
  });
}
