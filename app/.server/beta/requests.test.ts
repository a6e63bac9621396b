import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, betaSignupSchema, emailCaptureSchema } from "~/lib/forms/beta";
import { ON_THE_LIST_MESSAGE, REQUEST_SUBMITTED_MESSAGE, captureEmail, parseWith, submitBetaRequest } from "./requests";

const requestOf = async (email: string) => (await db().select().from(schema.betaRequests).where(eq(schema.betaRequests.email, email)))[0];

describe("beta request validation", () => {
  it("trims and lower-cases the e-mail, upper-cases the code and drops blank fields", () => {
    const parsed = parseWith(betaSignupSchema, {
      email: "  Ada@Example.COM ",
      inviteCode: " beta-x7k9p2 ",
      fullName: "  ",
      company: null,
    });
    expect(parsed).toEqual({ ok: true, value: { email: "ada@example.com", inviteCode: "BETA-X7K9P2" } });
  });

  it("names the e-mail problem, for the form field and the API's error", () => {
    expect(parseWith(emailCaptureSchema, {})).toEqual({
      ok: false,
      error: EMAIL_REQUIRED_MESSAGE,
      fieldErrors: { email: EMAIL_REQUIRED_MESSAGE },
    });
    expect(parseWith(emailCaptureSchema, { email: "   " })).toMatchObject({ error: EMAIL_REQUIRED_MESSAGE });
    expect(parseWith(betaSignupSchema, { email: "not-an-address" })).toMatchObject({
      ok: false,
      error: EMAIL_INVALID_MESSAGE,
      fieldErrors: { email: EMAIL_INVALID_MESSAGE },
    });
  });

  it("bounds the free-text fields and refuses a body that is not an object", () => {
    const parsed = parseWith(betaSignupSchema, { email: "a@b.co", reason: "x".repeat(2001), role: 7 });
    expect(parsed).toMatchObject({
      ok: false,
      fieldErrors: {
        reason: "Reason for access must be at most 2000 characters",
        role: "Role must be text",
      },
    });
    expect(parseWith(betaSignupSchema, ["a@b.co"])).toMatchObject({
      ok: false,
      error: "Request body must be a JSON object",
    });
  });
});

describe("storing beta requests", () => {
  beforeEach(resetDb);

  it("answers with the spec's success text: details or a code, or just the e-mail", async () => {
    expect(await submitBetaRequest({ email: "a@example.com" })).toEqual({
      created: true,
      message: ON_THE_LIST_MESSAGE,
    });
    expect(await submitBetaRequest({ email: "b@example.com", inviteCode: "BETA-X7K9P2" })).toEqual({
      created: true,
      message: REQUEST_SUBMITTED_MESSAGE,
    });
    expect((await submitBetaRequest({ email: "c@example.com", reason: "Design team" })).message).toBe(REQUEST_SUBMITTED_MESSAGE);
  });

  it("merges a repeat from the same e-mail: new non-empty fields win, blank ones keep the old", async () => {
    await submitBetaRequest({ email: "ada@example.com", fullName: "Ada", company: "Engines Ltd" });
    const again = await submitBetaRequest({ email: "ada@example.com", company: "Analytical", role: "Lead" });
    expect(again.created).toBe(false);
    const row = await requestOf("ada@example.com");
    expect(row).toMatchObject({
      fullName: "Ada",
      company: "Analytical",
      role: "Lead",
      reason: null,
      status: "pending",
    });
    const rows = await db().select().from(schema.betaRequests);
    expect(rows).toHaveLength(1);
  });

  it("keeps an approved or declined request's status when it is sent again", async () => {
    await submitBetaRequest({ email: "yes@example.com" });
    await submitBetaRequest({ email: "no@example.com" });
    await db()
      .update(schema.betaRequests)
      .set({ status: "approved", inviteCode: "ATL-ABCDEF" })
      .where(eq(schema.betaRequests.email, "yes@example.com"));
    await db().update(schema.betaRequests).set({ status: "declined" }).where(eq(schema.betaRequests.email, "no@example.com"));
    await submitBetaRequest({ email: "yes@example.com", reason: "Please" });
    await submitBetaRequest({ email: "no@example.com", reason: "Please" });
    expect(await requestOf("yes@example.com")).toMatchObject({
      status: "approved",
      inviteCode: "ATL-ABCDEF",
      reason: "Please",
    });
    expect((await requestOf("no@example.com"))?.status).toBe("declined");
  });

  it("counts repeated e-mail captures instead of failing", async () => {
    expect(await captureEmail("ada@example.com")).toEqual({ created: true, message: ON_THE_LIST_MESSAGE });
    expect((await captureEmail("ada@example.com")).created).toBe(false);
    await captureEmail("ada@example.com");
    const [row] = await db().select().from(schema.emailCaptures);
    expect(row).toMatchObject({ email: "ada@example.com", times: 3 });
  });
});
