import type { ActionFunctionArgs } from "@remix-run/node";
import { patchSchema } from "~/lib/wireframes/schema";
import { readJsonAs } from "~/.server/http/body";
import { applyPatch } from "~/.server/wireframes";
import { methodNotAllowed } from "~/.server/http/problem";
import { answer, json, MAX_PATCH_BYTES } from "~/.server/wireframes/api";

/**
 * POST /api/wireframes/:id/patches `{ clientId, patchId?, ops }`: one patch, parsed here by
 * the one patch schema (the editor checks its patches with it too), applied in the server's
 * order. 200 `{ seq, skipped }`; otherwise problem details: 400 `validation_failed` naming
 * each invalid path in `errors` with nothing written; 401 signed out; 403 for a viewer or
 * a read-only workspace; 404 for another workspace's wireframe; 413/415 for a body too
 * large or not JSON.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return answer(
    request,
    async (member) => {
      const patch = await readJsonAs(request, patchSchema, { maxBytes: MAX_PATCH_BYTES });
      return json(await applyPatch(member, params.id ?? "", patch));
    },
    "change",
  );
}

export const loader = () => methodNotAllowed(["POST"]);
