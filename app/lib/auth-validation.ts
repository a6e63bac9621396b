/**
 * The words and modes of the auth forms (spec section 5). The rules themselves are the
 * zod schemas of app/lib/forms/auth.ts, which the server and the browser both run.
 */

export type AuthMode = "signin" | "signup" | "reset";
export const AUTH_MODES: readonly AuthMode[] = ["signin", "signup", "reset"];

export function parseAuthMode(value: unknown): AuthMode {
  return AUTH_MODES.includes(value as AuthMode) ? (value as AuthMode) : "signin";
}

export const AUTH_MESSAGES = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters long",
  /** Sign-in (spec section 5, auth service layer): no account has a shorter password. */
  signInPasswordTooShort: "Password must be at least 6 characters long",
  passwordTooWeak: "Password is too weak",
  passwordNeedsLowercase: "Password must contain at least one lowercase letter",
  passwordNeedsUppercase: "Password must contain at least one uppercase letter",
  passwordNeedsNumber: "Password must contain at least one number",
  /** Ours: a bound on what is hashed. */
  passwordTooLong: "Password is too long",
  confirmRequired: "Please confirm your password",
  passwordsDiffer: "Passwords do not match",
  fullNameRequired: "Full name is required",
} as const;

/** E-mails are trimmed and lower-cased everywhere before use. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
