/**
 * The one user-facing error type. A service throws a UserError when a request cannot be
 * carried out for a reason the user can act on (not found, not allowed, a plan limit, a
 * stale version, a bad value); the route's server file turns it into the form's reply
 * (`replyUserError`, app/.server/http/submission.ts) or a JSON `{ error }` with the same
 * status. Anything else that a service throws is a bug and reaches the 500 screen.
 */
export type UserErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export class UserError extends Error {
  constructor(
    public status: UserErrorStatus,
    message: string,
    /** The form field the message belongs to; without one it is a form-wide message. */
    public field?: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    public headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "UserError";
  }
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

export const notFound = (what = "That item") =>
  new UserError(404, `${what} was not found. It may have been deleted, or it belongs to another workspace.`);

export const forbidden = (message = "You do not have permission to do that.") => new UserError(403, message);
