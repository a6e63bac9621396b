import { and, eq } from "drizzle-orm";
import type { LabelColor } from "~/lib/board";
import { isUuid } from "~/lib/ids";
import { schema } from "../db";
import { UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";
import { scopeOf } from "./scope";
import { lockCard } from "./board-rows";

/**
 * A project's labels and the cards that carry them. Each service checks the member's role and that the
 * workspace is writable (the access gate), changes one card of this project (locked for the
 * transaction) and emits its change event (../events).
 */
const { cardLabels, labels } = schema;

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
      ...envelope(member, ctx.projectId),
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
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { label: { id: label.id, name: label.name } },
    });
  });
}
