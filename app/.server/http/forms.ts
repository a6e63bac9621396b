import { data } from "@remix-run/node";
import type { z } from "zod";

/** The form's text fields, to send back with a failure so nothing typed is lost. */
export function stringFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") out[k] = v;
  return out;
}

/** The first problem of a failed parse, as a field name and its message. */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0]!;
  return { field: String(issue.path[0] ?? ""), message: issue.message };
}

export type FormFailure = { ok: false; intent: string; message: string; field?: string; values: Record<string, string> };

/** A failed form post: the status, what went wrong, and the values to show again. */
export function formFailure(status: number, failure: Omit<FormFailure, "ok">) {
  return data<FormFailure>({ ok: false, ...failure }, { status });
}
