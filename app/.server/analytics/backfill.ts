import { and, asc, inArray, sql } from "drizzle-orm";
import type { StateGroup } from "~/lib/board";
import { schema, type Db } from "../db";

/**
 * One-time backfill of the transition log for cards that have none (cards from before
 * migration 0050), rebuilt from the activity log: the column named by `card.created`, then
 * each `card.moved` (which names columns, not ids). Names are matched against the
 * project's current columns; a name that no longer exists (a renamed or deleted column)
 * is skipped. The card's creation goes to the first column found, at its created_at; when
 * the chain does not end in the card's current column (moved by a column's deletion,
 * which logged no move), a last step to it is added at the card's updated_at. Rows are
 * marked `backfilled`. Run by the job runner once (`transitions-backfill`, key `once`).
 */
const { activity, boardColumns, cardTransitions, cards } = schema;

type Step = { columnId: string; stateGroup: StateGroup; at: Date; userId: string | null };

export async function backfillTransitions(tx: Db): Promise<number> {
  const pending = await tx
    .select({
      id: cards.id,
      workspaceId: cards.workspaceId,
      projectId: cards.projectId,
      columnId: cards.columnId,
      createdAt: cards.createdAt,
      updatedAt: cards.updatedAt,
      createdBy: cards.createdBy,
    })
    .from(cards)
    .where(sql`NOT EXISTS (SELECT 1 FROM card_transitions t WHERE t.card_id = ${cards.id})`)
    .orderBy(asc(cards.createdAt));
  if (pending.length === 0) return 0;

  const projectIds = [...new Set(pending.map((c) => c.projectId))];
  const cols = await tx
    .select({ id: boardColumns.id, projectId: boardColumns.projectId, name: boardColumns.name, stateGroup: boardColumns.stateGroup })
    .from(boardColumns)
    .where(inArray(boardColumns.projectId, projectIds));
  const byId = new Map(cols.map((c) => [c.id, c]));
  const byName = (projectId: string, name: unknown) =>
    typeof name === "string" ? cols.find((c) => c.projectId === projectId && c.name === name) : undefined;

  let written = 0;
  for (let i = 0; i < pending.length; i += 500) {
    const batch = pending.slice(i, i + 500);
    const log = await tx
      .select({
        cardId: activity.cardId,
        action: activity.action,
        oldValue: activity.oldValue,
        newValue: activity.newValue,
        at: activity.createdAt,
        actorId: activity.actorId,
      })
      .from(activity)
      .where(
        and(
          inArray(
            activity.cardId,
            batch.map((c) => c.id),
          ),
          inArray(activity.action, ["card.created", "card.moved"]),
        ),
      )
      .orderBy(asc(activity.id));
    const rows: (typeof cardTransitions.$inferInsert)[] = [];
    for (const card of batch) {
      const entries = log.filter((e) => e.cardId === card.id);
      const created = entries.find((e) => e.action === "card.created");
      const moves = entries.filter((e) => e.action === "card.moved");
      const firstName = (created?.newValue as { column?: unknown } | null)?.column ?? moves[0]?.oldValue;
      const steps: Step[] = [];
      const push = (columnId: string | undefined, at: Date, userId: string | null) => {
        const col = columnId ? byId.get(columnId) : undefined;
        if (!col || steps.at(-1)?.columnId === col.id) return;
        steps.push({ columnId: col.id, stateGroup: col.stateGroup, at, userId });
      };
      const creator = created?.actorId ?? card.createdBy;
      push(byName(card.projectId, firstName)?.id, card.createdAt, creator);
      for (const m of moves) {
        const col = byName(card.projectId, m.newValue);
        if (steps.length === 0) push(col?.id, card.createdAt, creator);
        else push(col?.id, m.at, m.actorId);
      }
      if (steps.length === 0) push(card.columnId, card.createdAt, creator);
      else push(card.columnId, card.updatedAt > steps.at(-1)!.at ? card.updatedAt : steps.at(-1)!.at, null);
      steps.forEach((s, k) => {
        const prev = steps[k - 1];
        rows.push({
          workspaceId: card.workspaceId,
          projectId: card.projectId,
          cardId: card.id,
          fromColumnId: prev?.columnId ?? null,
          toColumnId: s.columnId,
          fromStateGroup: prev?.stateGroup ?? null,
          toStateGroup: s.stateGroup,
          userId: s.userId,
          at: s.at,
          backfilled: true,
        });
      });
    }
    if (rows.length) await tx.insert(cardTransitions).values(rows);
    written += rows.length;
  }
  return written;
}
