import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { MAX_ATTACHMENT_BYTES, tooLargeMessage } from "~/lib/file-size";

/** What a post's text fields and multipart framing may add to the file's own size. */
const FIELDS_ALLOWANCE = 64 * 1024;
const MAX_BODY_BYTES = MAX_ATTACHMENT_BYTES + FIELDS_ALLOWANCE;

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413; message: string };

const tooLarge: FormBody = { ok: false, status: 413, message: tooLargeMessage() };

/**
 * A form post's body as FormData, for the board's page and its JSON API alike.
 * multipart/form-data (the attachment form) is streamed through a memory handler
 * that stops reading past 25 MB for a file and a little more for the whole body, so
 * an oversized upload is refused (413) before it is held in memory.
 */
export async function readFormBody(request: Request): Promise<FormBody> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) return { ok: true, form: await request.formData() };
  if (Number(request.headers.get("Content-Length")) > MAX_BODY_BYTES) return tooLarge;
  try {
    return { ok: true, form: await unstable_parseMultipartFormData(request, boundedUploadHandler()) };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return tooLarge;
    // Nothing but the body's own framing is read here: anything else is a malformed upload.
    return { ok: false, status: 400, message: "The upload could not be read. Choose the file and try again." };
  }
}

/** Remix's memory handler (25 MB a part), plus a cap on the whole body across parts. */
function boundedUploadHandler(): UploadHandler {
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: MAX_ATTACHMENT_BYTES });
  let total = 0;
  return (part) =>
    memory({
      ...part,
      data: (async function* () {
        for await (const chunk of part.data) {
          total += chunk.byteLength;
          if (total > MAX_BODY_BYTES) throw new MaxPartSizeExceededError(part.name, MAX_BODY_BYTES);
          yield chunk;
        }
      })(),
    });
}
