import type { z } from "zod";
import { readJson } from "../http/body";
import { apiMember } from "../http/api-member";
import { methodNotAllowed, problem, problemFromUserError, validationProblem } from "../http/problem";
import { isUserError, notFound } from "../errors";
import type { AccessAction, ResourceKind } from "../access";
import { contentDisposition } from "../files/download";
import { API_PREFIX, tagsOf, type ApiAnswer, type ApiFile } from "./http";
import { idempotencyKeyOf, keptHeaders, requestHash, reserve, type Stored } from "./idempotency";
import type { Operation } from "./operation";
import { OPERATIONS } from "./operations";
import { openApiDocument } from "./openapi";
import { readUpload, uploadFingerprint } from "./upload";

/**
 * The one way into /api/v1 (`app/routes/api.v1.$.tsx` hands every request here): finds the
 * operation by path and method (404, or 405 with `Allow`), resolves the caller (`apiMember`:
 * a key or a session, its scopes, the rate limit and the monthly quota), parses the path,
 * query and body with the operation's own schemas (400 `validation_failed`), applies
 * `Idempotency-Key` to a POST, runs the handler, and answers JSON or problem details.
 */
type Route = { pattern: RegExp; names: string[]; ops: Operation[] };

const ROUTES: Route[] = (() => {
  const byPath = new Map<string, Operation[]>();
  for (const op of OPERATIONS) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  return [...byPath].map(([path, ops]) => {
    const names: string[] = [];
    const source = path.replace(/\{(\w+)\}/g, (_match: string, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    return { pattern: new RegExp(`^${source}$`), names, ops };
  });
})();

const NO_STORE = { "Cache-Control": "no-store" };

export async function handleApiV1(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_PREFIX.length).replace(/\/+$/, "") || "/";
  if (path === "/openapi.json") {
    if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed(["GET"]);
    return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
  }
  let found: { route: Route; values: string[] } | null = null;
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (m) {
      found = { route, values: m.slice(1).map(decodeURIComponent) };
      break;
    }
  }
  if (!found) return problem({ status: 404, detail: `There is no ${API_PREFIX}${path} in this API. The reference is at /docs/api.` });
  const op = found.route.ops.find((o) => o.method.toUpperCase() === request.method);
  if (!op) return methodNotAllowed(found.route.ops.map((o) => o.method));
  const member = await apiMember(request, op.kind as ResourceKind, op.action as AccessAction<ResourceKind>);
  if (member instanceof Response) return member;
  try {
    const params = Object.fromEntries(found.route.names.map((n, i) => [n, found.values[i]!]));
    const parsedParams = op.params ? op.params.safeParse(params) : { success: true as const, data: params };
    if (!parsedParams.success) throw notFound("That object"); // a malformed id names nothing
    const query = parse(op.query, Object.fromEntries(url.searchParams));
    if (query instanceof Response) return query;
    const body = op.body ? parse(op.body, await readJson(request)) : undefined;
    if (body instanceof Response) return body;
    const upload = op.upload ? await readUpload(request, op.upload) : null;
    if (upload instanceof Response) return upload;
    const run = () =>
      op.handle({
        member,
        url,
        params: parsedParams.data as Record<string, string>,
        query: (query ?? {}) as Record<string, unknown>,
        body,
        upload,
        ifMatch: request.headers.get("If-Match"),
      });
    if (op.method === "post") {
      // An upload's name is in the query: the key compares it, the type and the bytes' digest.
      const compared = upload ? { query, ...uploadFingerprint(upload) } : body;
      return await idempotent(request, member.workspace.id, url, compared, run);
    }
    const answer = await run();
    if (op.method === "get" && answer.headers?.ETag && tagsOf(request.headers.get("If-None-Match"))?.includes(answer.headers.ETag)) {
      return new Response(null, { status: 304, headers: { ETag: answer.headers.ETag, ...NO_STORE } });
    }
    return toResponse(answer);
  } catch (error) {
    if (error instanceof Response) return error;
    if (isUserError(error)) return problemFromUserError(error);
    throw error;
  }
}

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : validationProblem(parsed.error);
}

function toResponse(answer: ApiAnswer): Response {
  const headers = { ...NO_STORE, ...answer.headers };
  if (answer.status === 204) return new Response(null, { status: 204, headers });
  if (answer.file) return fileResponse(answer.file, headers);
  return Response.json(answer.body, { status: answer.status, headers });
}

/** An export as itself: an SVG opened from here runs nothing and reaches nothing. */
function fileResponse(file: ApiFile, headers: Record<string, string>): Response {
  return new Response(file.bytes as Uint8Array<ArrayBuffer> | string, {
    // The handler's own headers win (an attachment's stricter policy, its length).
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": contentDisposition("attachment", file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox",
      ...headers,
    },
  });
}

/** A POST with `Idempotency-Key`: the first answer kept and replayed (idempotency.ts). */
async function idempotent(request: Request, workspaceId: string, url: URL, body: unknown, run: () => Promise<ApiAnswer>) {
  const key = idempotencyKeyOf(request);
  if (key === null) return toResponse(await run());
  const reservation = await reserve(workspaceId, key, requestHash(request.method, url.pathname, body));
  if (reservation.kind === "replay") return replay(reservation.answer);
  let response: Response;
  try {
    response = toResponse(await run());
  } catch (error) {
    if (!isUserError(error)) {
      await reservation.release();
      throw error;
    }
    response = problemFromUserError(error);
  }
  if (response.status >= 500) {
    await reservation.release();
    return response;
  }
  await reservation.finish({ status: response.status, headers: keptHeaders(response), body: await response.clone().text() });
  return response;
}

function replay(stored: Stored): Response {
  const headers = { ...NO_STORE, ...stored.headers, "Idempotent-Replayed": "true" };
  return new Response(stored.status === 204 ? null : stored.body, { status: stored.status, headers });
}
