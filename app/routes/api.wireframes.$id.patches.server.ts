import type { ActionFunctionArgs } from "@remix-run/node";
import { readJson } from "~/.server/http/body";
import { applyPatch } from "~/.server/wireframes";
import { answer, json, methodNotAllowed } from "~/.server/wireframes/api";

/** A patch body is at most 2,000 ops; 512 KB holds them (one element's patch is under 1 KB). */
export const MAX_PATCH_BYTES = 512 * 1024;

/**
 * POST /api/wireframes/:id/patches `{ clientId, ops }`: one patch, applied in the server's
 * order. 200 `{ seq, skipped }`; 400 `{ error, path }` with nothing written; 403 for a
 * viewer; 404 for another workspace's wireframe; 409 while the workspace is read-only;
 * 413/415 for a body too large or not JSON.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return answer(request, async (member) => {
    const body = await readJson(request, { maxBytes: MAX_PATCH_BYTES });
    return json(await applyPatch(member, params.id ?? "", body));
  });
}
