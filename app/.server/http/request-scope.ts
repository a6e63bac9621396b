import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one request's code tells the server about its answer, across the await chain of
 * its loaders and actions (AsyncLocalStorage). Today: the wait a refused rate limit
 * asked for, so server/remix-handler.ts puts `Retry-After` on the 429 whatever route
 * answered it (Remix keeps an action's headers only on resource routes and `.data`
 * answers, not on a page it renders); whether the database was unreachable; and reads
 * that several parts of one page make alike, done once (oncePerRequest).
 *
 * server.ts and the Remix build are two bundles, each with a copy of this module: the
 * storage itself lives on globalThis so both use one.
 */
export type RequestScope = {
  retryAfterSeconds?: number;
  /** The database could not be reached while answering: a 500 becomes a 503 (server/remix-handler.ts). */
  databaseUnavailable?: boolean;
  /** oncePerRequest's answers, by key. */
  once?: Map<string, Promise<unknown>>;
  /** Headers the answer carries whichever route makes it (an API key's `RateLimit`, server/remix-handler.ts). */
  responseHeaders?: Record<string, string>;
  /** The HTTP method the request came with (a loader after an action sees GET; this does not). */
  method?: string;
};

const key = Symbol.for("atelier.request-scope");
type GlobalWithScope = typeof globalThis & { [key]?: AsyncLocalStorage<RequestScope> };
const g = globalThis as GlobalWithScope;
const storage = (g[key] ??= new AsyncLocalStorage<RequestScope>());

/** Runs `fn` (the app's handling of one request) with a fresh scope, given back beside its result. */
export async function inRequestScope<T>(fn: () => Promise<T>, method?: string): Promise<{ result: T; scope: RequestScope }> {
  const scope: RequestScope = method ? { method } : {};
  const result = await storage.run(scope, fn);
  return { result, scope };
}

/** A rate limit refused this request: the client may try again in `seconds` (the longest wait wins). */
export function noteRetryAfter(seconds: number): void {
  const scope = storage.getStore();
  if (scope) scope.retryAfterSeconds = Math.max(scope.retryAfterSeconds ?? 0, Math.ceil(seconds));
}

/** Headers this request's answer should carry, whatever the route answers (an answer's own header wins). */
export function noteResponseHeaders(headers: Record<string, string>): void {
  const scope = storage.getStore();
  if (scope) scope.responseHeaders = { ...scope.responseHeaders, ...headers };
}

/** Postgres (or the connection to it) is down or restarting, as opposed to a bug: the answer is a 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[1-3]|08\d{3}|53300)$/.test(code)) return true;
    if (
      typeof message === "string" &&
      /Connection terminated|connect ECONNREFUSED|the database system is (starting up|shutting down)|terminating connection due to administrator command|not queryable|timeout exceeded when trying to connect|Client was closed/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/** Marks this request's answer as "the database is unavailable" when `error` says so. */
export function noteDatabaseError(error: unknown): void {
  const scope = storage.getStore();
  if (scope && isDatabaseUnavailable(error)) scope.databaseUnavailable = true;
}

/**
 * Within one request, the first call for `key` answers the later ones too (its promise is
 * shared; a failure is not kept); outside a request (jobs, scripts) every call runs. Only for
 * reads the request's own writes cannot change: /analytics' forecast and its insights both read
 * a project's weekly throughput of the complete weeks before this one.
 */
export function oncePerRequest<T>(key: string, read: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope) return read();
  const once = (scope.once ??= new Map());
  const known = once.get(key) as Promise<T> | undefined;
  if (known) return known;
  const answer = read();
  once.set(key, answer);
  answer.catch(() => once.delete(key));
  return answer;
}

/**
 * Within a request that changes nothing (GET or HEAD: no action runs in it), the first call
 * for `key` answers the later ones: the root, the layout and the page each ask who is signed
 * in and in which workspace, and one answer serves all three. In a request that may write (a
 * form posted without JavaScript runs the action, then the page's loaders), or outside a
 * request, every call reads afresh. A write made inside a read (a session created by a
 * sign-in callback) calls `forgetRead(key)`.
 */
export function oncePerRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope || (scope.method !== "GET" && scope.method !== "HEAD")) return read();
  return oncePerRequest(key, read);
}

/** The next `oncePerRead(key)` of this request reads afresh. */
export function forgetRead(key: string): void {
  storage.getStore()?.once?.delete(key);
}
