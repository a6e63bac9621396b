import { MAX_ATTACHMENT_BYTES, tooLargeMessage } from "~/lib/file-size";
import { UserError } from "../errors";
import { readForm } from "../http/body";

/** What a post's text fields and multipart framing may add to the file's own size. */
const FIELDS_ALLOWANCE = 64 * 1024;
const MAX_UPLOAD_BYTES = MAX_ATTACHMENT_BYTES + FIELDS_ALLOWANCE;

/**
 * A board post's body as FormData, for the board's page and its JSON API alike, through
 * `readForm` (a wrong content type 415, a missing or malformed body 400, over 64 KB 413,
 * the limit the server's request guard holds these addresses to as well).
 * Only the attachment form posts multipart/form-data: reading stops past 25 MB and a
 * little more, and its refusals are the upload's own (a UserError on the file field:
 * 413 with the size limit's message, 400 for a body that is not a readable upload).
 */
export async function readBoardForm(request: Request): Promise<FormData> {
  const multipart = /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
  if (!multipart) return readForm(request);
  try {
    return await readForm(request, { multipart: true, maxBytes: MAX_UPLOAD_BYTES });
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) throw new UserError(413, tooLargeMessage(), "file");
    if (thrown instanceof Response && thrown.status === 400) {
      throw new UserError(400, "The upload could not be read. Choose the file and try again.", "file");
    }
    throw thrown;
  }
}
