import { and, eq, sql } from "drizzle-orm";
import type { LabelColor } from "~/lib/board";
import { keyBetween } from "~/lib/fractional-index";
import { isUuid } from "~/lib/ids";
import { schema } from "../db";
import { notFound, UserError } from "../errors";
import { actorOf, emit, mutate } from "../events";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";
import { scopeOf } from "./scope";
import { cardsOf, lockCard } from "./board-rows";

/**
 * The parts of a card: assignees, labels, checklist items (comments: ./comments.ts). Each service checks
 * the member's role and that the workspace is writable, changes one card of this project
 * (locked for the transaction) and emits its change event (../events).
 */
const { cards, cardAssignees, cardLabels, labels, users, checklistItems, memberships } = schema;

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
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      actor: actorOf(member),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { user: { id: userId, name: assignee.name || assignee.email } },
    });
  });
}

/** A new label of the project (names are unique in it). */
export async function createLabel(member: MemberContext, projectId: string, name: string, color: LabelColor) {
  const ctx = scopeOf(member, projectId);
  const clean = name.trim();
  return mutate(async (tx) => {
    await requireAccess(tx, member, "project", "manage_labels");
    const [existing] = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.projectId, ctx.projectId), eq(labels.workspaceId, ctx.workspaceId), eq(labels.name, clean)));
    if (existing) throw new UserError(400, "This project already has a label with that name.", "name");
    const [row] = await tx
      .insert(labels)
      .values({ workspaceId: ctx.workspaceId, projectId: ctx.projectId, name: clean, color })
      .returning();
    await emit(tx, {
      kind: "label.created",
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      actor: actorOf(member),
      subject: { id: row!.id, name: row!.name },
      change: { color },
    });
    return row!;
  });
}

/** Puts a label of the project on a card, or takes it off. */
export async function setCardLabel(member: MemberContext, projectId: string, cardId: string, labelId: string, on: boolean) {
  const ctx = scopeOf(member, projectId);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    if (!isUuid(labelId)) throw new UserError(400, "Choose a label of this project.", "labelId");
    const [label] = await tx
      .select({ id: labels.id, name: labels.name })
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
    await emit(tx, {
      kind: on ? "card.labelled" : "card.unlabelled",
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      actor: actorOf(member),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { label: { id: label.id, name: label.name } },
    });
  });
}

/** A checklist item at the end of the card's checklist. */
export async function addChecklistItem(member: MemberContext, projectId: string, cardId: string, text: string) {
  const ctx = scopeOf(member, projectId);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    const [last] = await tx
      .select({ position: checklistItems.position })
      .from(checklistItems)
      .where(and(eq(checklistItems.cardId, card.id), eq(checklistItems.workspaceId, ctx.workspaceId)))
      .orderBy(sql`${checklistItems.position} desc`)
      .limit(1);
    const [item] = await tx
      .insert(checklistItems)
      .values({
        workspaceId: ctx.workspaceId,
        projectId: ctx.projectId,
        cardId: card.id,
        text: text.trim(),
        position: keyBetween(last?.position ?? null, null),
      })
      .returning({ id: checklistItems.id, text: checklistItems.text });
    await emit(tx, {
      kind: "checklist.added",
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      actor: actorOf(member),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { item: item! },
    });
  });
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
  await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    if (!isUuid(itemId)) throw notFound("That checklist item");
    const where = and(eq(checklistItems.id, itemId), eq(checklistItems.cardId, card.id), eq(checklistItems.workspaceId, ctx.workspaceId));
    const [item] = await tx.select().from(checklistItems).where(where);
    if (!item) throw notFound("That checklist item");
    if (change.remove) await tx.delete(checklistItems).where(where);
    else await tx.update(checklistItems).set({ done: !!change.done }).where(where);
    await emit(tx, {
      kind: change.remove ? "checklist.removed" : change.done ? "checklist.checked" : "checklist.unchecked",
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      actor: actorOf(member),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { item: { id: item.id, text: item.text } },
    });
  });
}
