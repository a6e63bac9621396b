import { and, asc, count, eq } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { assignableRoles, type Role } from "~/lib/permissions";
import { db, schema, type Db } from "../db";
import { UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import type { MemberContext } from "./index";
import { requireAccess, requireRole } from "../access";

/**
 * The workspace's members: who they are, their roles, and leaving or being removed.
 * Invitations (the way in) are in ./invitations.ts.
 */
const { memberships, users, cardAssignees } = schema;

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

async function ownerCount(tx: Db, workspaceId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "owner")));
  return Number(row?.n ?? 0);
}

export const LAST_OWNER_MESSAGE = "A workspace needs at least one owner. Make someone else an owner first.";

export async function changeRole(ctx: MemberContext, userId: string, role: Role) {
  requireRole(ctx, "team", "change_role");
  await mutate(async (tx) => {
    // A read-only workspace (trial ended, subscription canceled) keeps its roles as they are.
    await requireAccess(tx, ctx, "team", "change_role");
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
    await emit(tx, {
      kind: "member.role_changed",
      ...envelope(ctx),
      subject: { userId },
      change: { from: target.role, to: role },
    });
  });
}

/** Removes a member (or lets a member leave). Their access ends with their next request. */
export async function removeMember(ctx: MemberContext, userId: string) {
  const leaving = userId === ctx.user.id;
  if (!leaving) requireRole(ctx, "team", "remove");
  await mutate(async (tx) => {
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
    await emit(tx, {
      kind: leaving ? "member.left" : "member.removed",
      ...envelope(ctx),
      subject: { userId, email: target.email },
      change: { role: target.role },
    });
  });
}
