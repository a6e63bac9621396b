import { describe, expect, it } from "vitest";
import { errorsOf, parseForm as parse, valueOf } from "../../../tests/support/forms";
import { AUTH_MESSAGES as M } from "../auth-validation";
import {
  PROFILE_TEXT,
  changeEmailSchema,
  changePasswordSchema,
  intentOfProfileReply,
  profileFormSchema,
  updateProfileSchema,
} from "./account";

describe("the profile's forms", () => {
  it("name and avatar: a name under 120 characters, an https:// avatar or none", () => {
    expect(errorsOf(updateProfileSchema, { intent: "update-profile", fullName: " ", avatarUrl: "http://x.example/a.png" })).toEqual({
      fullName: [M.fullNameRequired],
      avatarUrl: [PROFILE_TEXT.avatarNotHttps],
    });
    expect(errorsOf(updateProfileSchema, { intent: "update-profile", fullName: "n".repeat(121) })).toEqual({
      fullName: [PROFILE_TEXT.nameTooLong],
    });
    expect(valueOf(updateProfileSchema, { intent: "update-profile", fullName: " Ada ", avatarUrl: "" })).toEqual({
      intent: "update-profile",
      fullName: "Ada",
    });
  });

  it("password: the reset page's rules and a matching confirmation, every message at once", () => {
    expect(errorsOf(changePasswordSchema, { intent: "change-password", currentPassword: "", password: "", confirmPassword: "" })).toEqual({
      password: [M.passwordRequired],
      confirmPassword: [M.confirmRequired],
    });
    expect(
      errorsOf(changePasswordSchema, {
        intent: "change-password",
        currentPassword: "x",
        password: "alllowercase1",
        confirmPassword: "other",
      }),
    ).toEqual({ password: [M.passwordNeedsUppercase], confirmPassword: [M.passwordsDiffer] });
  });

  it("e-mail: required and valid, trimmed and lower-cased", () => {
    expect(errorsOf(changeEmailSchema, { intent: "change-email", email: "" })).toEqual({ email: [M.emailRequired] });
    expect(errorsOf(changeEmailSchema, { intent: "change-email", email: "new@" })).toEqual({ email: [M.emailInvalid] });
    expect(valueOf(changeEmailSchema, { intent: "change-email", email: " New@Example.test ", currentPassword: "pw" })).toEqual({
      intent: "change-email",
      email: "new@example.test",
      currentPassword: "pw",
    });
  });

  it("one union for the server, told apart by intent; a reply names its form", () => {
    expect(parse(profileFormSchema, { intent: "sign-out-others" }).status).toBe("success");
    expect(parse(profileFormSchema, { intent: "sign-out-session", sessionId: "0123456789abcdef" }).status).toBe("success");
    expect(intentOfProfileReply({ initialValue: { intent: "change-email" } })).toBe("change-email");
    expect(intentOfProfileReply(undefined)).toBeNull();
  });
});
