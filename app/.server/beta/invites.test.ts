import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { resetEnvForTests } from "../env";
import { outbox, resetMailForTests } from "../mail";
import {
  INVITE_ALPHABET,
  INVITE_CODE_PATTERN,
  approveBetaRequest,
  betaCounts,
  declineBetaRequest,
  generateInviteCode,
  listBetaRequests,
  resendInvite,
} from "./invites";
import { captureEmail, submitBetaRequest } from "./requests";

async function admin() {
  const [row] = await db()
    .insert(schema.users)
    .values({ email: "admin@atelier.test", fullName: "Admin", emailVerifiedAt: new Date() })
    .returning({ id: schema.users.id });
  return row!.id;
}

async function request(email: string, fullName?: string) {
  await submitBetaRequest({ email, fullName });
  const [row] = await db().select().from(schema.betaRequests).where(eq(schema.betaRequests.email, email));
  return row!;
}

describe("invite codes", () => {
  it("are a prefix, a hyphen and six characters from an unambiguous alphabet", () => {
    const codes = Array.from({ length: 500 }, generateInviteCode);
    for (const code of codes) {
      expect(code).toMatch(INVITE_CODE_PATTERN);
      expect(code).toMatch(/^ATL-[A-Z2-9]{6}$/);
      expect(code).not.toMatch(/ATL-.*[01OIL]/);
    }
    expect(new Set(codes).size).toBeGreaterThan(495);
    expect(INVITE_ALPHABET).not.toMatch(/[01OIL]/);
  });
});

describe("approving and declining beta requests", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  afterEach(() => {
    delete process.env.SMTP_URL;
    process.env.MAIL_TRANSPORT = "memory";
    resetEnvForTests();
    resetMailForTests();
  });

  it("approval stores a code and e-mails it with a sign-up link that starts with APP_URL", async () => {
    const adminId = await admin();
    const row = await request("ada@example.com", "Ada");
    const outcome = await approveBetaRequest(row.id, adminId);
    expect(outcome.kind).toBe("sent");
    const [stored] = await db().select().from(schema.betaRequests).where(eq(schema.betaRequests.id, row.id));
    expect(stored).toMatchObject({ status: "approved", decidedBy: adminId });
    expect(stored!.inviteCode).toMatch(INVITE_CODE_PATTERN);
    expect(outbox).toHaveLength(1);
    const mail = outbox[0]!;
    expect(mail.to).toBe("ada@example.com");
    expect(mail.text).toContain(`Your invite code: ${stored!.inviteCode}`);
    expect(mail.text).toContain(`http://localhost:3000/auth?mode=signup&invite=${stored!.inviteCode}&email=ada%40example.com`);
    expect(mail.text).toContain("Hi Ada,");
  });

  it("gives every approval its own code, and tries again when a new code is taken", async () => {
    const adminId = await admin();
    const first = await request("one@example.com");
    const second = await request("two@example.com");
    await approveBetaRequest(first.id, adminId, () => "ATL-AAAAAA");
    const codes = ["ATL-AAAAAA", "ATL-AAAAAA", "ATL-BBBBBB"];
    const outcome = await approveBetaRequest(second.id, adminId, () => codes.shift()!);
    expect(outcome).toMatchObject({ kind: "sent", inviteCode: "ATL-BBBBBB" });
    expect(codes).toEqual([]);
  });

  it("approving again keeps the code and sends it again", async () => {
    const adminId = await admin();
    const row = await request("ada@example.com");
    const first = await approveBetaRequest(row.id, adminId);
    const [stored] = await db().select().from(schema.betaRequests).where(eq(schema.betaRequests.id, row.id));
    expect(first).toEqual({ kind: "sent", email: "ada@example.com", inviteCode: stored!.inviteCode });
    expect(await approveBetaRequest(row.id, adminId)).toEqual({ kind: "sent", email: "ada@example.com", inviteCode: stored!.inviteCode });
    expect(outbox.map((m) => m.to)).toEqual(["ada@example.com", "ada@example.com"]);
  });

  it("keeps the approval when the mail server fails, and the invite can be resent", async () => {
    const adminId = await admin();
    const row = await request("ada@example.com");
    delete process.env.MAIL_TRANSPORT;
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    resetEnvForTests();
    resetMailForTests();
    const errors = vi.mocked(console.error);
    errors.mockImplementationOnce(() => {}); // expected: the mail module logs the failure
    const outcome = await approveBetaRequest(row.id, adminId);
    expect(outcome).toMatchObject({ kind: "mail-failed", email: "ada@example.com" });
    expect(errors.mock.calls.some((c) => String(c[0]).includes("[mail] sending failed"))).toBe(true);
    errors.mockClear();
    const [stored] = await db().select().from(schema.betaRequests).where(eq(schema.betaRequests.id, row.id));
    expect(stored!.status).toBe("approved");

    process.env.MAIL_TRANSPORT = "memory";
    resetMailForTests();
    const resent = await resendInvite(row.id);
    expect(resent).toMatchObject({ kind: "sent", inviteCode: stored!.inviteCode });
    expect(outbox).toHaveLength(1);
  });

  it("declines, refuses to resend for an unapproved request and leaves a used invite alone", async () => {
    const adminId = await admin();
    const row = await request("bob@example.com");
    expect(await resendInvite(row.id)).toMatchObject({ kind: "not-allowed" });
    expect(await declineBetaRequest(row.id, adminId)).toEqual({ kind: "declined", email: "bob@example.com" });
    const used = await request("used@example.com");
    await approveBetaRequest(used.id, adminId);
    await db().update(schema.betaRequests).set({ inviteUsedAt: new Date() }).where(eq(schema.betaRequests.id, used.id));
    expect(await declineBetaRequest(used.id, adminId)).toMatchObject({ kind: "not-allowed" });
    expect(await approveBetaRequest(used.id, adminId)).toMatchObject({ kind: "not-allowed" });
    expect(await approveBetaRequest("00000000-0000-4000-8000-000000000000", adminId)).toEqual({
      kind: "not-found",
    });
  });

  it("lists one status newest first, with counts per status and of captured e-mails", async () => {
    const adminId = await admin();
    const older = await request("older@example.com");
    await db()
      .update(schema.betaRequests)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.betaRequests.id, older.id));
    await request("newer@example.com");
    const declined = await request("declined@example.com");
    await declineBetaRequest(declined.id, adminId);
    await captureEmail("list@example.com");
    expect((await listBetaRequests("pending")).map((r) => r.email)).toEqual(["newer@example.com", "older@example.com"]);
    expect((await listBetaRequests("declined")).map((r) => r.email)).toEqual(["declined@example.com"]);
    expect(await betaCounts()).toEqual({ pending: 2, approved: 0, declined: 1, captures: 1 });
  });
});
