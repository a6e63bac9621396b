import type { ActionFunctionArgs } from "@remix-run/node";
import { MAX_ATTACHMENT_BYTES } from "~/lib/file-size";
import { readForm } from "~/.server/http/body";
import { uploadImage } from "~/.server/wireframes";
import { methodNotAllowed, problem } from "~/.server/http/problem";
import { answer, json } from "~/.server/wireframes/api";

/** The image (25 MB at most) and the multipart framing around it. */
const MAX_UPLOAD_BYTES = MAX_ATTACHMENT_BYTES + 64 * 1024;

/**
 * POST /api/wireframes/:id/images, multipart with a `file`: a PNG, JPEG, GIF or WebP image,
 * stored and counted in the workspace's storage -> 201 `{ fileId, url }`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return answer(request, async (member) => {
    const form = await readForm(request, { multipart: true, maxBytes: MAX_UPLOAD_BYTES });
    const file = form.get("file");
    if (!(file instanceof Blob)) {
      const detail = "Choose an image to upload.";
      return problem({ status: 400, code: "validation_failed", detail, errors: [{ field: "file", message: detail }] });
    }
    return json(await uploadImage(member, params.id ?? "", file as Blob & { name?: string }), 201);
  });
}

export const loader = () => methodNotAllowed(["POST"]);
