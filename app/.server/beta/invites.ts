import { randomInt } from "node:crypto";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { BetaStatus } from "~/lib/forms/beta";
import { db, schema } from "../db";
import { MailError, appLink, sendMail } from "../mail";
import { betaInviteMail } from "../mail/templates";

const { betaRequests, emailCaptures } = schema;

export const INVITE_PREFIX = "ATL";
/** No 0/O, 1/I/L: a code read aloud or copied by hand survives. */
export const INVITE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const INVITE_CODE_PATTERN = /^[A-Z]+-[A-Z0-9]{6}$/;

export function generateInviteCode(): string {
  let tail = "";
  for (let i = 0; i < 6; i++) tail += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return `${INVITE_PREFIX}-${tail}`;
}

const listColumns = {
  id: betaRequests.id,
  email: betaRequests.email,
  fullName: betaRequests.fullName,
  company: betaRequests.company,
  role: betaRequests.role,
  reason: betaRequests.reason,
  suppliedInviteCode: betaRequests.suppliedInviteCode,
  status: betaRequests.status,
  inviteCode: betaRequests.inviteCode,
  inviteUsedAt: betaRequests.inviteUsedAt,
  decidedAt: betaRequests.decidedAt,
  createdAt: betaRequests.createdAt,
};

export type BetaRequestRow = {
  [K in keyof typeof listColumns]: (typeof betaRequests.$inferSelect)[K];
};

export const LIST_LIMIT = 200;

/** One status's requests, newest first. */
export async function listBetaRequests(status: BetaStatus): Promise<BetaRequestRow[]> {
  return db()
    .select(listColumns)
    .from(betaRequests)
    .where(eq(betaRequests.status, status))
    .orderBy(desc(betaRequests.createdAt), desc(betaRequests.id))
    .limit(LIST_LIMIT);
}

export async function betaCounts(): Promise<Record<BetaStatus, number> & { captures: number }> {
  const [byStatus, [captures]] = await Promise.all([
    db().select({ status: betaRequests.status, n: count() }).from(betaRequests).groupBy(betaRequests.status),
    db().select({ n: count() }).from(emailCaptures),
  ]);
  const out = { pending: 0, approved: 0, declined: 0, captures: Number(captures?.n ?? 0) };
  for (const r of byStatus) out[r.status] = Number(r.n);
  return out;
}

function inviteLink(code: string, email: string): string {
  const query = new URLSearchParams({ mode: "signup", invite: code, email });
  return appLink(`/auth?${query.toString()}`);
}

export type InviteOutcome =
  | { kind: "not-found" }
  | { kind: "not-allowed"; reason: string }
  | { kind: "sent"; email: string; inviteCode: string }
  | { kind: "mail-failed"; email: string; inviteCode: string; reason: string };

async function findRequest(id: string) {
  const [row] = await db().select(listColumns).from(betaRequests).where(eq(betaRequests.id, id)).limit(1);
  return row;
}

async function mailInvite(row: { email: string; fullName: string | null }, code: string): Promise<InviteOutcome> {
  try {
    await sendMail(betaInviteMail({ to: row.email, name: row.fullName, code, link: inviteLink(code, row.email) }));
    return { kind: "sent", email: row.email, inviteCode: code };
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    return { kind: "mail-failed", email: row.email, inviteCode: code, reason: error.message };
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Approves a request: a fresh unique invite code (an approved one keeps its code),
 * stored first, then e-mailed. A failing mail server leaves the approval in place
 * and says so, so the admin can resend.
 */
export async function approveBetaRequest(id: string, adminId: string, newCode: () => string = generateInviteCode): Promise<InviteOutcome> {
  const row = await findRequest(id);
  if (!row) return { kind: "not-found" };
  if (row.inviteUsedAt) return { kind: "not-allowed", reason: "This invite has already been used." };
  let code = row.status === "approved" ? row.inviteCode : null;
  for (let attempt = 0; !code; attempt++) {
    const candidate = newCode();
    try {
      await db()
        .update(betaRequests)
        .set({ status: "approved", inviteCode: candidate, decidedBy: adminId, decidedAt: new Date(), updatedAt: new Date() })
        .where(eq(betaRequests.id, id));
      code = candidate;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 9) throw error;
    }
  }
  return mailInvite(row, code);
}

/** Sends an approved request's invite again (e.g. after the mail server failed). */
export async function resendInvite(id: string): Promise<InviteOutcome> {
  const row = await findRequest(id);
  if (!row) return { kind: "not-found" };
  if (row.status !== "approved" || !row.inviteCode) {
    return { kind: "not-allowed", reason: "Only an approved request has an invite to resend." };
  }
  if (row.inviteUsedAt) return { kind: "not-allowed", reason: "This invite has already been used." };
  return mailInvite(row, row.inviteCode);
}

/** Declines a request (an approved one whose code is unused is revoked). */
export async function declineBetaRequest(
  id: string,
  adminId: string,
): Promise<{ kind: "declined"; email: string } | { kind: "not-found" } | { kind: "not-allowed"; reason: string }> {
  const row = await findRequest(id);
  if (!row) return { kind: "not-found" };
  const [updated] = await db()
    .update(betaRequests)
    .set({ status: "declined", decidedBy: adminId, decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(betaRequests.id, id), isNull(betaRequests.inviteUsedAt)))
    .returning({ email: betaRequests.email });
  if (!updated) return { kind: "not-allowed", reason: "This invite has already been used." };
  return { kind: "declined", email: updated.email };
}
