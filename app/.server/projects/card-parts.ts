import { and, eq, sql } from "drizzle-orm";
import type { LabelColor } from "~/lib/board";
import { keyBetween } from "~/lib/fractional-index";
import { isUuid } from "~/lib/ids";
import { db, schema, transaction } from "../db";
import { notFound, UserError } from "../errors";
import { boardTopic, publish } from "../realtime";
import type { MemberContext } from "../workspaces";
import { cardAssigned } from "../notifications/cards";
import { autoWatch } from "../notifications";
import { requireAccess } from "../access";
import { scopeOf } from "./scope";
import { recordActivity } from "./activity";
import { cardsOf, lockCard } from "./board-rows";

/**
 * The parts of a card: assignees, labels, checklist items (comments: ./comments.ts). Each service checks
 * the member's role and that the workspace is writable, changes one card of this project
 * (locked for the transaction), records the activity and tells the board's live viewers.
 */
const { cards, cardAssignees, cardLabels, labels, users, checklistItems, memberships } = schema;

/** Adds or removes an assignee (a member of this workspace). */
export async function setAssignee(member: MemberContext, projectId: string, cardId: string, userId: string, assigned: boolean) {
  const ctx = scopeOf(member, projectId);
  const changed = await transaction(async (tx) => {
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
      if (inserted.length === 0) return null;
      await autoWatch(tx, ctx.workspaceId, card.id, [userId]);
    } else {
      const removed = await tx
        .delete(cardAssignees)
        .where(and(eq(cardAssignees.cardId, card.id), eq(cardAssignees.userId, userId), eq(cardAssignees.workspaceId, ctx.workspaceId)))
        .returning({ userId: cardAssignees.userId });
      if (removed.length === 0) return null;
    }
    await tx
      .update(cards)
      .set({ updatedAt: new Date() })
      .where(and(cardsOf(ctx), eq(cards.id, card.id)));
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: assigned ? "card.assigned" : "card.unassigned",
      field: "assignees",
      oldValue: assigned ? null : assignee.name || assignee.email,
      newValue: assigned ? assignee.name || assignee.email : null,
    });
    return card;
  });
  if (!changed) return;
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
  if (assigned) await cardAssigned(member, { ...ctx, cardId: changed.id, title: changed.title }, userId);
}

/** A new label of the project (names are unique in it). */
export async function createLabel(member: MemberContext, projectId: string, name: string, color: LabelColor) {
  await requireAccess(db(), member, "project", "manage_labels");
  const ctx = scopeOf(member, projectId);
  const clean = name.trim();
  const [existing] = await db()
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.projectId, ctx.projectId), eq(labels.workspaceId, ctx.workspaceId), eq(labels.name, clean)));
  if (existing) throw new UserError(400, "This project already has a label with that name.", "name");
  const [row] = await db()
    .insert(labels)
    .values({ workspaceId: ctx.workspaceId, projectId: ctx.projectId, name: clean, color })
    .returning();
  await publish(boardTopic(ctx.projectId), { type: "labels.changed", by: ctx.actorId });
  return row!;
}

/** Puts a label of the project on a card, or takes it off. */
export async function setCardLabel(member: MemberContext, projectId: string, cardId: string, labelId: string, on: boolean) {
  const ctx = scopeOf(member, projectId);
  await transaction(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    if (!isUuid(labelId)) throw new UserError(400, "Choose a label of this project.", "labelId");
    const [label] = await tx
      .select({ name: labels.name })
      .from(labels)
      .where(and(eq(labels.id, labelId), eq(labels.projectId, ctx.projectId), eq(labels.workspaceId, ctx.workspaceId)));
    if (!label) throw new UserError(400, "Choose a label of this project.", "labelId");
    const changed = on
      ? await tx
          .insert(cardLabels)
          .values({ cardId: card.id, labelId, workspaceId: ctx.workspaceId, projectId: ctx.projectId })
          .onConflictDoNothing()
          .returning()
      : await tx
          .delete(cardLabels)
          .where(and(eq(cardLabels.cardId, card.id), eq(cardLabels.labelId, labelId), eq(cardLabels.workspaceId, ctx.workspaceId)))
          .returning();
    if (changed.length === 0) return;
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: on ? "card.labelled" : "card.unlabelled",
      field: "labels",
      oldValue: on ? null : label.name,
      newValue: on ? label.name : null,
    });
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
}

/** A checklist item at the end of the card's checklist. */
export async function addChecklistItem(member: MemberContext, projectId: string, cardId: string, text: string) {
  const ctx = scopeOf(member, projectId);
  await transaction(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    const [last] = await tx
      .select({ position: checklistItems.position })
      .from(checklistItems)
      .where(and(eq(checklistItems.cardId, card.id), eq(checklistItems.workspaceId, ctx.workspaceId)))
      .orderBy(sql`${checklistItems.position} desc`)
      .limit(1);
    await tx.insert(checklistItems).values({
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      text: text.trim(),
      position: keyBetween(last?.position ?? null, null),
    });
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: "checklist.added",
      field: "checklist",
      newValue: text.trim(),
    });
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
}

/** Checks, unchecks or removes a checklist item. */
export async function setChecklistItem(
  member: MemberContext,
  projectId: string,
  cardId: string,
  itemId: string,
  change: { done?: boolean; remove?: boolean },
) {
  const ctx = scopeOf(member, projectId);
  await transaction(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    if (!isUuid(itemId)) throw notFound("That checklist item");
    const where = and(eq(checklistItems.id, itemId), eq(checklistItems.cardId, card.id), eq(checklistItems.workspaceId, ctx.workspaceId));
    const [item] = await tx.select().from(checklistItems).where(where);
    if (!item) throw notFound("That checklist item");
    if (change.remove) await tx.delete(checklistItems).where(where);
    else await tx.update(checklistItems).set({ done: !!change.done }).where(where);
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: change.remove ? "checklist.removed" : change.done ? "checklist.checked" : "checklist.unchecked",
      field: "checklist",
      oldValue: item.text,
    });
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
}
