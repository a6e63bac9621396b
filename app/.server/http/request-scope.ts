import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What one request's code tells the server about its answer, across the await chain of
 * its loaders and actions (AsyncLocalStorage). Today: the wait a refused rate limit
 * asked for, so server/remix-handler.ts puts `Retry-After` on the 429 whatever route
 * answered it (Remix keeps an action's headers only on resource routes and `.data`
 * answers, not on a page it renders).
 *
 * server.ts and the Remix build are two bundles, each with a copy of this module: the
 * storage itself lives on globalThis so both use one.
 */
export type RequestScope = { retryAfterSeconds?: number };

const key = Symbol.for("atelier.request-scope");
type GlobalWithScope = typeof globalThis & { [key]?: AsyncLocalStorage<RequestScope> };
const g = globalThis as GlobalWithScope;
const storage = (g[key] ??= new AsyncLocalStorage<RequestScope>());

/** Runs `fn` (the app's handling of one request) with a fresh scope, given back beside its result. */
export async function inRequestScope<T>(fn: () => Promise<T>): Promise<{ result: T; scope: RequestScope }> {
  const scope: RequestScope = {};
  const result = await storage.run(scope, fn);
  return { result, scope };
}

/** A rate limit refused this request: the client may try again in `seconds` (the longest wait wins). */
export function noteRetryAfter(seconds: number): void {
  const scope = storage.getStore();
  if (scope) scope.retryAfterSeconds = Math.max(scope.retryAfterSeconds ?? 0, Math.ceil(seconds));
}
