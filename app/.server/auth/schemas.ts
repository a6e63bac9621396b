import { z } from "zod";
import {
  type AuthField,
  type AuthMode,
  type FieldErrors,
  type NewPasswordField,
  normalizeEmail,
  validateAuthForm,
  validateNewPasswordForm,
} from "~/lib/auth-validation";

/**
 * The auth forms parsed once, on the server, by zod schemas whose refinements
 * are the plain rules of app/lib/auth-validation.ts (the ones the browser runs),
 * so a field message reads the same with JavaScript on or off.
 */
// A missing field reads as empty, so its message is "… is required", not a type error.
const text = z.string().max(1000).default("");
// Passwords are not trimmed: a space is a character like any other.
const password = z.string().max(1024, "Password is too long").default("");
const email = text.transform(normalizeEmail);

function refineWith<T>(rules: (v: T) => Record<string, string | undefined>) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const [path, message] of Object.entries(rules(value))) {
      if (message) ctx.addIssue({ code: "custom", path: [path], message });
    }
  };
}

const signInSchema = z
  .object({ intent: z.literal("signin"), email, password })
  .superRefine(refineWith((v) => validateAuthForm("signin", v)));

const signUpSchema = z
  .object({
    intent: z.literal("signup"),
    fullName: text.transform((s) => s.trim()),
    email,
    password,
    confirmPassword: password,
    inviteCode: text.transform((s) => s.trim() || null),
  })
  .superRefine(refineWith((v) => validateAuthForm("signup", v)));

const resetRequestSchema = z.object({ intent: z.literal("reset"), email }).superRefine(refineWith((v) => validateAuthForm("reset", v)));

const resendVerificationSchema = z
  .object({ intent: z.literal("resend-verification"), email })
  .superRefine(refineWith((v) => validateAuthForm("reset", v)));

export const authFormSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema, resetRequestSchema, resendVerificationSchema]);

export type AuthFormInput = z.infer<typeof authFormSchema>;
export type AuthIntent = AuthFormInput["intent"];

export const newPasswordSchema = z.object({ password, confirmPassword: password }).superRefine(refineWith(validateNewPasswordForm));

/** Field messages from a failed parse: the first message of each field. */
export function fieldErrorsOf<F extends string>(error: z.ZodError): FieldErrors<F> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out as FieldErrors<F>;
}

export function formValues(formData: FormData): Record<string, FormDataEntryValue> {
  return Object.fromEntries(formData);
}

/** The mode a submitted intent belongs to (resending a verification mail happens in sign-in mode). */
export function modeOfIntent(intent: unknown): AuthMode | null {
  if (intent === "signin" || intent === "signup" || intent === "reset") return intent;
  if (intent === "resend-verification") return "signin";
  return null;
}

export type { AuthField, NewPasswordField };
