import { and, eq } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { schema } from "../db";
import { UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";
import { scopeOf } from "./scope";
import { cardsOf, lockCard } from "./board-rows";

/**
 * Who works on a card: adding or removing an assignee (a member of this workspace). Each service checks the member's role and that the
 * workspace is writable (the access gate), changes one card of this project (locked for the
 * transaction) and emits its change event (../events).
 */
const { cards, cardAssignees, users, memberships } = schema;

/** Adds or removes an assignee (a member of this workspace). */
export async function setAssignee(member: MemberContext, projectId: string, cardId: string, userId: string, assigned: boolean) {
  const ctx = scopeOf(member, projectId);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    if (!isUuid(userId)) throw new UserError(400, "Choose a member of this workspace.", "userId");
    const [assignee] = await tx
      .select({ name: users.fullName, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId)));
    if (!assignee) throw new UserError(400, "Only members of this workspace can be assigned.", "userId");
    if (assigned) {
      const inserted = await tx
        .insert(cardAssignees)
        .values({ cardId: card.id, userId, workspaceId: ctx.workspaceId, projectId: ctx.projectId })
        .onConflictDoNothing()
        .returning({ userId: cardAssignees.userId });
      if (inserted.length === 0) return;
    } else {
      const removed = await tx
        .delete(cardAssignees)
        .where(and(eq(cardAssignees.cardId, card.id), eq(cardAssignees.userId, userId), eq(cardAssignees.workspaceId, ctx.workspaceId)))
        .returning({ userId: cardAssignees.userId });
      if (removed.length === 0) return;
    }
    await tx
      .update(cards)
      .set({ updatedAt: new Date() })
      .where(and(cardsOf(ctx), eq(cards.id, card.id)));
    await emit(tx, {
      kind: assigned ? "card.assigned" : "card.unassigned",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { user: { id: userId, name: assignee.name || assignee.email } },
    });
  });
}
