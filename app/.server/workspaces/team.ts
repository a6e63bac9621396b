import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { assignableRoles, can, ROLE_LABELS, type Role } from "~/lib/permissions";
import { createHmac, randomUUID } from "node:crypto";
import { hashToken } from "../auth/tokens";
import { db, schema, type Db, transaction } from "../db";
import { appLink, sendMail } from "../mail";
import { recordActivity } from "../projects/activity";
import { UserError } from "../errors";
import { isUuid } from "~/lib/ids";
import { sessionSecrets } from "../secrets";
import { assertCanAdd, assertCanJoin } from "./limits";
import type { MemberContext } from "./index";

const { memberships, users, invitations, workspaces, cardAssignees } = schema;

export const INVITATION_DAYS = 7;

const memberColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  avatarUrl: users.avatarUrl,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

export async function listMembers(workspaceId: string) {
  return db()
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(users.fullName), asc(users.email));
}

export async function getMember(workspaceId: string, userId: string) {
  if (!isUuid(userId)) return null;
  const [row] = await db()
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return row ?? null;
}

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
    .where(and(eq(invitations.workspaceId, workspaceId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt));
}

export async function countSeats(workspaceId: string, tx: Db = db()): Promise<number> {
  const [m] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.workspaceId, workspaceId));
  const [i] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  return Number(m?.n ?? 0) + Number(i?.n ?? 0);
}

async function sendInvitationMail(to: string, token: string, workspaceName: string, inviterName: string, role: Role) {
  const link = appLink(`/invite/${token}`);
  await sendMail({
    to,
    subject: `${inviterName} invited you to ${workspaceName} on Atelier`,
    text: [
      `${inviterName} invited you to join the workspace "${workspaceName}" on Atelier as ${ROLE_LABELS[role].toLowerCase()}.`,
      "",
      `Accept the invitation: ${link}`,
      "",
      `The link works once and expires in ${INVITATION_DAYS} days. If you were not expecting it, ignore this e-mail.`,
    ].join("\n"),
    html: `<p>${escapeHtml(inviterName)} invited you to join the workspace <strong>${escapeHtml(workspaceName)}</strong> on Atelier as ${ROLE_LABELS[role].toLowerCase()}.</p><p><a href="${link}">Accept the invitation</a></p><p>The link works once and expires in ${INVITATION_DAYS} days.</p>`,
  });
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
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
  if (!can(ctx.role, "members.invite")) throw new UserError(403, "Only admins and owners can invite people.");
  if (!assignableRoles(ctx.role).includes(role)) throw new UserError(403, "You cannot give that role.", "role");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const { id, resent } = await transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, ctx.workspace.id), eq(users.email, email)));
    if (existing) throw new UserError(400, `${email} is already a member of this workspace.`, "email");
    const [open] = await tx
      .select({ id: invitations.id, expiresAt: invitations.expiresAt })
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, ctx.workspace.id),
          eq(invitations.email, email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      )
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
    await recordActivity(tx, {
      workspaceId: ctx.workspace.id,
      projectId: null,
      actorId: ctx.user.id,
      action: "member.invited",
      newValue: { email, role },
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
        .where(
          and(
            eq(invitations.id, invitationId),
            eq(invitations.workspaceId, ctx.workspace.id),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
    : [];
  if (!inv) throw new UserError(404, "That invitation was not found. It may have been accepted or revoked.");
  await inviteMember(ctx, inv.email, inv.role);
  return inv.email;
}

export async function revokeInvitation(ctx: MemberContext, invitationId: string) {
  if (!can(ctx.role, "members.invite")) throw new UserError(403, "Only admins and owners can revoke invitations.");
  const rows = isUuid(invitationId)
    ? await db()
        .update(invitations)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(invitations.id, invitationId),
            eq(invitations.workspaceId, ctx.workspace.id),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .returning({ email: invitations.email })
    : [];
  if (rows.length === 0) throw new UserError(404, "That invitation was not found. It may have been accepted or revoked.");
  return rows[0]!.email;
}

async function ownerCount(tx: Db, workspaceId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "owner")));
  return Number(row?.n ?? 0);
}

export const LAST_OWNER_MESSAGE = "A workspace needs at least one owner. Make someone else an owner first.";

export async function changeRole(ctx: MemberContext, userId: string, role: Role) {
  if (!can(ctx.role, "members.update_role")) throw new UserError(403, "Only admins and owners can change roles.");
  await transaction(async (tx) => {
    const [target] = isUuid(userId)
      ? await tx
          .select({ role: memberships.role })
          .from(memberships)
          .where(and(eq(memberships.workspaceId, ctx.workspace.id), eq(memberships.userId, userId)))
          .for("update")
      : [];
    if (!target) throw new UserError(404, "That person is not a member of this workspace.");
    if (target.role === role) return;
    const allowed = assignableRoles(ctx.role);
    if (!allowed.includes(role) || (target.role === "owner" && ctx.role !== "owner")) {
      throw new UserError(403, "Only owners can make or unmake owners.", "role");
    }
    if (target.role === "owner" && (await ownerCount(tx, ctx.workspace.id)) <= 1) {
      throw new UserError(400, LAST_OWNER_MESSAGE, "role");
    }
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.workspaceId, ctx.workspace.id), eq(memberships.userId, userId)));
    await recordActivity(tx, {
      workspaceId: ctx.workspace.id,
      projectId: null,
      actorId: ctx.user.id,
      action: "member.role_changed",
      field: "role",
      oldValue: target.role,
      newValue: role,
      cardId: null,
    });
  });
}

/** Removes a member (or lets a member leave). Their access ends with their next request. */
export async function removeMember(ctx: MemberContext, userId: string) {
  const leaving = userId === ctx.user.id;
  if (!leaving && !can(ctx.role, "members.remove")) throw new UserError(403, "Only admins and owners can remove members.");
  await transaction(async (tx) => {
    const [target] = isUuid(userId)
      ? await tx
          .select({ role: memberships.role, email: users.email })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.workspaceId, ctx.workspace.id), eq(memberships.userId, userId)))
          .for("update", { of: memberships })
      : [];
    if (!target) throw new UserError(404, "That person is not a member of this workspace.");
    if (target.role === "owner" && !leaving && ctx.role !== "owner") {
      throw new UserError(403, "Only owners can remove an owner.");
    }
    if (target.role === "owner" && (await ownerCount(tx, ctx.workspace.id)) <= 1) {
      throw new UserError(400, LAST_OWNER_MESSAGE);
    }
    await tx.delete(cardAssignees).where(and(eq(cardAssignees.workspaceId, ctx.workspace.id), eq(cardAssignees.userId, userId)));
    await tx.delete(memberships).where(and(eq(memberships.workspaceId, ctx.workspace.id), eq(memberships.userId, userId)));
    await tx
      .update(users)
      .set({ currentWorkspaceId: null })
      .where(and(eq(users.id, userId), eq(users.currentWorkspaceId, ctx.workspace.id)));
    await recordActivity(tx, {
      workspaceId: ctx.workspace.id,
      projectId: null,
      actorId: ctx.user.id,
      action: leaving ? "member.left" : "member.removed",
      oldValue: { email: target.email, role: target.role },
    });
  });
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
  return transaction(async (tx) => {
    const [inv] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.tokenHash, hashToken(token)),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .for("update");
    if (!inv) throw new UserError(400, "This invitation is no longer valid. Ask for a new one.");
    if (inv.email !== user.email.toLowerCase()) {
      throw new UserError(403, `This invitation was sent to ${inv.email}. Sign in with that address to accept it.`);
    }
    await assertCanJoin(tx, inv.workspaceId);
    await joinWorkspace(tx, inv, user.id);
    return { workspaceId: inv.workspaceId };
  });
}

async function joinWorkspace(tx: Db, inv: typeof invitations.$inferSelect, userId: string) {
  await tx.insert(memberships).values({ workspaceId: inv.workspaceId, userId, role: inv.role }).onConflictDoNothing();
  await tx
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where(and(eq(invitations.id, inv.id), eq(invitations.workspaceId, inv.workspaceId)));
  await tx.update(users).set({ currentWorkspaceId: inv.workspaceId }).where(eq(users.id, userId));
  await recordActivity(tx, {
    workspaceId: inv.workspaceId,
    projectId: null,
    actorId: userId,
    action: "member.joined",
    newValue: { role: inv.role },
  });
}

/** After an e-mail is verified: join every open invitation sent to it. */
export async function acceptOpenInvitationsFor(userId: string, email: string): Promise<number> {
  return transaction(async (tx) => {
    const open = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.email, email.toLowerCase()),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .for("update");
    let joined = 0;
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
      joined++;
    }
    return joined;
  });
}

/** Is there an open invitation for this e-mail? (Lets an invited person sign up when public sign-up is off.) */
export async function hasOpenInvitation(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ one: sql<number>`1` })
    .from(invitations)
    .where(
      and(
        eq(invitations.email, email.toLowerCase()),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return !!row;
}
