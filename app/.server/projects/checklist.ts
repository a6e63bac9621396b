import { and, eq, sql } from "drizzle-orm";
import { keyBetween } from "~/lib/fractional-index";
import { isUuid } from "~/lib/ids";
import { schema } from "../db";
import { notFound } from "../errors";
import { emit, envelope, mutate } from "../events";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";
import { scopeOf } from "./scope";
import { lockCard } from "./board-rows";

/**
 * A card's checklist: adding, ticking, renaming and removing its items. Each service checks the member's role and that the
 * workspace is writable (the access gate), changes one card of this project (locked for the
 * transaction) and emits its change event (../events).
 */
const { checklistItems } = schema;

/** A checklist item at the end of the card's checklist; returns it (its id and text). */
export async function addChecklistItem(member: MemberContext, projectId: string, cardId: string, text: string) {
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
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
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { item: item! },
    });
    return item!;
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
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { item: { id: item.id, text: item.text } },
    });
  });
}
