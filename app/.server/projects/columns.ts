import { and, asc, count, eq, sql } from "drizzle-orm";
import type { StateGroup } from "~/lib/board";
import { keyBetween, keysBetween } from "~/lib/fractional-index";
import { schema } from "../db";
import { UserError } from "../errors";
import { recordColumnGroupChange, recordTransition } from "../analytics/transitions";
import { emit, envelope, mutate } from "../events";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";
import { scopeOf } from "./scope";
import { cardsOf, columnsOf, lastKeyIn, lifecycleTimes, requireColumn } from "./board-rows";

/**
 * A board's columns: add, rename and limit, reorder, delete (moving the cards first).
 * Each service checks the member's role (`board.manage_columns`) and that the workspace
 * is writable, and emits its change event (../events: the activity row, the board's live viewers).
 */
const { boardColumns, cards } = schema;

/** A new column at the right end of the board. */
export async function addColumn(member: MemberContext, projectId: string, name: string, stateGroup: StateGroup) {
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "project", "manage_columns");
    const [last] = await tx
      .select({ position: boardColumns.position })
      .from(boardColumns)
      .where(and(eq(boardColumns.projectId, ctx.projectId), eq(boardColumns.workspaceId, ctx.workspaceId)))
      .orderBy(sql`${boardColumns.position} desc`)
      .limit(1);
    const [col] = await tx
      .insert(boardColumns)
      .values({
        workspaceId: ctx.workspaceId,
        projectId: ctx.projectId,
        name: name.trim(),
        stateGroup,
        position: keyBetween(last?.position ?? null, null),
      })
      .returning();
    await emit(tx, {
      kind: "column.added",
      ...envelope(member, ctx.projectId),
      subject: { id: col!.id, name: col!.name },
      change: { stateGroup },
    });
    return col!;
  });
}

/** Renames a column, sets its WIP limit (null for none) or what it counts as. */
export async function updateColumn(
  member: MemberContext,
  projectId: string,
  columnId: string,
  patch: { name?: string; wipLimit?: number | null; stateGroup?: StateGroup },
) {
  const ctx = scopeOf(member, projectId);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "project", "manage_columns");
    const col = await requireColumn(tx, ctx, columnId);
    const set: Partial<typeof boardColumns.$inferInsert> = {};
    if (patch.name !== undefined) set.name = patch.name.trim();
    if (patch.wipLimit !== undefined) set.wipLimit = patch.wipLimit;
    if (patch.stateGroup !== undefined) set.stateGroup = patch.stateGroup;
    if (Object.keys(set).length === 0) return;
    if (set.stateGroup) await recordColumnGroupChange(tx, ctx, col.id, col.stateGroup, set.stateGroup);
    await tx
      .update(boardColumns)
      .set(set)
      .where(and(eq(boardColumns.id, col.id), eq(boardColumns.workspaceId, ctx.workspaceId)));
    await emit(tx, {
      kind: "column.updated",
      ...envelope(member, ctx.projectId),
      subject: { id: col.id, name: set.name ?? col.name },
      change: {
        ...(set.name && set.name !== col.name ? { name: { from: col.name, to: set.name } } : {}),
        ...(set.wipLimit !== undefined ? { wipLimit: set.wipLimit } : {}),
        ...(set.stateGroup ? { stateGroup: { from: col.stateGroup, to: set.stateGroup } } : {}),
      },
    });
  });
}

/** Moves a column one place left (-1) or right (+1). */
export async function shiftColumn(member: MemberContext, projectId: string, columnId: string, direction: -1 | 1) {
  const ctx = scopeOf(member, projectId);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "project", "manage_columns");
    const col = await requireColumn(tx, ctx, columnId);
    const cols = await tx
      .select({ id: boardColumns.id, position: boardColumns.position })
      .from(boardColumns)
      .where(and(eq(boardColumns.projectId, ctx.projectId), eq(boardColumns.workspaceId, ctx.workspaceId)))
      .orderBy(asc(boardColumns.position), asc(boardColumns.id));
    const i = cols.findIndex((c) => c.id === columnId);
    const j = i + direction;
    if (j < 0 || j >= cols.length) return; // already at that end: nothing changes
    const rest = cols.filter((c) => c.id !== columnId);
    const at = j; // the index in `rest` where the column lands
    const lo = rest[at - 1]?.position ?? null;
    const hi = rest[at]?.position ?? null;
    const position = lo !== null && hi !== null && lo >= hi ? null : keyBetween(lo, hi);
    if (position === null) {
      const keys = keysBetween(null, null, cols.length);
      const order = rest.map((c) => c.id);
      order.splice(at, 0, columnId);
      for (let k = 0; k < order.length; k++) {
        await tx
          .update(boardColumns)
          .set({ position: keys[k]! })
          .where(and(columnsOf(ctx), eq(boardColumns.id, order[k]!)));
      }
    } else {
      await tx
        .update(boardColumns)
        .set({ position })
        .where(and(columnsOf(ctx), eq(boardColumns.id, columnId)));
    }
    await emit(tx, {
      kind: "column.shifted",
      ...envelope(member, ctx.projectId),
      subject: { id: col.id, name: col.name },
      change: { direction },
    });
  });
}

/** Deletes a column, first moving its cards to the end of `moveToColumnId`. */
export async function deleteColumn(member: MemberContext, projectId: string, columnId: string, moveToColumnId: string | null) {
  const ctx = scopeOf(member, projectId);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "project", "manage_columns");
    const col = await requireColumn(tx, ctx, columnId);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(cards)
      .where(and(cardsOf(ctx), eq(cards.columnId, col.id)))) as [{ n: number }];
    const [{ total }] = (await tx
      .select({ total: count() })
      .from(boardColumns)
      .where(and(eq(boardColumns.projectId, ctx.projectId), eq(boardColumns.workspaceId, ctx.workspaceId)))) as [{ total: number }];
    if (Number(total) <= 1) throw new UserError(400, "A board needs at least one column.");
    const chooseAnother = () => new UserError(400, "Choose another column to move this column's cards to.", "moveTo");
    // A column named to take the cards is checked even when there are none to move.
    const target = moveToColumnId ? await requireColumn(tx, ctx, moveToColumnId) : null;
    if (target?.id === col.id) throw chooseAnother();
    if (Number(n) > 0) {
      if (!target) throw chooseAnother();
      const moving = await tx
        .select({ id: cards.id, startedAt: cards.startedAt, completedAt: cards.completedAt })
        .from(cards)
        .where(and(cardsOf(ctx), eq(cards.columnId, col.id)))
        .orderBy(asc(cards.position), asc(cards.id));
      const keys = keysBetween(await lastKeyIn(tx, ctx, target.id), null, moving.length);
      for (let i = 0; i < moving.length; i++) {
        await tx
          .update(cards)
          .set({
            columnId: target.id,
            position: keys[i]!,
            version: sql`${cards.version} + 1`,
            ...lifecycleTimes(target.stateGroup, moving[i]!),
          })
          .where(and(cardsOf(ctx), eq(cards.id, moving[i]!.id)));
        await recordTransition(tx, ctx, moving[i]!.id, col, target);
      }
    }
    await tx.delete(boardColumns).where(and(eq(boardColumns.id, col.id), eq(boardColumns.workspaceId, ctx.workspaceId)));
    await emit(tx, {
      kind: "column.deleted",
      ...envelope(member, ctx.projectId),
      subject: { id: col.id, name: col.name },
      change: { cardsMovedTo: Number(n) > 0 && target ? { id: target.id, name: target.name } : null, cardCount: Number(n) },
    });
  });
}
