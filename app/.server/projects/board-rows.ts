import { and, eq, sql } from "drizzle-orm";
import type { StateGroup } from "~/lib/board";
import { isUuid } from "~/lib/ids";
import { schema, type Db } from "../db";
import { notFound, UserError } from "../errors";
import type { BoardScope } from "./scope";

/**
 * The rows the board's writes share (cards, card parts, columns, attachments): a column or
 * a card of this project in this workspace, or a 4xx; the tenancy conditions every where
 * carries; the last key of a column; the times a column's state group stamps on a card.
 */
const { boardColumns, cards } = schema;

/** Tenancy for card queries: the card's workspace and project, in every where. */
export const cardsOf = (scope: Pick<BoardScope, "workspaceId" | "projectId">) =>
  and(eq(cards.workspaceId, scope.workspaceId), eq(cards.projectId, scope.projectId));

export const columnsOf = (scope: Pick<BoardScope, "workspaceId" | "projectId">) =>
  and(eq(boardColumns.workspaceId, scope.workspaceId), eq(boardColumns.projectId, scope.projectId));

/** A column of this board, or a 400 naming the column field. */
export async function requireColumn(tx: Db, scope: BoardScope, columnId: string) {
  if (!isUuid(columnId)) throw new UserError(400, "Choose a column from this board.", "columnId");
  const [col] = await tx
    .select({ id: boardColumns.id, name: boardColumns.name, stateGroup: boardColumns.stateGroup, wipLimit: boardColumns.wipLimit })
    .from(boardColumns)
    .where(and(eq(boardColumns.id, columnId), columnsOf(scope)))
    .limit(1);
  if (!col) throw new UserError(400, "That column is not on this board. Reload the page and try again.", "columnId");
  return col;
}

/** The card, locked for the transaction; a 404 unless it is on this project in this workspace. */
export async function lockCard(tx: Db, scope: BoardScope, cardId: string) {
  if (!isUuid(cardId)) throw notFound("That card");
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), cardsOf(scope)))
    .for("update");
  if (!card) throw notFound("That card");
  return card;
}

/** The highest order key in a column (a new or moved card goes after it), or null for an empty column. */
export async function lastKeyIn(tx: Db, scope: BoardScope, columnId: string): Promise<string | null> {
  const [last] = await tx
    .select({ position: cards.position })
    .from(cards)
    .where(and(cardsOf(scope), eq(cards.columnId, columnId)))
    .orderBy(sql`${cards.position} desc`, sql`${cards.id} desc`)
    .limit(1);
  return last?.position ?? null;
}

/** started_at / completed_at follow the column's state group, so metrics survive renaming columns. */
export function lifecycleTimes(group: StateGroup, card: { startedAt: Date | null; completedAt: Date | null }) {
  const now = new Date();
  return {
    startedAt: card.startedAt ?? (group === "started" || group === "completed" ? now : null),
    completedAt: group === "completed" ? (card.completedAt ?? now) : null,
  };
}
