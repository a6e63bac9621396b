import { data } from "@remix-run/node";
import { retryMessage, tooManyRequests } from "../rate-limit";
import { SOMETHING_WENT_WRONG, limitBetaPosts } from "./api";
import { betaSignupSchema, parseWith, submitBetaRequest, type BetaSignupField } from "./requests";

export const BETA_FORM_FIELDS = [
  "email",
  "inviteCode",
  "fullName",
  "company",
  "role",
  "reason",
] as const satisfies readonly BetaSignupField[];

export type BetaFormValues = Partial<Record<BetaSignupField, string>>;

/** What the /signup action answers; the beta form renders it (with or without JavaScript). */
export type BetaFormResult =
  | { ok: true; message: string }
  | { ok: false; error: string | null; fieldErrors: Partial<Record<BetaSignupField, string>>; values: BetaFormValues };

/**
 * The beta page's post: the same rate limit, schema and store as POST /api/beta/signup.
 * Errors keep what was typed (nothing here is secret); success clears it.
 */
export async function handleBetaFormPost(request: Request) {
  const form = await request.formData();
  const values: BetaFormValues = {};
  for (const name of BETA_FORM_FIELDS) {
    const v = form.get(name);
    if (typeof v === "string") values[name] = v;
  }
  const fail = (error: string | null, fieldErrors: Partial<Record<BetaSignupField, string>> = {}) =>
    ({ ok: false, error, fieldErrors, values }) satisfies BetaFormResult;

  const limited = await limitBetaPosts(request);
  if (!limited.ok) {
    return tooManyRequests(fail(retryMessage(limited.retryAfterSeconds)) as BetaFormResult, limited.retryAfterSeconds);
  }
  const parsed = parseWith(betaSignupSchema, values);
  if (!parsed.ok) return data(fail(null, parsed.fieldErrors) as BetaFormResult, { status: 400 });
  try {
    const stored = await submitBetaRequest(parsed.value);
    return data({ ok: true, message: stored.message } as BetaFormResult, { status: 200 });
  } catch (error) {
    console.error("[beta] storing a request failed", error);
    return data(fail(SOMETHING_WENT_WRONG) as BetaFormResult, { status: 500 });
  }
}
