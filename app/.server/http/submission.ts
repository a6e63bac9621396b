import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { isUserError } from "../errors";
import { type BodyOptions, readForm } from "./body";

/**
 * Forms, the one way: the route's server file reads the body once (`readForm`: 415, 400,
 * 413 answered for it), parses it with the form's zod schema through conform, and answers
 * a failure with the submission's reply, which the page's conform form renders field by
 * field. Passwords are never sent back (`hideFields`).
 *
 *   const submission = await parseSubmission(request, schema);
 *   if (submission.status !== "success") return invalid(submission);
 *   try { await service(member, submission.value) } catch (e) { return replyUserError(submission, e) }
 */
export async function parseSubmission<Schema extends z.ZodType>(
  request: Request,
  schema: Schema | ((intent: unknown) => Schema),
  options: BodyOptions & { multipart?: boolean; async?: false } = {},
) {
  const formData = await readForm(request, options);
  return parseWithZod(formData, { schema });
}

/** The same, for a form the route has already read with `readForm` (it looked at a field first). */
export function parseFormData<Schema extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: Schema,
  /** `disableAutoCoercion`: for schemas that say what an empty field means themselves (the board's). */
  options: { disableAutoCoercion?: boolean } = {},
) {
  return parseWithZod(formData, { schema, disableAutoCoercion: options.disableAutoCoercion });
}

/** The same, for schemas with async refinements (uniqueness, credentials). */
export async function parseSubmissionAsync<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  options: BodyOptions & { multipart?: boolean } = {},
) {
  const formData = await readForm(request, options);
  return parseWithZod(formData, { schema, async: true });
}

type Replyable = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
    resetForm?: boolean;
  }): SubmissionResult<string[]>;
};

/** A failed parse: 400 with every field's message. */
export function invalid(submission: Replyable, options: { hideFields?: string[]; status?: number } = {}) {
  return data(submission.reply({ hideFields: options.hideFields }), { status: options.status ?? 400 });
}

/** A form-wide message (or one field's) with a status, e.g. a refused sign-in. */
export function replyError(
  submission: Replyable,
  status: number,
  message: string,
  options: { field?: string; hideFields?: string[]; headers?: Record<string, string> } = {},
) {
  const reply = options.field
    ? submission.reply({ fieldErrors: { [options.field]: [message] }, hideFields: options.hideFields })
    : submission.reply({ formErrors: [message], hideFields: options.hideFields });
  return data(reply, { status, headers: options.headers });
}

/** A UserError thrown by a service, answered as the form's reply; anything else is rethrown. */
export function replyUserError(submission: Replyable, error: unknown, options: { hideFields?: string[] } = {}) {
  if (!isUserError(error)) throw error;
  return replyError(submission, error.status, error.message, {
    field: error.field,
    hideFields: options.hideFields,
    headers: error.headers,
  });
}

/**
 * A loader's reads: a UserError a service throws (404, 403) becomes the thrown response the
 * route's error boundary renders with that status, instead of a 500.
 */
export async function orErrorPage<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isUserError(error)) throw error;
    throw data({ message: error.message }, { status: error.status, headers: error.headers });
  }
}
