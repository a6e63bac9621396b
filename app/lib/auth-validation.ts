/**
 * The auth rules of spec section 5, as plain functions: the browser runs them for
 * instant field messages and the server's zod schemas (app/.server/auth/schemas.ts)
 * run the very same ones, so both always agree. No zod here: this module ships to
 * the browser.
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
  confirmRequired: "Please confirm your password",
  passwordsDiffer: "Passwords do not match",
  fullNameRequired: "Full name is required",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
/** Compared in lower case (spec section 5, auth service layer). */
export const WEAK_PASSWORDS = ["password", "123456", "qwerty", "admin"] as const;

// "A simple address pattern": something@something.something, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mails are trimmed and lower-cased everywhere before use. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function emailError(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (!email) return AUTH_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return AUTH_MESSAGES.emailInvalid;
  return undefined;
}

/** Sign-up: at least 8 characters and none of the four weak ones. */
export function signUpPasswordError(password: string): string | undefined {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if ((WEAK_PASSWORDS as readonly string[]).includes(password.toLowerCase())) return AUTH_MESSAGES.passwordTooWeak;
  return undefined;
}

/** The reset page: 8+ characters with a lower-case letter, an upper-case letter and a digit. */
export function newPasswordError(password: string): string | undefined {
  if (!password) return AUTH_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (!/[a-z]/.test(password)) return AUTH_MESSAGES.passwordNeedsLowercase;
  if (!/[A-Z]/.test(password)) return AUTH_MESSAGES.passwordNeedsUppercase;
  if (!/[0-9]/.test(password)) return AUTH_MESSAGES.passwordNeedsNumber;
  if ((WEAK_PASSWORDS as readonly string[]).includes(password.toLowerCase())) return AUTH_MESSAGES.passwordTooWeak;
  return undefined;
}

export function confirmPasswordError(password: string, confirm: string): string | undefined {
  if (!confirm) return AUTH_MESSAGES.confirmRequired;
  if (confirm !== password) return AUTH_MESSAGES.passwordsDiffer;
  return undefined;
}

export type AuthFormValues = {
  fullName?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
};

export type AuthField = "fullName" | "email" | "password" | "confirmPassword" | "inviteCode";
export type FieldErrors<F extends string = AuthField> = Partial<Record<F, string>>;

/**
 * Field messages of the auth form in one mode. Reset mode needs only the e-mail:
 * the old app's password check there was a defect (see the issue).
 */
export function validateAuthForm(mode: AuthMode, values: AuthFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const email = emailError(values.email ?? "");
  if (mode === "signup" && !(values.fullName ?? "").trim()) errors.fullName = AUTH_MESSAGES.fullNameRequired;
  if (email) errors.email = email;
  if (mode === "signin") {
    if (!values.password) errors.password = AUTH_MESSAGES.passwordRequired;
    else if (values.password.length < SIGN_IN_PASSWORD_MIN_LENGTH) errors.password = AUTH_MESSAGES.signInPasswordTooShort;
  }
  if (mode === "signup") {
    const password = signUpPasswordError(values.password ?? "");
    if (password) errors.password = password;
    const confirm = confirmPasswordError(values.password ?? "", values.confirmPassword ?? "");
    if (confirm) errors.confirmPassword = confirm;
  }
  return errors;
}

export type NewPasswordField = "password" | "confirmPassword";

export function validateNewPasswordForm(values: { password?: string; confirmPassword?: string }): FieldErrors<NewPasswordField> {
  const errors: FieldErrors<NewPasswordField> = {};
  const password = newPasswordError(values.password ?? "");
  if (password) errors.password = password;
  const confirm = confirmPasswordError(values.password ?? "", values.confirmPassword ?? "");
  if (confirm) errors.confirmPassword = confirm;
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
