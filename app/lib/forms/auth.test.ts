import { describe, expect, it } from "vitest";
import { messagesOf, valueOf } from "../../../tests/support/forms";
import { AUTH_MESSAGES as M } from "../auth-validation";
import {
  AUTH_MODE_SCHEMAS,
  authFormSchema,
  intentOfReply,
  modeOfIntent,
  newPasswordSchema,
  resendVerificationSchema,
  signInSchema,
  signUpSchema,
} from "./auth";

const signUp = { intent: "signup", fullName: "Ada", email: "ada@example.com", password: "longenough", confirmPassword: "longenough" };

describe("the e-mail field (spec section 5)", () => {
  const emailMessage = (email: string) => messagesOf(resendVerificationSchema, { intent: "resend-verification", email }).email;

  it("is required, blank or missing", () => {
    expect(emailMessage("")).toBe(M.emailRequired);
    expect(emailMessage("   ")).toBe(M.emailRequired);
    expect(messagesOf(resendVerificationSchema, { intent: "resend-verification" })).toEqual({ email: M.emailRequired });
  });

  it("follows a simple address pattern, no spaces, at most 254 characters", () => {
    expect(emailMessage("ada")).toBe(M.emailInvalid);
    expect(emailMessage("ada@example")).toBe(M.emailInvalid);
    expect(emailMessage("a da@example.com")).toBe(M.emailInvalid);
    expect(emailMessage(`${"a".repeat(250)}@b.co`)).toBe(M.emailInvalid);
    expect(emailMessage(" Ada@Example.com ")).toBeUndefined();
  });

  it("is trimmed and lower-cased", () => {
    expect(valueOf(resendVerificationSchema, { intent: "resend-verification", email: " Ada@Example.COM " })).toEqual({
      intent: "resend-verification",
      email: "ada@example.com",
    });
  });
});

describe("sign-in", () => {
  it("needs the e-mail and a password of at least 6 characters", () => {
    expect(messagesOf(signInSchema, { intent: "signin", email: "", password: "" })).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    });
    expect(messagesOf(signInSchema, { intent: "signin", email: "a@b.co", password: "12345" })).toEqual({
      password: M.signInPasswordTooShort,
    });
    expect(messagesOf(signInSchema, { intent: "signin", email: "a@b.co", password: "123456" })).toEqual({});
  });

  it("keeps a password's spaces (they are characters) and bounds its length", () => {
    expect(valueOf(signInSchema, { intent: "signin", email: "a@b.co", password: " six  " })).toMatchObject({ password: " six  " });
    expect(messagesOf(signInSchema, { intent: "signin", email: "a@b.co", password: "x".repeat(1025) })).toEqual({
      password: M.passwordTooLong,
    });
  });
});

describe("sign-up", () => {
  it("shows every field's message at once", () => {
    expect(messagesOf(signUpSchema, { intent: "signup", fullName: "", email: "", password: "", confirmPassword: "" })).toEqual({
      fullName: M.fullNameRequired,
      email: M.emailRequired,
      password: M.passwordRequired,
      confirmPassword: M.confirmRequired,
    });
    expect(messagesOf(signUpSchema, { intent: "signup", fullName: " ", email: "x", password: "short", confirmPassword: "" })).toEqual({
      fullName: M.fullNameRequired,
      email: M.emailInvalid,
      password: M.passwordTooShort,
      confirmPassword: M.confirmRequired,
    });
  });

  it("passwords: 8 characters, then not one of the four weak ones, one message at a time", () => {
    const passwordMessage = (password: string) => messagesOf(signUpSchema, { ...signUp, password, confirmPassword: password }).password;
    expect(passwordMessage("1234567")).toBe(M.passwordTooShort);
    expect(passwordMessage("qwerty")).toBe(M.passwordTooShort);
    expect(passwordMessage("PassWord")).toBe(M.passwordTooWeak);
    expect(passwordMessage("longenough")).toBeUndefined();
  });

  it("says the confirmation differs, beside the other fields' messages", () => {
    expect(messagesOf(signUpSchema, { ...signUp, confirmPassword: "longenougH" })).toEqual({ confirmPassword: M.passwordsDiffer });
    expect(messagesOf(signUpSchema, { ...signUp, email: "ada@", password: "qwerty", confirmPassword: "x" })).toEqual({
      email: M.emailInvalid,
      password: M.passwordTooShort,
      confirmPassword: M.passwordsDiffer,
    });
  });

  it("trims the name and the invite code; a blank code is none", () => {
    expect(valueOf(signUpSchema, { ...signUp, fullName: "  Ada  ", inviteCode: " ATL-ABC234 " })).toMatchObject({
      fullName: "Ada",
      inviteCode: "ATL-ABC234",
    });
    expect(valueOf(signUpSchema, { ...signUp, inviteCode: "" })).toMatchObject({ inviteCode: null });
  });
});

describe("the reset page's new password", () => {
  const passwordMessage = (password: string) => messagesOf(newPasswordSchema, { password, confirmPassword: password }).password;

  it("needs 8 characters with a lower-case and an upper-case letter and a digit, each with its own message", () => {
    expect(passwordMessage("")).toBe(M.passwordRequired);
    expect(passwordMessage("Ab1")).toBe(M.passwordTooShort);
    expect(passwordMessage("ABCDEFG1")).toBe(M.passwordNeedsLowercase);
    expect(passwordMessage("abcdefg1")).toBe(M.passwordNeedsUppercase);
    expect(passwordMessage("Abcdefgh")).toBe(M.passwordNeedsNumber);
    expect(passwordMessage("Abcdefg1")).toBeUndefined();
  });

  it("needs the confirmation, the same", () => {
    expect(messagesOf(newPasswordSchema, { password: "Abcdefg1", confirmPassword: "" })).toEqual({ confirmPassword: M.confirmRequired });
    expect(messagesOf(newPasswordSchema, { password: "Abcdefg1", confirmPassword: "Abcdefg2" })).toEqual({
      confirmPassword: M.passwordsDiffer,
    });
  });
});

describe("the one auth form", () => {
  it("gives each mode its own fields; reset mode needs only the e-mail", () => {
    expect(messagesOf(AUTH_MODE_SCHEMAS.reset, { intent: "reset", email: "ada@example.com" })).toEqual({});
    expect(messagesOf(AUTH_MODE_SCHEMAS.reset, { intent: "reset", email: "" })).toEqual({ email: M.emailRequired });
    expect(messagesOf(authFormSchema, { intent: "reset", email: "ada@example.com", password: "" })).toEqual({});
  });

  it("tells the posts apart by intent", () => {
    expect(messagesOf(authFormSchema, { intent: "signin", email: "a@b.co", password: "12345" })).toEqual({
      password: M.signInPasswordTooShort,
    });
    expect(messagesOf(authFormSchema, { ...signUp, password: "12345", confirmPassword: "12345" })).toEqual({
      password: M.passwordTooShort,
    });
  });

  it("knows which mode a reply belongs to", () => {
    expect(modeOfIntent("resend-verification")).toBe("signin");
    expect(modeOfIntent("signup")).toBe("signup");
    expect(modeOfIntent("admin")).toBeNull();
    expect(intentOfReply({ initialValue: { intent: "reset" } })).toBe("reset");
    expect(intentOfReply({ initialValue: null, authIntent: "signup" })).toBe("signup");
    expect(intentOfReply({ initialValue: { intent: "bogus" } })).toBeNull();
  });
});
