import { describe, expect, it } from "vitest";
import { errorsOf, parseForm as parse, valueOf } from "../../../tests/support/forms";
import {
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  betaDecisionSchema,
  betaSignupSchema,
  emailCaptureSchema,
  parseStatus,
} from "./beta";

describe("the Request Beta Access form", () => {
  it("needs an e-mail, and a valid one", () => {
    expect(errorsOf(betaSignupSchema, { email: "" })).toEqual({ email: [EMAIL_REQUIRED_MESSAGE] });
    expect(errorsOf(betaSignupSchema, { email: "   " })).toEqual({ email: [EMAIL_REQUIRED_MESSAGE] });
    expect(errorsOf(betaSignupSchema, { email: "ada@" })).toEqual({ email: [EMAIL_INVALID_MESSAGE] });
  });

  it("names each text that is too long, every field at once", () => {
    const errors = errorsOf(betaSignupSchema, {
      email: "ada@example.com",
      inviteCode: "C".repeat(65),
      fullName: "n".repeat(201),
      company: "c".repeat(201),
      role: "r".repeat(201),
      reason: "x".repeat(2001),
    });
    expect(errors).toEqual({
      inviteCode: ["Invite code must be at most 64 characters"],
      fullName: ["Full name must be at most 200 characters"],
      company: ["Company must be at most 200 characters"],
      role: ["Role must be at most 200 characters"],
      reason: ["Reason for access must be at most 2000 characters"],
    });
  });

  it("keeps the e-mail alone when the details are blank, and upper-cases the code", () => {
    const blank = { email: " Ada@Example.com ", inviteCode: "", fullName: "", company: "", role: "", reason: "" };
    expect(valueOf(betaSignupSchema, blank)).toEqual({ email: "ada@example.com" });
    expect(valueOf(betaSignupSchema, { email: "ada@example.com", inviteCode: " beta-x7k9p2 " })).toEqual({
      email: "ada@example.com",
      inviteCode: "BETA-X7K9P2",
    });
  });

  it("the e-mail capture has the same e-mail rules", () => {
    expect(errorsOf(emailCaptureSchema, { email: "" })).toEqual({ email: [EMAIL_REQUIRED_MESSAGE] });
    expect(errorsOf(emailCaptureSchema, { email: "list@" })).toEqual({ email: [EMAIL_INVALID_MESSAGE] });
  });
});

describe("an admin's decision", () => {
  const id = "00000000-0000-4000-8000-000000000000";

  it("is approve, decline or resend of one request", () => {
    for (const intent of ["approve", "decline", "resend"]) expect(parse(betaDecisionSchema, { intent, id }).status).toBe("success");
    expect(parse(betaDecisionSchema, { intent: "delete", id }).status).toBe("error");
    expect(parse(betaDecisionSchema, { intent: "approve", id: "x" }).status).toBe("error");
  });

  it("goes back to a known tab, pending by default", () => {
    expect(parseStatus("approved")).toBe("approved");
    expect(parseStatus("anything")).toBe("pending");
    expect(parseStatus(null)).toBe("pending");
  });
});
