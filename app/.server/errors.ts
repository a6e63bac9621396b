/**
 * The one user-facing error type. A service throws a UserError when a request cannot be
 * carried out for a reason the user can act on (not found, not allowed, a plan limit, a
 * stale version, a bad value); the route's server file turns it into the form's reply
 * (`replyUserError`, app/.server/http/submission.ts) or problem details (RFC 9457) with the
 * same status and its `code` (`problemResponse`, app/.server/http/problem.ts). Anything
 * else that a service throws is a bug and reaches the 500 screen.
 */
// Relative: the production server's bundle (server.ts, esbuild) reaches this module through
// the body reader and resolves no `~/` alias.
import { defaultCode, type ProblemCode } from "../lib/problem";

export type UserErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 502 | 503;

export class UserError extends Error {
  /** The machine-readable reason (problem details' `code`); by default the status's own. */
  public code: ProblemCode;
  /** Extension members its problem details carry (RFC 9457 §3.2), e.g. `current` on a version conflict. */
  public extensions?: Record<string, unknown>;

  constructor(
    public status: UserErrorStatus,
    message: string,
    /** The form field the message belongs to; without one it is a form-wide message. */
    public field?: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    public headers?: Record<string, string>,
    /** The machine-readable reason (problem details' `code`); by default the status's own. */
    code?: ProblemCode,
  ) {
    super(message);
    this.name = "UserError";
    this.code = code ?? defaultCode(status);
  }
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

export const notFound = (what = "That item") =>
  new UserError(404, `${what} was not found. It may have been deleted, or it belongs to another workspace.`);

export const forbidden = (message = "You do not have permission to do that.") => new UserError(403, message);

/** The one answer to a change in a read-only workspace (trial ended, subscription canceled), whatever the resource. */
export const workspaceReadOnly = (message: string) => new UserError(403, message, undefined, undefined, "workspace_read_only");

/** A write based on a version someone else has since replaced. */
export const versionConflict = (message: string, field?: string) => new UserError(409, message, field, undefined, "version_conflict");
