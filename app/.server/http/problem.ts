import type { z } from "zod";
import {
  defaultCode,
  PROBLEM_CODES,
  PROBLEM_CONTENT_TYPE,
  problemType,
  type FieldProblem,
  type Problem,
  type ProblemCode,
} from "../../lib/problem"; // relative: the production server's bundle (server.ts, esbuild) reaches this module and resolves no `~/` alias
import { isUserError, type UserError } from "../errors";

/**
 * The one place a JSON error is made: RFC 9457 problem details, `application/problem+json`
 * (the shape and the code catalogue are `app/lib/problem.ts`). Every JSON route answers
 * a UserError with `problemResponse(error)`, a failed zod parse with `validationProblem`,
 * a wrong method with `methodNotAllowed` (which carries `Allow`). HTML routes keep the
 * conform reply (`app/.server/http/submission.ts`).
 */
export type ProblemInit = {
  status: number;
  detail: string;
  code?: ProblemCode;
  title?: string;
  errors?: FieldProblem[];
  headers?: Record<string, string>;
  /** Extension members (RFC 9457 §3.2), e.g. `current` on a version conflict. */
  extensions?: Record<string, unknown>;
};

export function problemBody(init: ProblemInit): Problem {
  const code = init.code ?? defaultCode(init.status);
  return {
    type: problemType(code),
    title: init.title ?? PROBLEM_CODES[code].title,
    status: init.status,
    detail: init.detail,
    code,
    ...(init.errors?.length ? { errors: init.errors } : {}),
    ...init.extensions,
  };
}

/** A problem-details Response. */
export function problem(init: ProblemInit): Response {
  return new Response(JSON.stringify(problemBody(init)), {
    status: init.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", ...init.headers },
  });
}

/** A UserError as problem details (its field, if any, as the one entry of `errors`; its own extension members, then `extensions`). */
export function problemFromUserError(error: UserError, extensions?: Record<string, unknown>): Response {
  return problem({
    status: error.status,
    detail: error.message,
    code: error.code,
    errors: error.field ? [{ field: error.field, message: error.message }] : undefined,
    headers: error.headers,
    extensions: error.extensions || extensions ? { ...error.extensions, ...extensions } : undefined,
  });
}

/** The answer to anything a JSON route caught: a UserError becomes its problem; anything else is rethrown (a 500). */
export function problemResponse(error: unknown, extensions?: Record<string, unknown>): Response {
  if (!isUserError(error)) throw error;
  return problemFromUserError(error, extensions);
}

/** A failed zod parse of a JSON body or query: 400 with every issue as a field error. */
export function validationProblem(error: z.ZodError, detail = "The request is not valid."): Response {
  const errors = error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join(".") : "(body)",
    message: issue.message,
  }));
  return problem({ status: 400, code: "validation_failed", detail: errors.length === 1 ? errors[0]!.message : detail, errors });
}

/** 405 with the `Allow` header listing what the address takes. */
export function methodNotAllowed(allow: readonly string[]): Response {
  const methods = [...new Set(allow.map((m) => m.toUpperCase()))];
  return problem({
    status: 405,
    detail: `This address does not take that method. It takes ${methods.join(", ")}.`,
    headers: { Allow: methods.join(", ") },
  });
}

/**
 * Runs a JSON route's body: a UserError thrown inside (by a service or the route) is
 * answered as problem details; a thrown Response (a redirect, the body reader's refusal)
 * passes through as Remix would have it.
 */
export async function answerJson(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (isUserError(error)) return problemFromUserError(error);
    throw error;
  }
}
