import { createHmac, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { assignableRoles, ROLE_LABELS, type Role } from "~/lib/permissions";
import { hashToken } from "../auth/tokens";
import { db, schema, type Db } from "../db";
import { UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import { requireRole } from "../access";
import { appLink, sendMail } from "../mail";
import { invitationMail } from "../mail/templates";
import { sessionSecrets } from "../secrets";
import type { MemberContext } from "./index";
import { assertCanAdd, assertCanJoin } from "./limits";

/**
 * Invitations: sent by e-mail with a role, each holding a seat while open (counted by
 * limits.ts), sent again with the same link, revoked, and spent when accepted. The
 * members they make are in ./members.ts.
 */
const { memberships, users, invitations, workspaces } = schema;

export const INVITATION_DAYS = 7;

/** Neither accepted nor revoked (it may have expired: sending it again renews it). */
const pending = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
/** Pending and not expired: its link still works. */
const usable = () => and(pending(), gt(invitations.expiresAt, new Date()));

export async function listInvitations(workspaceId: string) {
  return db()
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      invitedByName: users.fullName,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.workspaceId, workspaceId), pending()))
    .orderBy(desc(invitations.createdAt));
}

async function sendInvitationMail(to: string, token: string, workspaceName: string, inviterName: string, role: Role) {
  await sendMail(
    invitationMail({
      to,
      link: appLink(`/invite/${token}`),
      workspaceName,
      inviterName,
      roleName: ROLE_LABELS[role].toLowerCase(),
      days: INVITATION_DAYS,
    }),
  );
}

/**
 * The secret of an invitation's link, derived from its id with the server's secret (only
 * its hash is stored, as for every link). Deriving it, rather than drawing it at random,
 * lets "send again" e-mail the same link: the e-mail the person already has keeps working.
 */
function invitationToken(invitationId: string): string {
  return createHmac("sha256", sessionSecrets()[0]!).update(`invitation:${invitationId}`).digest("base64url");
}

/**
 * Invites an e-mail with a role. When the address already has an open invitation, this
 * sends that invitation again rather than replacing it: the same link in a new e-mail,
 * valid for another INVITATION_DAYS, with the role chosen now. It holds the one seat it
 * held. Returns whether it was such a resend.
 */
export async function inviteMember(ctx: MemberContext, email: string, role: Role): Promise<{ resent: boolean }> {
  requireRole(ctx, "team", "invite");
  if (!assignableRoles(ctx.role).includes(role)) throw new UserError(403, "You cannot give that role.", "role");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const { id, resent } = await mutate(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, ctx.workspace.id), eq(users.email, email)));
    if (existing) throw new UserError(400, `${email} is already a member of this workspace.`, "email");
    const [open] = await tx
      .select({ id: invitations.id, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(and(eq(invitations.workspaceId, ctx.workspace.id), eq(invitations.email, email), pending()))
      .for("update");
    // A live invitation holds its seat already; an expired one gave it up.
    if (!open || open.expiresAt <= new Date()) await assertCanAdd(tx, ctx.workspace.id, "members");
    const id = open?.id ?? randomUUID();
    const tokenHash = hashToken(invitationToken(id));
    if (open) {
      // The stored hash differs only when the secret was rotated (or the link was drawn
      // at random before links were derived): then the new e-mail's link replaces it.
      await tx
        .update(invitations)
        .set({ role, expiresAt, invitedBy: ctx.user.id, tokenHash })
        .where(and(eq(invitations.id, id), eq(invitations.workspaceId, ctx.workspace.id)));
    } else {
      await tx.insert(invitations).values({ id, workspaceId: ctx.workspace.id, email, role, tokenHash, invitedBy: ctx.user.id, expiresAt });
    }
    await emit(tx, {
      kind: "member.invited",
      ...envelope(ctx),
      subject: { email },
      change: { role, resent: !!open },
    });
    return { id, resent: !!open };
  });
  await sendInvitationMail(email, invitationToken(id), ctx.workspace.name, ctx.user.fullName || ctx.user.email, role);
  return { resent };
}

/** "Resend": the same invitation, its same link, in a fresh e-mail. */
export async function resendInvitation(ctx: MemberContext, invitationId: string) {
  const [inv] = isUuid(invitationId)
    ? await db()
        .select({ email: invitations.email, role: invitations.role })
        .from(invitations)
        .where(and(eq(invitations.id, invitationId), eq(invitations.workspaceId, ctx.workspace.id), pending()))
    : [];
  if (!inv) throw new UserError(404, "That invitation was not found. It may have been accepted or revoked.");
  await inviteMember(ctx, inv.email, inv.role);
  return inv.email;
}

export async function revokeInvitation(ctx: MemberContext, invitationId: string) {
  requireRole(ctx, "team", "revoke_invitation");
  const rows = isUuid(invitationId)
    ? await db()
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(invitations.id, invitationId), eq(invitations.workspaceId, ctx.workspace.id), pending()))
        .returning({ email: invitations.email })
    : [];
  if (rows.length === 0) throw new UserError(404, "That invitation was not found. It may have been accepted or revoked.");
  return rows[0]!.email;
}

export type InvitationView = {
  id: string;
  email: string;
  role: Role;
  workspaceId: string;
  workspaceName: string;
  inviterName: string | null;
  state: "open" | "accepted" | "revoked" | "expired";
};

/** Looks an invitation up by its link token without spending it. */
export async function findInvitation(token: string): Promise<InvitationView | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db()
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      workspaceId: invitations.workspaceId,
      workspaceName: workspaces.name,
      inviterName: users.fullName,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashToken(token)));
  if (!row) return null;
  const state = row.acceptedAt ? "accepted" : row.revokedAt ? "revoked" : row.expiresAt <= new Date() ? "expired" : "open";
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    workspaceId: row.workspaceId,
    workspaceName: row.workspaceName,
    inviterName: row.inviterName,
    state,
  };
}

/** Spends the invitation: the user joins with its role and the workspace becomes current. */
export async function acceptInvitation(token: string, user: { id: string; email: string }) {
  const joined = await mutate(async (tx) => {
    const [inv] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.tokenHash, hashToken(token)), usable()))
      .for("update");
    if (!inv) throw new UserError(400, "This invitation is no longer valid. Ask for a new one.");
    if (inv.email !== user.email.toLowerCase()) {
      throw new UserError(403, `This invitation was sent to ${inv.email}. Sign in with that address to accept it.`);
    }
    await assertCanJoin(tx, inv.workspaceId);
    await joinWorkspace(tx, inv, user.id);
    return inv;
  });
  return { workspaceId: joined.workspaceId };
}

async function joinWorkspace(tx: Db, inv: typeof invitations.$inferSelect, userId: string) {
  await tx.insert(memberships).values({ workspaceId: inv.workspaceId, userId, role: inv.role }).onConflictDoNothing();
  await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(and(eq(invitations.id, inv.id), eq(invitations.workspaceId, inv.workspaceId)));
  await tx.update(users).set({ currentWorkspaceId: inv.workspaceId }).where(eq(users.id, userId));
  // The inviter hears of it once the join has committed (../events/subscribers.ts).
  await emit(tx, {
    kind: "member.joined",
    workspaceId: inv.workspaceId,
    projectId: null,
    actor: { id: userId, name: null },
    subject: { userId, email: inv.email },
    change: { role: inv.role, invitedBy: inv.invitedBy },
  });
}

/** After an e-mail is verified: join every open invitation sent to it. */
export async function acceptOpenInvitationsFor(userId: string, email: string): Promise<number> {
  const accepted = await mutate(async (tx) => {
    const open = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.email, email.toLowerCase()), usable()))
      .for("update");
    const joined: (typeof open)[number][] = [];
    for (const inv of open) {
      // A workspace without room (or read-only) keeps the invitation open: the
      // invite link explains why, and it can be accepted once there is a seat.
      const room = await assertCanJoin(tx, inv.workspaceId).then(
        () => true,
        (e: unknown) => {
          if (e instanceof UserError) return false;
          throw e;
        },
      );
      if (!room) continue;
      await joinWorkspace(tx, inv, userId);
      joined.push(inv);
    }
    return joined;
  });
  return accepted.length;
}

/** Is there an open invitation for this e-mail? (Lets an invited person sign up when public sign-up is off.) */
export async function hasOpenInvitation(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ one: sql<number>`1` })
    .from(invitations)
    .where(and(eq(invitations.email, email.toLowerCase()), usable()))
    .limit(1);
  return !!row;
}
