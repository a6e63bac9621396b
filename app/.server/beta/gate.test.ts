import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { resetEnvForTests } from "../env";
import { SIGNUP_CLOSED_MESSAGE, markInviteUsed, signupGate } from "./gate";
import { submitBetaRequest } from "./requests";

async function approved(email: string, code: string) {
  await submitBetaRequest({ email });
  await db().update(schema.betaRequests).set({ status: "approved", inviteCode: code }).where(eq(schema.betaRequests.email, email));
}

describe("sign-up gate", () => {
  beforeEach(resetDb);
  afterEach(() => {
    delete process.env.FEATURE_FLAGS;
    delete process.env.ADMIN_EMAILS;
    resetEnvForTests();
  });

  it("lets anyone in while public sign-up is on", async () => {
    expect(await signupGate("anyone@example.com")).toEqual({ allowed: true, betaRequestId: null });
  });

  it("with the flag off by FEATURE_FLAGS, admits approved e-mails and unused codes once", async () => {
    process.env.FEATURE_FLAGS = "auth.enable_public_signup=false";
    resetEnvForTests();
    await approved("ada@example.com", "ATL-ABCDEF");
    expect(await signupGate("stranger@example.com")).toEqual({ allowed: false, message: SIGNUP_CLOSED_MESSAGE });
    expect(await signupGate("stranger@example.com", "ATL-WRONG1")).toEqual({
      allowed: false,
      message: "That invite code is not valid or has already been used.",
    });
    const [request] = await db().select().from(schema.betaRequests).where(eq(schema.betaRequests.email, "ada@example.com"));
    // The approved e-mail and its code (any case, any spaces) both open the gate, naming that request.
    expect(await signupGate("ada@example.com")).toEqual({ allowed: true, betaRequestId: request!.id });
    expect(await signupGate("friend@example.com", " atl-abcdef ")).toEqual({ allowed: true, betaRequestId: request!.id });
    await markInviteUsed(request!.id);
    expect(await signupGate("friend@example.com", "ATL-ABCDEF")).toEqual({
      allowed: false,
      message: "That invite code is not valid or has already been used.",
    });
  });

  it("with the flag off in the database, refuses pending requests but admits ADMIN_EMAILS", async () => {
    await db().execute(sql`update feature_flags set enabled = false where name = 'auth.enable_public_signup'`);
    process.env.ADMIN_EMAILS = "Admin@Atelier.test";
    resetEnvForTests();
    await submitBetaRequest({ email: "pending@example.com" });
    expect((await signupGate("pending@example.com")).allowed).toBe(false);
    expect(await signupGate("admin@atelier.test")).toEqual({ allowed: true, betaRequestId: null });
  });
});
