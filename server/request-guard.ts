/**
 * The fence every state-changing request (POST, PUT, PATCH, DELETE) passes before the app
 * sees it, so no route can answer 5xx to bad input or forget a limit:
 *
 * - a cross-site request (our same-origin check) or one whose Origin differs from the host
 *   it was sent to (Remix's forwarded-host check, which would throw a 500) → 403;
 * - a content type the address does not take → 415 (pages take forms; the API takes forms
 *   and JSON; the Stripe webhook takes JSON);
 * - a page post with no body and no content type → 400; a JSON body that is empty or not
 *   JSON, or a multipart body that is not a form (e.g. truncated) → 400;
 * - a body over its limit → 413: 64 KB (BODY_LIMIT_BYTES) unless the address is listed in
 *   LARGER_BODIES (the Stripe webhook, the wireframe editor's JSON); a file upload (multipart
 *   to an upload address) streams through to its route, which answers 413 past 25 MB
 *   itself, with this fence a little above it.
 *
 * Accepted bodies are read here (at most their limit) and handed to Remix as bytes
 * (`res.locals.body`), uploads as a counted stream (`res.locals.bodyStream`); see
 * server/remix-handler.ts. Inside routes, `readForm` / `readJson` (app/.server/http/body.ts)
 * apply the same rules for the route's own needs, with the same words.
 */
import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import { BODY_LIMIT_BYTES, BODY_MESSAGES, mediaTypeOf } from "../app/.server/http/body.js";
import { MAX_ATTACHMENT_BYTES, tooLargeMessage } from "../app/lib/file-size.js";
import { refuse } from "./refusal.js";
import { isCrossSiteRequest } from "./security.js";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const isJsonType = (type: string) => type === "application/json" || type.endsWith("+json");

/** Above the upload routes' own limit (25 MB and 64 KB of fields), so the route gives its own answer first. */
export const UPLOAD_FENCE_BYTES = MAX_ATTACHMENT_BYTES + 1024 * 1024;
export const WEBHOOK_PATH = "/api/stripe/webhook";
export const WEBHOOK_LIMIT_BYTES = 1024 * 1024;
/** The wireframe editor's patches and main components (JSON). */
export const WIREFRAME_JSON_BYTES = 512 * 1024;
/** A body over its limit is still read (and dropped) up to this size, so the client gets the 413 rather than a reset connection. */
const DRAIN_BYTES = 8 * 1024 * 1024;

/**
 * The addresses that take more than BODY_LIMIT_BYTES: a route that needs more is listed
 * here (and reads its body with the same limit: `readJson(request, { maxBytes })`).
 * `upload`: multipart streams through to the route, which enforces its own limit.
 */
export const LARGER_BODIES: { path: RegExp; maxBytes?: number; upload?: number; raw?: boolean }[] = [
  // The card panel's attachment form (with JavaScript, its `.data` twin) and the board API.
  { path: /^\/projects\/[^/]+(?:\.data)?$/, upload: UPLOAD_FENCE_BYTES },
  { path: /^\/api\/projects\/[^/]+\/board$/, upload: UPLOAD_FENCE_BYTES },
  // The public API's attachment upload: the file's raw bytes in its own type (any type), streamed.
  { path: /^\/api\/v1\/projects\/[^/]+\/cards\/[^/]+\/attachments$/, upload: UPLOAD_FENCE_BYTES, raw: true },
  // Wireframe images, patches and main components.
  { path: /^\/api\/wireframes\/[^/]+\/images$/, upload: UPLOAD_FENCE_BYTES },
  { path: /^\/api\/wireframes\/[^/]+\/patches$/, maxBytes: WIREFRAME_JSON_BYTES },
  { path: /^\/api\/wireframes\/components(?:\/[^/]+)?$/, maxBytes: WIREFRAME_JSON_BYTES },
  { path: /^\/api\/stripe\/webhook$/, maxBytes: WEBHOOK_LIMIT_BYTES },
];

export type BodyRule = {
  maxBytes: number;
  accepts: (mediaType: string) => boolean;
  /** What a wrong content type is told. */
  unsupported: string;
  /** The page's actions read forms: an empty body with no content type is a 400. */
  needsBody: boolean;
  /** Multipart streams through to the route, up to this many bytes. */
  uploadBytes?: number;
  /** The body is a file of any type (or none), streamed like an upload; the route judges its type. */
  raw?: boolean;
};

export function bodyRuleFor(path: string): BodyRule {
  const larger = LARGER_BODIES.find((l) => l.path.test(path));
  const maxBytes = larger?.maxBytes ?? BODY_LIMIT_BYTES;
  const uploadBytes = larger?.upload;
  if (path === WEBHOOK_PATH) return { maxBytes, accepts: isJsonType, unsupported: BODY_MESSAGES.unsupportedJson, needsBody: true };
  if (larger?.raw)
    return { maxBytes, accepts: () => true, unsupported: BODY_MESSAGES.unsupportedAny, needsBody: false, uploadBytes, raw: true };
  if (path === "/api" || path.startsWith("/api/")) {
    return {
      maxBytes,
      accepts: (t) => t === FORM || t === MULTIPART || isJsonType(t),
      unsupported: BODY_MESSAGES.unsupportedAny,
      needsBody: false,
      uploadBytes,
    };
  }
  return { maxBytes, accepts: (t) => t === FORM || t === MULTIPART, unsupported: BODY_MESSAGES.unsupported, needsBody: true, uploadBytes };
}

/**
 * Remix's own check on actions (`throwIfPotentialCSRFAttack`), answered here as a 403
 * instead of its 500: a request with an Origin must have been sent to that host, as
 * X-Forwarded-Host (its first value) or else Host says.
 */
export function failsForwardedHostCheck(input: {
  origin: string | undefined;
  forwardedHost: string | undefined;
  host: string | undefined;
}) {
  if (!input.origin) return false;
  let originHost: string;
  try {
    originHost = input.origin === "null" ? "null" : new URL(input.origin).host;
  } catch {
    return true;
  }
  const target = input.forwardedHost?.split(",")[0]?.trim() || input.host;
  return !target || originHost !== target;
}

export const FORBIDDEN = {
  crossSite: "Cross-site request refused",
  forwardedHost: "Request refused: its Origin does not match the host it was sent to (X-Forwarded-Host or Host).",
};

type Read = { kind: "ok"; body: Buffer<ArrayBuffer> } | { kind: "tooLarge"; drained: boolean } | { kind: "aborted" };

/** Reads the body up to `max` bytes; past it, keeps reading and dropping up to DRAIN_BYTES so the 413 reaches the client. */
function readLimited(req: IncomingMessage, max: number): Promise<Read> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: Read) => {
      if (settled) return;
      settled = true;
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= max) chunks.push(chunk);
      else if (size > DRAIN_BYTES) {
        req.pause();
        settle({ kind: "tooLarge", drained: false });
      }
    };
    const onEnd = () => settle(size > max ? { kind: "tooLarge", drained: true } : { kind: "ok", body: Buffer.concat(chunks, size) });
    const onAbort = () => settle({ kind: "aborted" });
    const onClose = () => {
      if (!req.complete) settle({ kind: "aborted" });
    };
    req.on("data", onData).on("end", onEnd).on("error", onAbort).on("close", onClose);
  });
}

/** The upload's bytes as they arrive, failing the stream (the route's reader answers) past `max`. */
function countedStream(req: IncomingMessage, max: number): Transform {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.byteLength;
      if (size > max) callback(new Error(`request body over ${max} bytes`));
      else callback(null, chunk);
    },
  });
  req.on("error", (error) => counter.destroy(error));
  return req.pipe(counter);
}

async function isReadableMultipart(body: Buffer<ArrayBuffer>, contentType: string): Promise<boolean> {
  try {
    await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

export function requestGuard(opts: { appOrigin: string; exemptPaths?: string[] }): RequestHandler {
  const exempt = new Set(opts.exemptPaths ?? [WEBHOOK_PATH]);
  return (req: Request, res: Response, next) => {
    if (!UNSAFE.has(req.method)) return next();

    if (!exempt.has(req.path)) {
      const origin = req.get("origin");
      const host = req.get("host");
      const crossSite = isCrossSiteRequest({
        method: req.method,
        path: req.path,
        origin,
        secFetchSite: req.get("sec-fetch-site"),
        host,
        appOrigin: opts.appOrigin,
      });
      if (crossSite) {
        return refuse(
          req,
          res,
          403,
          req.path.startsWith("/api/") ? FORBIDDEN.crossSite : `${FORBIDDEN.crossSite}.`,
          {},
          "cross_site_request",
        );
      }
      if (failsForwardedHostCheck({ origin, forwardedHost: req.get("x-forwarded-host"), host })) {
        return refuse(req, res, 403, FORBIDDEN.forwardedHost, {}, "cross_site_request");
      }
    }

    const rule = bodyRuleFor(req.path);
    const contentType = req.get("content-type") ?? "";
    const type = mediaTypeOf(contentType);
    const declared = Number(req.get("content-length") ?? Number.NaN);
    const announced = (Number.isFinite(declared) && declared > 0) || req.get("transfer-encoding") !== undefined;

    if (type ? !rule.accepts(type) : announced && !rule.raw) return refuse(req, res, 415, rule.unsupported);

    if ((type === MULTIPART || rule.raw) && rule.uploadBytes) {
      if (declared > rule.uploadBytes) return refuse(req, res, 413, tooLargeMessage(), { Connection: "close" });
      res.locals.bodyStream = countedStream(req, rule.uploadBytes);
      return next();
    }

    const tooLarge = () => refuse(req, res, 413, BODY_MESSAGES.tooLarge(rule.maxBytes), { Connection: "close" });
    if (declared > DRAIN_BYTES) return tooLarge();

    readLimited(req, rule.maxBytes).then(
      async (read) => {
        if (read.kind === "aborted") return; // the client is gone: nobody to answer
        if (read.kind === "tooLarge") return tooLarge();
        const body = read.body;
        if (body.byteLength === 0) {
          if (!type && rule.needsBody) return refuse(req, res, 400, BODY_MESSAGES.noBody);
          if (isJsonType(type)) return refuse(req, res, 400, BODY_MESSAGES.noBody);
          if (type === MULTIPART) return refuse(req, res, 400, BODY_MESSAGES.malformedForm);
        } else if (isJsonType(type)) {
          try {
            JSON.parse(body.toString("utf8"));
          } catch {
            return refuse(req, res, 400, BODY_MESSAGES.malformedJson);
          }
        } else if (type === MULTIPART && !(await isReadableMultipart(body, contentType))) {
          return refuse(req, res, 400, BODY_MESSAGES.malformedForm);
        }
        res.locals.body = body;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
