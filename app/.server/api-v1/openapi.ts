import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { PROBLEM_CODES, PROBLEM_CONTENT_TYPE, problemType, type ProblemCode } from "~/lib/problem";
import type { Operation } from "./operation";
import { OPERATIONS } from "./operations";
import { problemSchema } from "./schemas";

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the operations' own zod schemas
 * (zod-openapi) at the first request and kept: never written by hand. Every operation
 * lists its problem answers; the problem codes and their `type` URIs are in
 * `x-problem-types` and the reference (/docs/api).
 */

/** Problems any operation may answer: no or a bad key, a scope or role that does not allow it, the rate limit or quota. */
const EVERY_OPERATION = [401, 403, 429];
/** Problems of any POST (Idempotency-Key): in use, reused with another body. */
const EVERY_POST = [409, 422];

const PROBLEM_TEXT: Record<number, string> = {
  400: "The request is not valid (`validation_failed`, naming each field in `errors`).",
  401: "No credentials, or the key is unknown, revoked or expired (`unauthenticated`, `invalid_key`, `key_revoked`, `key_expired`).",
  403: "The key's scopes or the member's role do not allow it, or the workspace is read-only (`insufficient_scope`, `forbidden`, `workspace_read_only`, `plan_limit`).",
  404: "It does not exist, or it belongs to another workspace (`not_found`).",
  409: "A conflict: someone else changed it (`version_conflict`), or a request with this Idempotency-Key is still running (`idempotency_key_in_use`).",
  412: "If-Match named a version that is no longer current (`precondition_failed`).",
  413: "The body is larger than this operation takes (`payload_too_large`).",
  415: "The body's Content-Type is not one this operation takes (`unsupported_media_type`).",
  422: "This Idempotency-Key was used with another request (`idempotency_key_reused`).",
  429: "The key's rate limit or the workspace's monthly API calls are used up (`rate_limited`, `quota_exceeded`); see `Retry-After`.",
};

const idempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .max(255)
    .optional()
    .meta({ description: "A key of your choice (a UUID): the same key and body within 24 hours replays the first answer." }),
});
const ifNoneMatchHeader = z.object({
  "If-None-Match": z
    .string()
    .optional()
    .meta({ description: "The ETag you hold: if the object is still that version, the answer is 304 with no body." }),
});
/** A file's bytes, in the type it has (an upload's body, a download's answer). */
const fileContent = { "*/*": { schema: z.string().meta({ format: "binary" }) } };
const etagHeaders = z.object({ ETag: z.string().meta({ description: "The object's version, for If-Match and If-None-Match." }) });

const ifMatchHeader = z.object({
  "If-Match": z.string().optional().meta({ description: "The ETag you read: the write is refused (412) if the object changed since." }),
});

/** A file's bytes (an export), as OpenAPI 3.1 describes a binary answer. */
const binary = z.string().meta({ format: "binary", description: "The file's bytes." });

function operationObject(op: Operation): ZodOpenApiOperationObject {
  const problems = [...new Set([...op.problems, ...EVERY_OPERATION, ...(op.method === "post" ? EVERY_POST : [])])].sort();
  const responses: Record<string, ZodOpenApiResponseObject> = {
    [String(op.success.status)]: {
      description: op.success.description,
      ...(op.success.file ? { content: fileContent } : {}),
      ...(op.success.schema ? { content: { "application/json": { schema: op.success.schema } } } : {}),
      ...(op.success.media ? { content: Object.fromEntries(op.success.media.map((type) => [type, { schema: binary }])) } : {}),
      ...(op.success.etag
        ? { headers: etagHeaders }
        : op.success.list
          ? { headers: z.object({ Link: z.string().optional().meta({ description: 'The next page: `<…>; rel="next"` (RFC 8288).' }) }) }
          : {}),
    },
  };
  // A conditional read (If-None-Match naming the current ETag) answers 304, as the router does for every GET with an ETag.
  const conditional = op.method === "get" && op.success.etag === true;
  if (conditional) responses["304"] = { description: "Not modified: If-None-Match named the current ETag.", headers: etagHeaders };
  for (const status of problems) {
    responses[String(status)] = {
      description: PROBLEM_TEXT[status] ?? "A problem.",
      content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
    };
  }
  const header =
    op.method === "post"
      ? idempotencyHeader
      : op.method === "patch" || op.method === "delete"
        ? ifMatchHeader
        : conditional
          ? ifNoneMatchHeader
          : undefined;
  return {
    operationId: op.id,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: [{ bearer: [] }],
    "x-scope": `${op.kind}:${op.action === "read" ? "read" : "write"}`,
    requestParams: {
      ...(op.params ? { path: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(header ? { header } : {}),
    },
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
    ...(op.upload ? { requestBody: { required: true, content: fileContent } } : {}),
    responses,
  };
}

function buildDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) paths[op.path] = { ...paths[op.path], [op.method]: operationObject(op) };
  const problemTypes = Object.fromEntries(
    (Object.keys(PROBLEM_CODES) as ProblemCode[]).map((code) => [code, { type: problemType(code), ...PROBLEM_CODES[code] }]),
  );
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Atelier API",
      version: "1.0.0",
      description:
        "Projects, boards, cards and their parts, for scripts and integrations. Authenticate with an API key (`Authorization: Bearer atl_…`); the guide is at /docs/api.",
    },
    servers: [{ url: "/api/v1" }],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key from Settings → API keys (`atl_live_…` or `atl_test_…`).",
        },
      },
    },
    "x-problem-types": problemTypes,
  });
}

let cached: ReturnType<typeof createDocument> | null = null;

/** The document (built once per process: the schemas do not change while it runs). */
export function openApiDocument() {
  cached ??= buildDocument();
  return cached;
}
