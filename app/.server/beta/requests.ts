import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { BetaSignupInput } from "~/lib/forms/beta";
import { db, schema } from "../db";

const { betaRequests, emailCaptures } = schema;

/** Success texts of spec section 8. */
export const REQUEST_SUBMITTED_MESSAGE = "Request submitted. We will contact you if approved.";
export const ON_THE_LIST_MESSAGE = "Thanks! You are on the beta list.";
/** What a beta post is told when storing it failed (the form's and the JSON API's 500). */
export const SOMETHING_WENT_WRONG = "Something went wrong";

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string; fieldErrors: Partial<Record<string, string>> };

/**
 * The JSON API's parse (the form's is conform's, app/lib/forms/beta.ts): the first
 * message as the problem's `detail`, and one per field.
 */
export function parseWith<T>(schemaToUse: z.ZodType<T>, input: unknown): Parsed<T> {
  const result = schemaToUse.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string") fieldErrors[field] ??= issue.message;
  }
  const rootIssue = result.error.issues.find((i) => i.path.length === 0);
  const error = rootIssue ? "Request body must be a JSON object" : result.error.issues[0]!.message;
  return { ok: false, error, fieldErrors };
}

export type Stored = { created: boolean; message: string };

/**
 * Stores a beta request. A repeat from the same e-mail is not an error: it fills in
 * the fields it brings (blank ones keep what was there) and keeps the status, so an
 * approved or declined request stays approved or declined.
 */
export async function submitBetaRequest(input: BetaSignupInput): Promise<Stored> {
  const given = (column: string) => sql.raw(`coalesce(excluded.${column}, beta_requests.${column})`);
  const [row] = await db()
    .insert(betaRequests)
    .values({
      email: input.email,
      suppliedInviteCode: input.inviteCode ?? null,
      fullName: input.fullName ?? null,
      company: input.company ?? null,
      role: input.role ?? null,
      reason: input.reason ?? null,
    })
    .onConflictDoUpdate({
      target: betaRequests.email,
      set: {
        suppliedInviteCode: given("supplied_invite_code"),
        fullName: given("full_name"),
        company: given("company"),
        role: given("role"),
        reason: given("reason"),
        updatedAt: new Date(),
      },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  const detailed = Boolean(input.inviteCode || input.fullName || input.company || input.role || input.reason);
  return { created: Boolean(row?.created), message: detailed ? REQUEST_SUBMITTED_MESSAGE : ON_THE_LIST_MESSAGE };
}

/** The e-mail-only list: a repeat counts up instead of failing. */
export async function captureEmail(email: string): Promise<Stored> {
  const [row] = await db()
    .insert(emailCaptures)
    .values({ email })
    .onConflictDoUpdate({
      target: emailCaptures.email,
      set: { times: sql`${emailCaptures.times} + 1`, lastSeenAt: new Date() },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return { created: Boolean(row?.created), message: ON_THE_LIST_MESSAGE };
}
