import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { CARD_FIELDS, normalizeCardField, type CardField, type Priority } from "~/lib/board";
import { keyBetween, keysBetween } from "~/lib/fractional-index";
import { isUuid } from "~/lib/ids";
import { schema, type Db } from "../db";
import { notFound, UserError, versionConflict } from "../errors";
import { attachmentKeys, discardFiles } from "../files/attachments";
import { recordTransition } from "../analytics/transitions";
import { emit, envelope, mutate } from "../events";
import type { MemberContext } from "../workspaces";
import { requireAccess, requireRole } from "../access";
import { scopeOf, type BoardScope } from "./scope";
import { mentionTargets } from "./comments";
import { encodeMentions } from "~/lib/mentions";
import { cardsOf, columnsOf, lastKeyIn, lifecycleTimes, lockCard, requireColumn } from "./board-rows";

/**
 * Cards: create, move (drag and drop or a position), edit with optimistic concurrency,
 * delete. Each service checks the member's role and that the workspace is writable,
 * writes in one transaction with the workspace and project in every where, and emits its
 * change event (../events: the activity row, the board's live viewers, notifications).
 */
const { boardColumns, cards, projects } = schema;

/** A new card at the end of a column, numbered in its project. */
export async function createCard(
  member: MemberContext,
  projectId: string,
  input: { columnId: string; title: string; priority?: Priority; dueDate?: string | null },
) {
  const ctx = scopeOf(member, projectId);
  const card = await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "create");
    const col = await requireColumn(tx, ctx, input.columnId);
    const [seq] = await tx
      .update(projects)
      .set({ cardSeq: sql`${projects.cardSeq} + 1`, updatedAt: new Date() })
      .where(and(eq(projects.id, ctx.projectId), eq(projects.workspaceId, ctx.workspaceId)))
      .returning({ n: projects.cardSeq });
    if (!seq) throw notFound("That project");
    const position = keyBetween(await lastKeyIn(tx, ctx, col.id), null);
    const [row] = await tx
      .insert(cards)
      .values({
        workspaceId: ctx.workspaceId,
        projectId: ctx.projectId,
        columnId: col.id,
        number: seq.n,
        title: input.title.trim(),
        priority: input.priority ?? "none",
        dueDate: input.dueDate ?? null,
        position,
        createdBy: ctx.actorId,
        ...lifecycleTimes(col.stateGroup, { startedAt: null, completedAt: null }),
      })
      .returning();
    await emit(tx, {
      kind: "card.created",
      ...envelope(member, ctx.projectId),
      subject: { id: row!.id, number: row!.number, title: row!.title },
      change: { column: { id: col.id, name: col.name }, priority: row!.priority, dueDate: row!.dueDate ?? null },
    });
    await recordTransition(tx, ctx, row!.id, null, col);
    return row!;
  });
  return card;
}

/**
 * Moves a card to `toColumnId`, between the cards `afterId` and `beforeId` (drag and
 * drop), or at 1-based `index` (the no-JavaScript form). Writes one card row.
 */
export async function moveCard(
  member: MemberContext,
  projectId: string,
  input: { cardId: string; toColumnId: string; afterId?: string | null; beforeId?: string | null; index?: number | null },
) {
  requireRole(member, "card", "move");
  // The form sends a position, drag and drop the neighbours; never both (the neighbours would go unchecked).
  if (input.index != null && (input.afterId || input.beforeId)) throw new UserError(400, "Choose where the card goes.");
  const ctx = scopeOf(member, projectId);
  const result = await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "move");
    const card = await lockCard(tx, ctx, input.cardId);
    const col = await requireColumn(tx, ctx, input.toColumnId);
    let lo: string | null = null;
    let hi: string | null = null;
    if (input.index != null) {
      const idx = Math.max(1, Math.floor(input.index));
      const neighbours = await tx
        .select({ position: cards.position })
        .from(cards)
        .where(and(cardsOf(ctx), eq(cards.columnId, col.id), ne(cards.id, card.id)))
        .orderBy(asc(cards.position), asc(cards.id))
        .offset(idx - 1 > 0 ? idx - 2 : 0)
        .limit(2);
      if (idx === 1) {
        hi = neighbours[0]?.position ?? null;
      } else {
        lo = neighbours[0]?.position ?? null;
        hi = neighbours[1]?.position ?? null;
        if (lo === null) lo = await lastKeyIn(tx, ctx, col.id);
      }
    } else {
      const ids = [input.afterId, input.beforeId].filter((x): x is string => !!x);
      for (const id of ids) if (!isUuid(id) || id === card.id) throw new UserError(400, "Choose where the card goes.");
      const rows = ids.length
        ? await tx
            .select({ id: cards.id, position: cards.position })
            .from(cards)
            .where(and(inArray(cards.id, ids), eq(cards.columnId, col.id), eq(cards.workspaceId, ctx.workspaceId)))
        : [];
      const pos = new Map(rows.map((r) => [r.id, r.position]));
      if (ids.some((id) => !pos.has(id))) {
        throw new UserError(409, "The board changed while you were moving the card. It has been refreshed; try again.");
      }
      lo = input.afterId ? pos.get(input.afterId)! : null;
      hi = input.beforeId ? pos.get(input.beforeId)! : null;
      if (!input.afterId && !input.beforeId) lo = await lastKeyIn(tx, ctx, col.id);
    }
    let position: string;
    if (lo !== null && hi !== null && lo >= hi) {
      // Two cards share a key (concurrent moves): spread the column's keys again, then place.
      position = await respreadAndPlace(tx, ctx, col.id, card.id, lo);
    } else {
      position = keyBetween(lo, hi);
    }
    const times = lifecycleTimes(col.stateGroup, card);
    const [moved] = await tx
      .update(cards)
      .set({
        columnId: col.id,
        position,
        version: sql`${cards.version} + 1`,
        updatedAt: new Date(),
        ...times,
      })
      .where(and(cardsOf(ctx), eq(cards.id, card.id)))
      .returning({ id: cards.id, version: cards.version, columnId: cards.columnId, position: cards.position });
    await recordTransition(tx, ctx, card.id, { id: card.columnId }, col);
    const [from] =
      card.columnId === col.id
        ? [col]
        : await tx
            .select({ name: boardColumns.name })
            .from(boardColumns)
            .where(and(columnsOf(ctx), eq(boardColumns.id, card.columnId)));
    await emit(tx, {
      kind: "card.moved",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { from: { id: card.columnId, name: from!.name }, to: { id: col.id, name: col.name }, position },
    });
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(cards)
      .where(and(cardsOf(ctx), eq(cards.columnId, col.id)))) as [{ n: number }];
    return { card: moved!, column: col, columnCount: Number(n), changedColumn: card.columnId !== col.id };
  });
  const wipWarning =
    result.column.wipLimit && result.columnCount > result.column.wipLimit
      ? `${result.column.name} is over its limit of ${result.column.wipLimit} cards (${result.columnCount} now).`
      : null;
  return { ...result, wipWarning };
}

/**
 * Two cards share a key (concurrent moves gave them the same one): gives the column's
 * cards fresh, evenly spread keys in their current order, with `cardId` right after the
 * card holding `afterKey`, and returns the moved card's new key.
 */
async function respreadAndPlace(tx: Db, ctx: BoardScope, columnId: string, cardId: string, afterKey: string): Promise<string> {
  const rows = await tx
    .select({ id: cards.id, position: cards.position })
    .from(cards)
    .where(and(cardsOf(ctx), eq(cards.columnId, columnId), ne(cards.id, cardId)))
    .orderBy(asc(cards.position), asc(cards.id));
  const anchor = rows.findIndex((r) => r.position === afterKey);
  const order = rows.map((r) => r.id);
  order.splice(anchor + 1, 0, cardId);
  const keys = keysBetween(null, null, order.length);
  for (let i = 0; i < order.length; i++) {
    if (order[i] !== cardId)
      await tx
        .update(cards)
        .set({ position: keys[i]! })
        .where(and(cardsOf(ctx), eq(cards.id, order[i]!)));
  }
  return keys[order.indexOf(cardId)]!;
}

export type CardPatch = Partial<{ title: string; description: string; priority: Priority; dueDate: string | null }>;

export const STALE_CARD_MESSAGE =
  "Someone else changed this card while you were editing it. Your changes were not saved; they are still in the form. Review the latest version below and save again.";

/**
 * Field edits, partial and checked field by field. `patch` holds the fields the writer
 * sends; `base`, for each of them, the value the writer started from (what its form
 * showed). A field is written only if the writer changed it (its value differs from its
 * base) and nobody else did in between (the card still holds the base); a field whose
 * value equals its base is not the writer's change and is left alone, so a concurrent
 * edit of another field is never put back. Without a base for a field (an API client
 * that sends only values) the card's version decides, as before: a write against an
 * older version is refused. A refused field refuses the whole write (409), nothing saved.
 */
export async function updateCard(
  member: MemberContext,
  projectId: string,
  cardId: string,
  expectedVersion: number,
  patch: CardPatch,
  base: CardPatch = {},
) {
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    const changes: { field: CardField; old: unknown; next: unknown }[] = [];
    for (const field of CARD_FIELDS) {
      if (patch[field] === undefined) continue;
      const next = normalizeCardField(field, patch[field]);
      const from = base[field] === undefined ? undefined : normalizeCardField(field, base[field]);
      if (from !== undefined && next === from) continue; // not this writer's change
      const now = normalizeCardField(field, card[field]);
      if (now === next) continue; // already so
      const untouchedSince = from === undefined ? card.version === expectedVersion : now === from;
      if (!untouchedSince) throw versionConflict(STALE_CARD_MESSAGE);
      changes.push({ field, old: card[field], next });
    }
    let row = card;
    if (changes.length) {
      const set: Record<string, unknown> = { version: card.version + 1, updatedAt: new Date() };
      for (const c of changes) set[c.field] = c.next;
      [row] = await tx
        .update(cards)
        .set(set)
        .where(and(cardsOf(ctx), eq(cards.id, card.id)))
        .returning();
    }
    const description = row!.description && row!.description !== card.description ? row!.description : null;
    // An edit that changed nothing still tells the board (the writer's panel revalidates).
    await emit(tx, {
      kind: "card.updated",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: row!.title },
      change: {
        fields: changes.map((c) => ({ field: c.field, from: c.old ?? null, to: c.next ?? null })),
        mentioned: description ? await mentionsInDescription(tx, ctx.workspaceId, card.description ?? "", description) : [],
      },
    });
    return row!;
  });
}

/** People newly mentioned (`@Name`) in a card's description (they hear of it). */
async function mentionsInDescription(tx: Db, workspaceId: string, before: string, after: string): Promise<string[]> {
  if (!after.includes("@")) return [];
  const targets = await mentionTargets(workspaceId, tx);
  const had = new Set(encodeMentions(before, targets).mentioned);
  return encodeMentions(after, targets).mentioned.filter((id) => !had.has(id));
}

/** Deletes a card with its checklist, comments and files (the bytes after the transaction commits). */
export async function deleteCard(member: MemberContext, projectId: string, cardId: string) {
  const ctx = scopeOf(member, projectId);
  const fileKeys = await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "delete");
    const card = await lockCard(tx, ctx, cardId);
    const keys = await attachmentKeys(tx, { workspaceId: ctx.workspaceId, cardId: card.id });
    await emit(tx, {
      kind: "card.deleted",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: {},
    });
    await recordTransition(tx, ctx, card.id, { id: card.columnId }, null);
    await tx.delete(cards).where(and(cardsOf(ctx), eq(cards.id, card.id)));
    return keys;
  });
  await discardFiles(fileKeys);
}
