import { sql } from "drizzle-orm";
import { data } from "@remix-run/node";
import { db, rowsOf } from "../db";
import { noteRetryAfter } from "../http/request-scope";

/**
 * Fixed-window counters in Postgres, so every app instance shares them.
 * One statement: insert the key, or add one to it, or restart an expired window.
 * A refusal also notes its wait in the request's scope, so the 429 that follows carries
 * `Retry-After` whichever route answers it (server/remix-handler.ts).
 */
export type RateLimitResult = { ok: true; remaining: number; resetSeconds?: number } | { ok: false; retryAfterSeconds: number };

export async function hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const result = await db().execute<{ count: number; window_start: Date | string }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, window_start`);
  const rows = rowsOf<{ count: number; window_start: Date | string }>(result);
  const row = rows[0]!;
  const count = Number(row.count);
  const windowStart = new Date(row.window_start).getTime();
  if (count <= limit) return { ok: true, remaining: limit - count, resetSeconds: secondsLeft(windowStart, windowSeconds) };
  return refused(windowStart, windowSeconds);
}

/** Whole seconds until the window that started at `windowStart` ends (at least 1). */
function secondsLeft(windowStart: number, windowSeconds: number): number {
  return Math.max(1, Math.ceil((windowStart + windowSeconds * 1000 - Date.now()) / 1000));
}

function refused(windowStart: number, windowSeconds: number): RateLimitResult {
  const retryAfterSeconds = secondsLeft(windowStart, windowSeconds);
  noteRetryAfter(retryAfterSeconds);
  return { ok: false, retryAfterSeconds };
}

/** Counts without adding (e.g. failures per account, checked before a sign-in attempt). */
export async function peek(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  const result = await db().execute<{ count: number; window_start: Date | string }>(
    sql`select count, window_start from rate_limits where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`,
  );
  const rows = rowsOf<{ count: number; window_start: Date | string }>(result);
  const row = rows[0];
  if (!row || Number(row.count) < limit) return { ok: true, remaining: limit - Number(row?.count ?? 0) };
  return refused(new Date(row.window_start).getTime(), windowSeconds);
}

export async function clear(key: string): Promise<void> {
  await db().execute(sql`delete from rate_limits where key = ${key}`);
}

export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 90
    ? `Too many attempts. Please wait ${seconds} seconds and try again.`
    : `Too many attempts. Please wait ${minutes} minutes and try again.`;
}

/** A 429 with Retry-After; `body` is what the form or API shows. */
export function tooManyRequests<T>(body: T, retryAfterSeconds: number) {
  noteRetryAfter(retryAfterSeconds);
  return data(body, { status: 429, headers: { "Retry-After": String(Math.ceil(retryAfterSeconds)) } });
}
