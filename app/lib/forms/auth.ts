import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { AUTH_MESSAGES as M, type AuthMode } from "../auth-validation";

/**
 * The auth forms' schemas (spec section 5): the server parses posts with them
 * (parseSubmission) and the browser runs the same ones for instant messages
 * (useSchemaForm), so a field says the same thing with JavaScript on or off.
 * Each field reports the first of its rules it breaks, in the spec's words;
 * every field reports at once.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;
/** Compared in lower case (spec section 5, auth service layer). */
export const WEAK_PASSWORDS = ["password", "123456", "qwerty", "admin"] as const;
/** "A simple address pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Rule<T> = readonly [holds: (value: T) => boolean, message: string];

/** A field's rules in order; only the first one broken is reported. */
export function firstBroken<T>(...rules: Rule<T>[]) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const broken = rules.find(([holds]) => !holds(value));
    if (broken) ctx.addIssue({ code: "custom", message: broken[1] });
  };
}

const notWeak = (password: string) => !(WEAK_PASSWORDS as readonly string[]).includes(password.toLowerCase());
const notTooLong: Rule<string> = [(p) => p.length <= PASSWORD_MAX_LENGTH, M.passwordTooLong];

/** Trimmed and lower-cased (a missing or blank one is "required"). */
export const emailField = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .superRefine(firstBroken([(e) => e.length > 0, M.emailRequired], [(e) => e.length <= 254 && EMAIL_PATTERN.test(e), M.emailInvalid]));

// Passwords are never trimmed: a space is a character like any other.
const signInPassword = z
  .string({ error: M.passwordRequired })
  .superRefine(firstBroken([(p) => p.length >= SIGN_IN_PASSWORD_MIN_LENGTH, M.signInPasswordTooShort], notTooLong));

const signUpPassword = z
  .string({ error: M.passwordRequired })
  .superRefine(firstBroken([(p) => p.length >= PASSWORD_MIN_LENGTH, M.passwordTooShort], [notWeak, M.passwordTooWeak], notTooLong));

/** The reset page's and the profile's new password: 8+ characters with a lower-case and an upper-case letter and a digit. */
export const newPasswordField = z
  .string({ error: M.passwordRequired })
  .superRefine(
    firstBroken(
      [(p) => p.length >= PASSWORD_MIN_LENGTH, M.passwordTooShort],
      [(p) => /[a-z]/.test(p), M.passwordNeedsLowercase],
      [(p) => /[A-Z]/.test(p), M.passwordNeedsUppercase],
      [(p) => /[0-9]/.test(p), M.passwordNeedsNumber],
      [notWeak, M.passwordTooWeak],
      notTooLong,
    ),
  );

export const confirmPasswordField = z.string({ error: M.confirmRequired });

/**
 * "Passwords do not match" on confirmPassword, reported beside the other fields'
 * messages (it runs whenever a confirmation was typed, even if other fields fail).
 */
export function confirmMatches<S extends z.ZodType<{ password?: string; confirmPassword?: string }>>(schema: S): S {
  return schema.refine((v: { password?: string; confirmPassword?: string }) => v.confirmPassword === (v.password ?? ""), {
    path: ["confirmPassword"],
    message: M.passwordsDiffer,
    when: ({ value }) => typeof (value as { confirmPassword?: unknown } | undefined)?.confirmPassword === "string",
  });
}

const fullName = z.string({ error: M.fullNameRequired }).trim().min(1, M.fullNameRequired).max(1000);

export const signInSchema = z.object({ intent: z.literal("signin"), email: emailField, password: signInPassword });

export const signUpSchema = confirmMatches(
  z.object({
    intent: z.literal("signup"),
    fullName,
    email: emailField,
    password: signUpPassword,
    confirmPassword: confirmPasswordField,
    /** Only asked while public sign-up is off; blank means none. */
    inviteCode: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((v) => v || null),
  }),
);

/** Reset mode needs only the e-mail (the old app's password check there was a defect). */
export const resetRequestSchema = z.object({ intent: z.literal("reset"), email: emailField });

export const resendVerificationSchema = z.object({ intent: z.literal("resend-verification"), email: emailField });

/** The one auth form's posts, told apart by `intent`. */
export const authFormSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema, resetRequestSchema, resendVerificationSchema]);

export type AuthFormInput = z.output<typeof authFormSchema>;
export type AuthIntent = AuthFormInput["intent"];
export const AUTH_INTENTS: readonly AuthIntent[] = ["signin", "signup", "reset", "resend-verification"];

export function isAuthIntent(value: unknown): value is AuthIntent {
  return AUTH_INTENTS.includes(value as AuthIntent);
}

/** The schema of the form a mode shows. */
export const AUTH_MODE_SCHEMAS = { signin: signInSchema, signup: signUpSchema, reset: resetRequestSchema } as const;

/** The mode a submitted intent belongs to (resending a verification mail happens in sign-in mode). */
export function modeOfIntent(intent: unknown): AuthMode | null {
  if (intent === "signin" || intent === "signup" || intent === "reset") return intent;
  if (intent === "resend-verification") return "signin";
  return null;
}

/** /reset-password's form. */
export const newPasswordSchema = confirmMatches(z.object({ password: newPasswordField, confirmPassword: confirmPasswordField }));

/** What /reset-password loads: is the link good (it is not spent by opening it)? */
export type ResetPasswordLoaderData = { state: "ready" } | { state: "invalid"; message: string };

/** /reset-password's answer: the form's reply, or `passwordReset` once the password is set. */
export type ResetPasswordReply = SubmissionResult<string[]> & { passwordReset?: true };

/** Never sent back to the browser. */
export const PASSWORD_FIELDS = ["password", "confirmPassword", "currentPassword"];

/** What /auth (also /login, /auth/callback) loads. */
export type AuthFormLoaderData = {
  mode: AuthMode;
  /** A same-origin path to land on after signing in. */
  redirectTo: string | null;
  publicSignup: boolean;
  /** Prefills from an invitation link. */
  invite: string;
  email: string;
  /** Why an OAuth sign-in came back (?oauth_error=…&provider=…). */
  oauthError: string | null;
  /** The OAuth providers this server has credentials for: only those get a button. */
  oauthProviders: ("google" | "github")[];
};

/**
 * What the auth form's post answers: the submission's reply (the typed values but
 * never a password, and every field's message), plus what a success has to say.
 */
export type AuthReply = SubmissionResult<string[]> & {
  /** The post's intent when the reply carries no values to read it from (a success that empties the form). */
  authIntent?: AuthIntent;
  /** A success shown above the form ("Password reset email sent!…"). */
  message?: string;
  /** Where a verification e-mail just went: sign-up shows "check your e-mail". */
  sentTo?: string;
  /** Sign-in refused for an unverified address: the form offers to send the link again. */
  unverifiedEmail?: string;
};

/** The intent a reply answers. */
export function intentOfReply(reply: AuthReply | null | undefined): AuthIntent | null {
  if (!reply) return null;
  const intent = reply.authIntent ?? reply.initialValue?.intent;
  return isAuthIntent(intent) ? intent : null;
}
