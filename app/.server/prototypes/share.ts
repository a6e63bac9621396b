import { createHmac } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { WireframeDocument } from "~/lib/wireframes/document";
import { hashPassword, verifyPassword } from "../auth/password";
import { hashToken, randomToken, safeEqual } from "../auth/tokens";
import { db, schema } from "../db";
import { emit, envelope, mutate } from "../events";
import { notFound, UserError } from "../errors";
import { hit, peek, retryMessage } from "../rate-limit";
import { sessionSecrets } from "../secrets";
import { requireAccess, requireRead, requireRole } from "../access";
import { findWireframeRow } from "../wireframes/rows";
import { documentAt } from "../wireframes/documents";
import type { MemberContext } from "../workspaces";

/**
 * Share links (issue 15): a link `/p/<token>` plays one wireframe's prototype, read-only,
 * for anyone who has it, without an account. Only the token's sha256 is stored; a link can
 * ask for a password (argon2id), expire, allow feedback from guests, and be revoked. Looking
 * up tokens is rate-limited per address, so they cannot be guessed.
 */
const { prototypeShareLinks: links, wireframes, users } = schema;

export type ShareLinkSummary = {
  id: string;
  createdAt: Date;
  createdByName: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  hasPassword: boolean;
  allowFeedback: boolean;
  openCount: number;
  lastOpenedAt: Date | null;
  state: "active" | "expired" | "revoked";
};

export type NewShareLink = { expiresInDays?: number | null; password?: string | null; allowFeedback: boolean };

/** Tokens looked up per address and window before 429 (a real viewer opens a handful). */
export const LOOKUP_LIMIT = { count: 30, windowSeconds: 600 };
/** Wrong passwords per link and address before 429. */
export const PASSWORD_LIMIT = { count: 10, windowSeconds: 900 };

function stateOf(row: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): ShareLinkSummary["state"] {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

/** Makes a link; the token is in the answer only (shown once, stored hashed). Members who can edit share. */
export async function createShareLink(
  member: MemberContext,
  wireframeId: string,
  input: NewShareLink,
): Promise<{ id: string; token: string }> {
  requireRole(member, "share_link", "change");
  const password = input.password?.trim() ? input.password : null;
  if (password !== null && password.length < 6) throw new UserError(400, "Use at least 6 characters for the password.", "password");
  const days = input.expiresInDays ?? null;
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > 365))
    throw new UserError(400, "Choose an expiry between 1 and 365 days.", "expiresInDays");
  const token = randomToken(24);
  const passwordHash = password ? await hashPassword(password) : null;
  const link = await mutate(async (tx) => {
    await requireAccess(tx, member, "share_link", "change");
    const row = await findWireframeRow(tx, member, wireframeId);
    const [inserted] = await tx
      .insert(links)
      .values({
        workspaceId: member.workspace.id,
        wireframeId: row.id,
        tokenHash: hashToken(token),
        passwordHash,
        allowFeedback: input.allowFeedback,
        expiresAt: days ? new Date(Date.now() + days * 86_400_000) : null,
        createdBy: member.user.id,
      })
      .returning({ id: links.id, allowFeedback: links.allowFeedback, expiresAt: links.expiresAt });
    await emit(tx, {
      kind: "wireframe.shared",
      ...envelope(member, row.projectId),
      subject: { id: row.id, name: row.name },
      change: {
        link: {
          id: inserted!.id,
          allowFeedback: inserted!.allowFeedback,
          hasPassword: passwordHash !== null,
          expiresAt: inserted!.expiresAt?.toISOString() ?? null,
        },
      },
    });
    return inserted!;
  });
  return { id: link.id, token };
}

/** The wireframe's links, newest first, with how many times each was opened. */
export async function listShareLinks(member: MemberContext, wireframeId: string): Promise<ShareLinkSummary[]> {
  requireRead(member, "share_link");
  const row = await findWireframeRow(db(), member, wireframeId);
  const rows = await db()
    .select({
      id: links.id,
      createdAt: links.createdAt,
      createdByName: users.fullName,
      expiresAt: links.expiresAt,
      revokedAt: links.revokedAt,
      passwordHash: links.passwordHash,
      allowFeedback: links.allowFeedback,
      openCount: links.openCount,
      lastOpenedAt: links.lastOpenedAt,
    })
    .from(links)
    .leftJoin(users, eq(users.id, links.createdBy))
    .where(and(eq(links.wireframeId, row.id), eq(links.workspaceId, member.workspace.id)))
    .orderBy(desc(links.createdAt));
  return rows.map(({ passwordHash, ...r }) => ({ ...r, hasPassword: passwordHash !== null, state: stateOf(r) }));
}

/** Revokes a link of the member's workspace (its next visit answers 410). */
export async function revokeShareLink(member: MemberContext, wireframeId: string, linkId: string): Promise<void> {
  requireRole(member, "share_link", "change");
  if (!isUuid(linkId)) throw notFound("That link");
  await mutate(async (tx) => {
    await requireAccess(tx, member, "share_link", "change");
    const done = await tx
      .update(links)
      .set({ revokedAt: sql`coalesce(${links.revokedAt}, now())` })
      .where(and(eq(links.id, linkId), eq(links.wireframeId, wireframeId), eq(links.workspaceId, member.workspace.id)))
      .returning({ id: links.id });
    if (done.length === 0) throw notFound("That link");
    const row = await findWireframeRow(tx, member, wireframeId);
    await emit(tx, {
      kind: "wireframe.share_revoked",
      ...envelope(member, row.projectId),
      subject: { id: row.id, name: row.name },
      change: { link: { id: linkId } },
    });
  });
}

export type SharedPrototype = {
  linkId: string;
  wireframeId: string;
  workspaceId: string;
  /** The wireframe's project, whose design tokens its drawings use. */
  projectId: string | null;
  name: string;
  authorName: string | null;
  document: WireframeDocument;
  /** The document's version (its last patch): the screens' drawings change with it. */
  seq: number;
  allowFeedback: boolean;
  hasPassword: boolean;
  /** The value of the cookie that shows this browser gave the password (null: no password). */
  unlockValue: string | null;
};

const GONE = "This link was turned off by the people who shared it. Ask them for a new one.";
const EXPIRED = "This link has expired. Ask the people who shared it for a new one.";
const UNKNOWN = "There is no prototype at this link. Check that you copied all of it.";

/**
 * The prototype behind a token, for anyone: 404 for an unknown token, 410 for a revoked or
 * expired one, 429 after too many lookups from one address. `opened` counts a visit.
 */
export async function openShareLink(token: string, options: { ip: string; opened?: boolean }): Promise<SharedPrototype> {
  // Only misses count: a viewer clicking through fifty screens is never limited, a guesser is.
  const key = `prototype-link:${options.ip}`;
  const limit = await peek(key, LOOKUP_LIMIT.count, LOOKUP_LIMIT.windowSeconds);
  if (!limit.ok) throw tooMany(limit.retryAfterSeconds);
  const miss = async () => {
    const counted = await hit(key, LOOKUP_LIMIT.count, LOOKUP_LIMIT.windowSeconds);
    return counted.ok ? new UserError(404, UNKNOWN) : tooMany(counted.retryAfterSeconds);
  };
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) throw await miss();
  const [row] = await db()
    .select({
      id: links.id,
      workspaceId: links.workspaceId,
      wireframeId: links.wireframeId,
      passwordHash: links.passwordHash,
      allowFeedback: links.allowFeedback,
      expiresAt: links.expiresAt,
      revokedAt: links.revokedAt,
      projectId: wireframes.projectId,
      name: wireframes.name,
      seq: wireframes.seq,
      authorName: users.fullName,
    })
    .from(links)
    .innerJoin(wireframes, and(eq(wireframes.id, links.wireframeId), eq(wireframes.workspaceId, links.workspaceId)))
    .leftJoin(users, eq(users.id, wireframes.createdBy))
    .where(eq(links.tokenHash, hashToken(token)));
  if (!row) throw await miss();
  const state = stateOf(row);
  if (state === "revoked") throw new UserError(410, GONE);
  if (state === "expired") throw new UserError(410, EXPIRED);
  if (options.opened) {
    await db()
      .update(links)
      .set({ openCount: sql`${links.openCount} + 1`, lastOpenedAt: new Date() })
      .where(eq(links.id, row.id));
  }
  const current = await documentAt(row.wireframeId, Number(row.seq));
  if (!current) throw await miss();
  return {
    linkId: row.id,
    wireframeId: row.wireframeId,
    workspaceId: row.workspaceId,
    projectId: row.projectId,
    name: row.name,
    authorName: row.authorName?.trim() || null,
    document: current.document,
    seq: current.seq,
    allowFeedback: row.allowFeedback,
    hasPassword: row.passwordHash !== null,
    unlockValue: row.passwordHash ? unlockValue(row.id, row.passwordHash) : null,
  };
}

function tooMany(seconds: number, field?: string): UserError {
  return new UserError(429, retryMessage(seconds), field, { "Retry-After": String(seconds) });
}

/** What the unlock cookie holds: an HMAC of the link and its password hash (a new password or secret locks it again). */
function unlockValue(linkId: string, passwordHash: string): string {
  return createHmac("sha256", sessionSecrets()[0]!).update(`${linkId}:${passwordHash}`).digest("base64url");
}

/** Whether a cookie's value unlocks the link. */
export function isUnlocked(shared: SharedPrototype, cookieValue: string | null | undefined): boolean {
  if (!shared.unlockValue) return true;
  return typeof cookieValue === "string" && safeEqual(cookieValue, shared.unlockValue);
}

/** Checks a link's password (rate-limited per link and address); returns the unlock cookie's value. */
export async function unlockShareLink(
  token: string,
  password: string,
  options: { ip: string },
): Promise<{ linkId: string; value: string }> {
  const shared = await openShareLink(token, { ip: options.ip });
  if (!shared.unlockValue) return { linkId: shared.linkId, value: "" };
  const limit = await hit(`prototype-password:${shared.linkId}:${options.ip}`, PASSWORD_LIMIT.count, PASSWORD_LIMIT.windowSeconds);
  if (!limit.ok) throw tooMany(limit.retryAfterSeconds, "password");
  const [row] = await db().select({ passwordHash: links.passwordHash }).from(links).where(eq(links.id, shared.linkId));
  if (!(await verifyPassword(password, row?.passwordHash))) throw new UserError(401, "That password is not right.", "password");
  return { linkId: shared.linkId, value: shared.unlockValue };
}
