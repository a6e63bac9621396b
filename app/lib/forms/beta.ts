import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { AUTH_MESSAGES } from "../auth-validation";

/**
 * The beta forms: the Request Beta Access form of /signup (the same schema checks
 * the JSON body of POST /api/beta/signup), the e-mail capture, and the admin's
 * decisions on /admin/beta.
 */
export const EMAIL_REQUIRED_MESSAGE = AUTH_MESSAGES.emailRequired;
export const EMAIL_INVALID_MESSAGE = AUTH_MESSAGES.emailInvalid;

const emailField = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE));

/** An optional text: blank and null both mean "not given". */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || undefined);

export const betaSignupSchema = z.object({
  email: emailField,
  inviteCode: optionalText("Invite code", 64).transform((v) => v?.toUpperCase()),
  fullName: optionalText("Full name", 200),
  company: optionalText("Company", 200),
  role: optionalText("Role", 200),
  reason: optionalText("Reason for access", 2000),
});

export const emailCaptureSchema = z.object({ email: emailField });

/** The /signup form's answer: the reply (every field's message), or the success text once stored. */
export type BetaFormReply = SubmissionResult<string[]> & { message?: string };

/** What is stored: the e-mail, and whichever details were given. */
export type BetaSignupInput = Partial<z.output<typeof betaSignupSchema>> & { email: string };

export const BETA_STATUSES = ["pending", "approved", "declined"] as const;
export type BetaStatus = (typeof BETA_STATUSES)[number];

export function parseStatus(value: string | null | undefined): BetaStatus {
  return BETA_STATUSES.find((s) => s === value) ?? "pending";
}

/** An admin's decision on one request; `status` is the tab to go back to. */
export const betaDecisionSchema = z.object({
  intent: z.enum(["approve", "decline", "resend"]),
  id: z.uuid(),
  status: z.string().optional(),
});
