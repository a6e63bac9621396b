import { and, eq, inArray, sql } from "drizzle-orm";
import type { StateGroup } from "~/lib/board";
import { schema, type Db } from "../db";

/**
 * The card transition log (append-only): the services that create, move and delete cards,
 * and change what a column counts as, each add one row here in their own transaction, so a
 * refused move (rolled back) leaves none. Analytics reads history only from this table.
 */
const { boardColumns, cardTransitions } = schema;

/** A column (null: outside the board, before creation or after deletion); its state group is looked up when not given. */
export type Place = { id: string; stateGroup?: StateGroup } | null;

/** Where and by whom: the board's tenancy and the member acting (a BoardScope). */
export type TransitionScope = { workspaceId: string; projectId: string; actorId: string | null };

/** One transition of `cardId` from one column to another; nothing when it stays in the same column. */
export async function recordTransition(
  tx: Db,
  scope: TransitionScope,
  cardId: string,
  from: Place,
  to: Place,
  at = new Date(),
): Promise<void> {
  if (from && to && from.id === to.id) return;
  const t = { ...scope, from, to };
  const missing = [from, to].filter((p) => p && !p.stateGroup).map((p) => p!.id);
  const groups = new Map<string, StateGroup>();
  if (missing.length) {
    const rows = await tx
      .select({ id: boardColumns.id, stateGroup: boardColumns.stateGroup })
      .from(boardColumns)
      .where(and(eq(boardColumns.workspaceId, t.workspaceId), eq(boardColumns.projectId, t.projectId), inArray(boardColumns.id, missing)));
    for (const r of rows) groups.set(r.id, r.stateGroup);
  }
  const groupOf = (p: Place) => (p ? (p.stateGroup ?? groups.get(p.id) ?? null) : null);
  await tx.insert(cardTransitions).values({
    workspaceId: t.workspaceId,
    projectId: t.projectId,
    cardId,
    fromColumnId: from?.id ?? null,
    toColumnId: to?.id ?? null,
    fromStateGroup: groupOf(t.from),
    toStateGroup: groupOf(t.to),
    userId: scope.actorId,
    at,
  });
}

/**
 * A column now counts as another state group: every card in it changes group without
 * moving, so each gets a transition (column to the same column). One statement.
 */
export async function recordColumnGroupChange(
  tx: Db,
  scope: TransitionScope,
  columnId: string,
  from: StateGroup,
  to: StateGroup,
): Promise<void> {
  if (from === to) return;
  await tx.execute(sql`
    INSERT INTO card_transitions (workspace_id, project_id, card_id, from_column_id, to_column_id, from_state_group, to_state_group, user_id, at)
    SELECT workspace_id, project_id, id, column_id, column_id, ${from}, ${to}, ${scope.actorId}, ${new Date().toISOString()}::timestamptz
    FROM cards WHERE workspace_id = ${scope.workspaceId} AND project_id = ${scope.projectId} AND column_id = ${columnId}`);
}
