import { createHash } from "node:crypto";
import { mediaTypeOf, readBytes } from "../http/body";
import { problem } from "../http/problem";

/**
 * A file sent as the request's raw body (as GitHub's release assets and Linear's uploads take
 * it): the bytes are the file, `Content-Type` is its type, and the operation's query names
 * it. Read here, before the handler and before an Idempotency-Key is claimed, so a refused
 * body claims nothing: no type or a form's type 415, an empty body 400, past the operation's
 * limit 413 (reading stops there).
 */
export type Upload = { bytes: Uint8Array<ArrayBuffer>; contentType: string };

/** A media type as RFC 9110 writes one (`type/subtype`, token characters). */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const FORMS = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

export async function readUpload(request: Request, limit: { maxBytes: number; tooLarge: string }): Promise<Upload | Response> {
  const type = mediaTypeOf(request.headers.get("Content-Type"));
  if (!MEDIA_TYPE.test(type) || type.length > 100 || FORMS.has(type)) {
    return problem({
      status: 415,
      code: "unsupported_media_type",
      detail: FORMS.has(type)
        ? "Send the file's own bytes as the body (not a form), with the file's type as Content-Type."
        : "Send the file's type as Content-Type (for example image/png or application/pdf; application/octet-stream when unknown).",
    });
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBytes(request, limit.maxBytes);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 413) {
      return problem({ status: 413, code: "payload_too_large", detail: limit.tooLarge, headers: { Connection: "close" } });
    }
    throw thrown;
  }
  if (bytes.byteLength === 0) return problem({ status: 400, code: "invalid_request", detail: "The body is empty: send the file's bytes." });
  return { bytes, contentType: type };
}

/** What an Idempotency-Key compares of an upload: its type and a digest of its bytes (not the bytes themselves). */
export function uploadFingerprint(upload: Upload) {
  return { contentType: upload.contentType, sha256: createHash("sha256").update(upload.bytes).digest("hex") };
}
