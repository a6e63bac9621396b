import { createHash } from "node:crypto";
import { type z } from "zod";
import { UserError } from "../errors";

/**
 * The API's conventions that are not one resource's: opaque cursors, pages with their
 * `next` link, ETags and `If-Match`. Decision 028 says why each is so.
 */

export const API_PREFIX = "/api/v1";

/**
 * An answer a handler gives the router: the status, the JSON body (none for 204) and headers of
 * its own; or a `file` (an export: its bytes, type and name) sent as itself, not as JSON.
 */
export type ApiAnswer = { status: 200 | 201 | 204; body?: unknown; headers?: Record<string, string>; file?: ApiFile };
export type ApiFile = { bytes: Uint8Array | string; contentType: string; fileName: string };

// ---- cursors ----

/** A cursor: the last row's sort key, opaque to clients (base64url of JSON). */
export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The sort key a cursor carries (checked by the list's own `shape`), or a 400 on the `cursor` parameter. */
export function decodeCursor<T>(cursor: string | undefined, shape: z.ZodType<T>): T | null {
  if (cursor === undefined) return null;
  try {
    const parsed = shape.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: any unreadable cursor gets the same answer
  }
  throw new UserError(400, "This cursor is not one the API gave. Start again without it.", "cursor", undefined, "validation_failed");
}

/**
 * A page: the rows asked for (the handler reads `limit + 1` to know whether more follow),
 * the `next` link in the body and as `Link: <…>; rel="next"` (RFC 8288).
 */
export function pageAnswer<R, T>(
  url: URL,
  rows: R[],
  limit: number,
  toItem: (row: R) => T,
  keyOf: (row: R) => (string | number)[],
): ApiAnswer {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  let next: string | null = null;
  if (more) {
    const nextUrl = new URL(url.pathname + url.search, "http://x");
    nextUrl.searchParams.set("cursor", encodeCursor(keyOf(shown[shown.length - 1]!)));
    nextUrl.searchParams.set("limit", String(limit));
    next = nextUrl.pathname + nextUrl.search;
  }
  return {
    status: 200,
    body: { object: "list", data: shown.map(toItem), next },
    headers: next ? { Link: `<${next}>; rel="next"` } : {},
  };
}

/** A list that comes whole (a board's columns, a card's checklist, the members): one page, `next` null. */
export function wholeListAnswer(items: unknown[]): ApiAnswer {
  return { status: 200, body: { object: "list", data: items, next: null } };
}

// ---- ETags ----

/**
 * An object's ETag: the digest of its representation (which carries a card's `version`
 * and every kind's `updatedAt` where the app keeps one). A digest rather than the version
 * alone, because some changes (a label put on a card) raise no version.
 */
export function etagOf(object: unknown): string {
  return `"${createHash("sha256").update(JSON.stringify(object)).digest("base64url").slice(0, 27)}"`;
}

/** The tags of an `If-Match` or `If-None-Match` header (`*` as itself); null without one. */
export function tagsOf(header: string | null): string[] | null {
  if (header === null || header.trim() === "") return null;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .filter(Boolean);
}

/** A write's precondition: with `If-Match`, the object must still be what the client read (412 otherwise). */
export function requireMatch(ifMatch: string | null, current: unknown): void {
  const tags = tagsOf(ifMatch);
  if (!tags || tags.includes("*")) return;
  if (!tags.includes(etagOf(current))) {
    throw new UserError(
      412,
      "This object changed since you read it (its ETag is not the one in If-Match). Read it again, then send your change.",
      undefined,
      undefined,
      "precondition_failed",
    );
  }
}

/** An object's answer with its ETag. */
export function objectAnswer(object: unknown, status: 200 | 201 = 200, headers: Record<string, string> = {}): ApiAnswer {
  return { status, body: object, headers: { ETag: etagOf(object), ...headers } };
}

/**
 * A file's answer (a wireframe's or a design version's export): its own `Content-Type`, a
 * `Content-Disposition` naming it, and an ETag of its bytes (it changes exactly when they do).
 */
export function fileAnswer(file: ApiFile): ApiAnswer {
  const digest = createHash("sha256").update(file.bytes).digest("base64url").slice(0, 27);
  return { status: 200, file, headers: { ETag: `"${digest}"` } };
}
