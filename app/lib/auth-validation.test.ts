import { describe, expect, it } from "vitest";
import {
  AUTH_MESSAGES as M,
  emailError,
  newPasswordError,
  normalizeEmail,
  parseAuthMode,
  signUpPasswordError,
  validateAuthForm,
  validateNewPasswordForm,
} from "./auth-validation";

describe("auth validation (spec section 5)", () => {
  it("trims and lower-cases e-mails and checks a simple address pattern", () => {
    expect(normalizeEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(emailError("")).toBe(M.emailRequired);
    expect(emailError("   ")).toBe(M.emailRequired);
    expect(emailError("ada")).toBe(M.emailInvalid);
    expect(emailError("ada@example")).toBe(M.emailInvalid);
    expect(emailError("a da@example.com")).toBe(M.emailInvalid);
    expect(emailError(" Ada@Example.com ")).toBeUndefined();
  });

  it("sign-up passwords: required, 8 characters, not one of the four weak ones", () => {
    expect(signUpPasswordError("")).toBe(M.passwordRequired);
    expect(signUpPasswordError("1234567")).toBe(M.passwordTooShort);
    expect(signUpPasswordError("qwerty")).toBe(M.passwordTooShort);
    expect(signUpPasswordError("PassWord")).toBe(M.passwordTooWeak);
    expect(signUpPasswordError("longenough")).toBeUndefined();
  });

  it("reset-page passwords need lower, upper and a digit, each with its own message", () => {
    expect(newPasswordError("Ab1")).toBe(M.passwordTooShort);
    expect(newPasswordError("ABCDEFG1")).toBe(M.passwordNeedsLowercase);
    expect(newPasswordError("abcdefg1")).toBe(M.passwordNeedsUppercase);
    expect(newPasswordError("Abcdefgh")).toBe(M.passwordNeedsNumber);
    expect(newPasswordError("Abcdefg1")).toBeUndefined();
    expect(validateNewPasswordForm({ password: "Abcdefg1", confirmPassword: "Abcdefg2" })).toEqual({
      confirmPassword: M.passwordsDiffer,
    });
  });

  it("gives each mode its own fields; reset mode needs only the e-mail", () => {
    expect(validateAuthForm("signin", {})).toEqual({ email: M.emailRequired, password: M.passwordRequired });
    expect(validateAuthForm("signin", { email: "a@b.co", password: "12345" })).toEqual({
      password: "Password must be at least 6 characters long",
    });
    expect(validateAuthForm("signin", { email: "a@b.co", password: "123456" })).toEqual({});
    expect(validateAuthForm("reset", { email: "ada@example.com" })).toEqual({});
    expect(validateAuthForm("reset", {})).toEqual({ email: M.emailRequired });
    expect(validateAuthForm("signup", { email: "x", password: "short", confirmPassword: "" })).toEqual({
      fullName: M.fullNameRequired,
      email: M.emailInvalid,
      password: M.passwordTooShort,
      confirmPassword: M.confirmRequired,
    });
    expect(
      validateAuthForm("signup", { fullName: "Ada", email: "ada@example.com", password: "longenough", confirmPassword: "longenougH" }),
    ).toEqual({ confirmPassword: M.passwordsDiffer });
  });

  it("reads an unknown mode as sign-in", () => {
    expect(parseAuthMode("signup")).toBe("signup");
    expect(parseAuthMode("admin")).toBe("signin");
    expect(parseAuthMode(null)).toBe("signin");
  });
});
