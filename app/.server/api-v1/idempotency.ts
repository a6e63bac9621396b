import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { db, schema } from "../db";
import { UserError } from "../errors";
import type { ApiAnswer } from "./http";

/**
 * `Idempotency-Key` on a POST (as Stripe has it): the first request with a key runs and its
 * answer is kept for 24 hours in the workspace; the same key with the same request (method,
 * path, body) gets that answer again with `Idempotent-Replayed: true`; the same key with
 * another request is 422 `idempotency_key_reused`; while the first still runs, 409
 * `idempotency_key_in_use`. A request that fails with a 5xx keeps nothing, so it may be sent
 * again; a refused one (4xx) is kept, like a success, since sending it again changes nothing.
 */
const { apiIdempotencyKeys: keys } = schema;

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type Reservation =
  { kind: "run"; finish: (answer: Stored) => Promise<void>; release: () => Promise<void> } | { kind: "replay"; answer: Stored };

/** What is kept of an answer: its status, the headers a replay repeats, and the body's text. */
export type Stored = { status: number; headers: Record<string, string>; body: string };

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method.toUpperCase()} ${path}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

/** The header's key, checked (printable ASCII, at most 255 characters), or null without one. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get("Idempotency-Key");
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) {
    throw new UserError(
      400,
      "Idempotency-Key must be 1 to 255 printable ASCII characters (a UUID is a good choice).",
      "Idempotency-Key",
      undefined,
      "validation_failed",
    );
  }
  return key;
}

/** Claims `key` for this request, or says what to answer instead (a replay, or a thrown 409/422). */
export async function reserve(workspaceId: string, key: string, hash: string, now = new Date()): Promise<Reservation> {
  const d = db();
  const where = and(eq(keys.workspaceId, workspaceId), eq(keys.key, key));
  // An expired key is free again (and the workspace's other expired keys go with it).
  await d.delete(keys).where(and(eq(keys.workspaceId, workspaceId), lt(keys.expiresAt, now)));
  const claimed = await d
    .insert(keys)
    .values({ workspaceId, key, requestHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
    .onConflictDoNothing()
    .returning({ key: keys.key });
  if (claimed.length > 0) {
    return {
      kind: "run",
      finish: async (answer) => {
        await d
          .update(keys)
          .set({ responseStatus: answer.status, responseHeaders: answer.headers, responseBody: answer.body })
          .where(where);
      },
      release: async () => {
        await d.delete(keys).where(where);
      },
    };
  }
  const [held] = await d.select().from(keys).where(where);
  if (!held) return reserve(workspaceId, key, hash, now); // released in between: claim it now
  if (held.requestHash !== hash) {
    throw new UserError(
      422,
      "This Idempotency-Key was already used with another request in the last 24 hours. Use a new key for a new request.",
      "Idempotency-Key",
      undefined,
      "idempotency_key_reused",
    );
  }
  if (held.responseStatus === null) {
    throw new UserError(
      409,
      "A request with this Idempotency-Key is still running. Wait for its answer, then send it again to read it.",
      "Idempotency-Key",
      undefined,
      "idempotency_key_in_use",
    );
  }
  return { kind: "replay", answer: { status: held.responseStatus, headers: held.responseHeaders ?? {}, body: held.responseBody ?? "" } };
}

/** The headers of an answer that a replay repeats. */
export function keptHeaders(answer: ApiAnswer | Response): Record<string, string> {
  const all = answer instanceof Response ? Object.fromEntries(answer.headers) : (answer.headers ?? {});
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(all)) if (/^(content-type|location|etag|link)$/i.test(k)) kept[k] = v;
  return kept;
}
