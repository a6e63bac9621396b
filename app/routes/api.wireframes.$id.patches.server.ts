import type { ActionFunctionArgs } from "@remix-run/node";
import { readJson } from "~/.server/http/body";
import { applyPatch } from "~/.server/wireframes";
import { methodNotAllowed } from "~/.server/http/problem";
import { answer, json } from "~/.server/wireframes/api";

/** A patch body is at most 2,000 ops; 512 KB holds them (one element's patch is under 1 KB). */
export const MAX_PATCH_BYTES = 512 * 1024;

/**
 * POST /api/wireframes/:id/patches `{ clientId, ops }`: one patch, applied in the server's
 * order. 200 `{ seq, skipped }`; otherwise problem details: 400 naming the invalid path (in
 * `errors`) with nothing written; 403 for a viewer or a read-only workspace; 404 for
 * another workspace's wireframe; 413/415 for a body too large or not JSON.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return answer(request, async (member) => {
    const body = await readJson(request, { maxBytes: MAX_PATCH_BYTES });
    return json(await applyPatch(member, params.id ?? "", body));
  });
}

export const loader = () => methodNotAllowed(["POST"]);
