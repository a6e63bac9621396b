/**
 * Express → Remix, in place of @remix-run/express's handler (whose request building and
 * response sending it follows), for three things that adapter cannot do:
 *
 * - the body is the one server/request-guard.ts already read and checked
 *   (`res.locals.body`), or an upload's counted stream (`res.locals.bodyStream`);
 * - each request runs in a request scope (app/.server/http/request-scope.ts), so a 429 gets
 *   the `Retry-After` its rate limit asked for, on a rendered page as on JSON (Remix keeps
 *   an action's own headers only on resource routes and `.data` answers). A 429 that no
 *   limiter explained still gets one: DEFAULT_RETRY_AFTER_SECONDS;
 * - anything thrown reaches the server's error handler (a 500 without a stack trace);
 * - a 500 whose cause was an unreachable database (entry.server.tsx's handleError notes it
 *   in the request scope) goes out as a 503 with `Retry-After`, so clients and load
 *   balancers retry instead of reporting a bug.
 */
import type { Readable } from "node:stream";
import {
  type AppLoadContext,
  type ServerBuild,
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { inRequestScope, type RequestScope } from "../app/.server/http/request-scope.js";

export const DEFAULT_RETRY_AFTER_SECONDS = 60;

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // req.hostname has no port: take it from X-Forwarded-Host or Host (as @remix-run/express does).
  const forwardedPort = Number.parseInt(req.get("x-forwarded-host")?.split(":")[1] ?? "", 10);
  const hostPort = Number.parseInt(req.get("host")?.split(":")[1] ?? "", 10);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);

  // Abort the loaders and actions when the client goes away before the answer is sent.
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());

  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: headersOf(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const buffered = res.locals.body as Buffer<ArrayBuffer> | undefined;
    if (buffered) init.body = buffered;
    else {
      init.body = createReadableStreamFromReadable((res.locals.bodyStream as Readable | undefined) ?? req);
      init.duplex = "half";
    }
  }
  return new Request(url.href, init);
}

/** A 500 because the database could not be reached (down, restarting) goes out as a 503: try again soon. */
export function answersUnavailable(status: number, scope: RequestScope): boolean {
  return status === 500 && scope.databaseUnavailable === true;
}

async function send(res: ExpressResponse, response: Response, scope: RequestScope): Promise<void> {
  const unavailable = answersUnavailable(response.status, scope);
  res.statusMessage = unavailable ? "Service Unavailable" : response.statusText;
  res.status(unavailable ? 503 : response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (unavailable) res.setHeader("Retry-After", "5");
  const retryAfterSeconds = scope.retryAfterSeconds;
  if (response.status === 429 && !response.headers.has("Retry-After")) {
    res.setHeader("Retry-After", String(retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
  }
  // What the request's code asked every answer to carry (an API key's RateLimit headers).
  for (const [key, value] of Object.entries(scope.responseHeaders ?? {})) if (!response.headers.has(key)) res.setHeader(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function remixHandler(opts: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}): RequestHandler {
  const handle = createRequestHandler(opts.build, opts.mode);
  return async (req, res, next) => {
    try {
      const request = fetchRequest(req, res);
      const { result: response, scope } = await inRequestScope(() => handle(request, opts.getLoadContext(req, res)), req.method);
      await send(res, response, scope);
    } catch (error) {
      next(error);
    }
  };
}
