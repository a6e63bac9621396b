/**
 * For schema tests: a form post as the browser sends it (every field a string, blanks
 * included), parsed the way the server (parseSubmission) and the page (useSchemaForm) parse it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export function parseForm(schema: z.ZodType, fields: Record<string, string>) {
  return parseWithZod(formOf(fields), { schema });
}

/** What the form shows: each field's messages as one sentence run ("" is the form's own). */
export function messagesOf(schema: z.ZodType, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errorsOf(schema, fields)).map(([name, messages]) => [name, (messages ?? []).join(" ")]));
}

/** The parsed value of a valid post (or its errors, so a failing test shows why). */
export function valueOf(schema: z.ZodType, fields: Record<string, string>): unknown {
  const submission = parseForm(schema, fields);
  return submission.status === "success" ? submission.value : submission.error;
}

/** Each field's messages as the reply carries them ({} when the post is valid). */
export function errorsOf(schema: z.ZodType, fields: Record<string, string>): Record<string, string[] | null> {
  const submission = parseForm(schema, fields);
  return submission.status === "success" ? {} : (submission.error ?? {});
}
