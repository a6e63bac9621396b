/**
 * The one way a route reads a request body. Bad bodies never reach a parser that throws:
 * a wrong content type answers 415, a missing or malformed body 400, one over its limit
 * 413, each as a thrown problem-details Response (`problem.ts`: codes
 * `unsupported_media_type`, `invalid_request`, `payload_too_large`); the error boundary
 * shows its `detail` on a page, an API client reads the problem.
 */
import type { z } from "zod";
import { problem, validationProblem } from "./problem";

/** JSON and plain forms: 64 KB unless a route needs more (file uploads pass their own). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type BodyOptions = { maxBytes?: number };

export function bodyError(status: 400 | 413 | 415, detail: string, headers: Record<string, string> = {}): Response {
  return problem({ status, detail, headers });
}

/** What a refused body is told; server/request-guard.ts answers with the same words before a route runs. */
export const BODY_MESSAGES = {
  tooLarge: (max: number) => `The request is too large (more than ${formatLimit(max)}).`,
  unsupported: "This address only accepts a form submission.",
  unsupportedJson: "This address only accepts JSON (Content-Type: application/json).",
  unsupportedAny: "This address only accepts a form submission or JSON.",
  noBody: "The request has no body.",
  malformedForm: "The form could not be read. Please try again.",
  malformedJson: "The request body is not valid JSON.",
  unreadable: "The request body could not be read. Please try again.",
  nulCharacter: "The request contains a NUL character (U+0000), which cannot be stored. Remove it and try again.",
};
const MESSAGES = BODY_MESSAGES;

export function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** `multipart/form-data; boundary=…` → `multipart/form-data`; "" when there is none. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

function mediaType(request: Request): string {
  return mediaTypeOf(request.headers.get("Content-Type"));
}

/** The body's bytes, refusing (413) as soon as it passes `maxBytes`, whatever Content-Length claims. */
export async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw bodyError(413, MESSAGES.tooLarge(maxBytes));
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw bodyError(413, MESSAGES.tooLarge(maxBytes));
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    throw bodyError(400, MESSAGES.unreadable);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Postgres keeps no NUL character in text or jsonb: a value carrying one would fail its
 * query (a 500). No form or JSON field may hold one; files may.
 */
const NUL = "\u0000";

function holdsNul(parsed: unknown): boolean {
  const stack = [parsed];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (value.includes(NUL)) return true;
    } else if (typeof value === "object" && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes(NUL)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

function refuseNul(form: FormData): FormData {
  for (const [key, value] of form)
    if (key.includes(NUL) || (typeof value === "string" && value.includes(NUL))) throw bodyError(400, MESSAGES.nulCharacter);
  return form;
}

/**
 * A form post (urlencoded or multipart) as FormData. Multipart is accepted only where the
 * route allows it (`multipart: true`, file uploads), with that route's own limit. A field
 * holding a NUL character is refused (400).
 */
export async function readForm(request: Request, options: BodyOptions & { multipart?: boolean } = {}): Promise<FormData> {
  const maxBytes = options.maxBytes ?? BODY_LIMIT_BYTES;
  const type = mediaType(request);
  if (!type) {
    const bytes = await readBytes(request, maxBytes);
    if (bytes.byteLength === 0) throw bodyError(400, MESSAGES.noBody);
    throw bodyError(415, MESSAGES.unsupported);
  }
  if (type === "application/x-www-form-urlencoded") {
    const bytes = await readBytes(request, maxBytes);
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    const form = new FormData();
    for (const [key, value] of new URLSearchParams(text)) form.append(key, value);
    return refuseNul(form);
  }
  if (type === "multipart/form-data") {
    const bytes = await readBytes(request, maxBytes);
    try {
      const form = await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
      if (!options.multipart) {
        for (const [, value] of form) if (typeof value !== "string") throw bodyError(415, MESSAGES.unsupported);
      }
      return refuseNul(form);
    } catch (error) {
      if (error instanceof Response) throw error;
      throw bodyError(400, MESSAGES.malformedForm);
    }
  }
  throw bodyError(415, MESSAGES.unsupported);
}

/** A JSON body (`application/json`), parsed; validate the result with a zod schema. */
export async function readJson(request: Request, options: BodyOptions = {}): Promise<unknown> {
  const maxBytes = options.maxBytes ?? BODY_LIMIT_BYTES;
  const type = mediaType(request);
  if (type !== "application/json" && !type.endsWith("+json")) {
    if (!type) {
      const bytes = await readBytes(request, maxBytes);
      if (bytes.byteLength === 0) throw bodyError(400, MESSAGES.noBody);
    }
    throw bodyError(415, MESSAGES.unsupportedJson);
  }
  const bytes = await readBytes(request, maxBytes);
  if (bytes.byteLength === 0) throw bodyError(400, MESSAGES.noBody);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw bodyError(400, MESSAGES.malformedJson);
  }
  if (holdsNul(value)) throw bodyError(400, MESSAGES.nulCharacter);
  return value;
}

/**
 * A JSON body read by `readJson` and parsed by the route's zod schema: the typed value, or a
 * thrown 400 `validation_failed` problem naming each invalid field's path (`validationProblem`).
 */
export async function readJsonAs<T extends z.ZodType>(request: Request, schema: T, options: BodyOptions = {}): Promise<z.output<T>> {
  const parsed = schema.safeParse(await readJson(request, options));
  if (!parsed.success) throw validationProblem(parsed.error);
  return parsed.data;
}
