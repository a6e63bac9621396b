/**
 * Problem details (RFC 9457): the one shape of every JSON error Atelier sends, read here by
 * the browser's code and by tests. The server builds them in one place
 * (`app/.server/http/problem.ts`); a client decides by `code`, never by the status number.
 *
 *   { "type": "/docs/api/problems/workspace-read-only", "title": "Workspace is read-only",
 *     "status": 403, "detail": "This workspace is read-only: …", "code": "workspace_read_only",
 *     "errors": [{ "field": "title", "message": "…" }] }
 */
export const PROBLEM_CODES = {
  invalid_request: { status: 400, title: "Invalid request" },
  validation_failed: { status: 400, title: "Validation failed" },
  unauthenticated: { status: 401, title: "Authentication required" },
  invalid_key: { status: 401, title: "Invalid API key" },
  key_revoked: { status: 401, title: "API key revoked" },
  key_expired: { status: 401, title: "API key expired" },
  insufficient_scope: { status: 403, title: "API key lacks the scope" },
  forbidden: { status: 403, title: "Not allowed" },
  workspace_read_only: { status: 403, title: "Workspace is read-only" },
  cross_site_request: { status: 403, title: "Cross-site request refused" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  version_conflict: { status: 409, title: "Changed by someone else" },
  idempotency_key_in_use: { status: 409, title: "Idempotency key in use" },
  gone: { status: 410, title: "Gone" },
  precondition_failed: { status: 412, title: "Precondition failed" },
  dependency_self: { status: 400, title: "A card cannot block itself" },
  dependency_other_project: { status: 400, title: "Blocks stay within a project" },
  dependency_exists: { status: 409, title: "The block already exists" },
  dependency_loop: { status: 409, title: "The block would make a loop" },
  payload_too_large: { status: 413, title: "Request too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  unprocessable: { status: 422, title: "Unprocessable request" },
  idempotency_key_reused: { status: 422, title: "Idempotency key reused" },
  plan_limit: { status: 403, title: "Plan limit reached" },
  rate_limited: { status: 429, title: "Too many requests" },
  quota_exceeded: { status: 429, title: "Monthly API quota exceeded" },
  internal_error: { status: 500, title: "Internal error" },
  not_implemented: { status: 501, title: "Not implemented" },
  payment_provider_error: { status: 502, title: "Payment provider error" },
  service_unavailable: { status: 503, title: "Service unavailable" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemCode = keyof typeof PROBLEM_CODES;

export type FieldProblem = { field: string; message: string };

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  instance?: string;
  errors?: FieldProblem[];
  [extension: string]: unknown;
};

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The stable, documented `type` URI of a code (`/docs/api/problems/<code with dashes>`). */
export function problemType(code: ProblemCode): string {
  return `/docs/api/problems/${code.replaceAll("_", "-")}`;
}

/** The code a status has when nothing more precise is known. */
export function defaultCode(status: number): ProblemCode {
  switch (status) {
    case 400:
      return "invalid_request";
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 409:
      return "conflict";
    case 410:
      return "gone";
    case 412:
      return "precondition_failed";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 422:
      return "unprocessable";
    case 429:
      return "rate_limited";
    case 501:
      return "not_implemented";
    case 502:
      return "payment_provider_error";
    case 503:
      return "service_unavailable";
    default:
      return status >= 500 ? "internal_error" : "invalid_request";
  }
}

/** A parsed JSON body as a problem, or null when it is not one. */
export function readProblem(body: unknown): Problem | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if (typeof b.status !== "number" || typeof b.code !== "string" || typeof b.detail !== "string") return null;
  return b as Problem;
}

/** A failed fetch's problem (null when the body is not problem details). Reads the body. */
export async function problemOf(response: Response): Promise<Problem | null> {
  try {
    return readProblem(await response.clone().json());
  } catch {
    return null;
  }
}

export const isReadOnlyProblem = (problem: Problem | null | undefined): boolean => problem?.code === "workspace_read_only";
export const isVersionConflict = (problem: Problem | null | undefined): boolean => problem?.code === "version_conflict";
