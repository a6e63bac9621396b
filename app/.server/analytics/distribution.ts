import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { CLOSED_STATE_GROUPS, PRIORITIES, PRIORITY_LABELS } from "~/lib/board";
import { db, schema } from "../db";

/**
 * The open cards of a project (not in a completed or cancelled column) by assignee, label and
 * priority, for the distribution charts (./charts-extra.ts). A card with two assignees or
 * labels counts once for each; "Unassigned", "No label" and "No priority" come last.
 */
export type DistributionRow = { key: string; name: string; count: number };
export type Distribution = { open: number; assignee: DistributionRow[]; label: DistributionRow[]; priority: DistributionRow[] };

const { boardColumns, cardAssignees, cardLabels, cards, labels, users } = schema;

export async function openDistribution(scope: { workspaceId: string; projectId: string }): Promise<Distribution> {
  const open = and(
    eq(cards.workspaceId, scope.workspaceId),
    eq(cards.projectId, scope.projectId),
    notInArray(boardColumns.stateGroup, [...CLOSED_STATE_GROUPS]),
  );
  const count = sql<number>`count(distinct ${cards.id})`.mapWith(Number);
  const [total, byPriority, byAssignee, byLabel] = await Promise.all([
    db().select({ n: count }).from(cards).innerJoin(boardColumns, eq(boardColumns.id, cards.columnId)).where(open),
    db()
      .select({ key: cards.priority, n: count })
      .from(cards)
      .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
      .where(open)
      .groupBy(cards.priority),
    db()
      .select({ key: users.id, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})`, n: count })
      .from(cards)
      .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
      .innerJoin(cardAssignees, eq(cardAssignees.cardId, cards.id))
      .innerJoin(users, eq(users.id, cardAssignees.userId))
      .where(open)
      .groupBy(users.id, users.fullName, users.email)
      .orderBy(asc(users.fullName)),
    db()
      .select({ key: labels.id, name: labels.name, n: count })
      .from(cards)
      .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
      .innerJoin(cardLabels, eq(cardLabels.cardId, cards.id))
      .innerJoin(labels, eq(labels.id, cardLabels.labelId))
      .where(open)
      .groupBy(labels.id, labels.name)
      .orderBy(asc(labels.name)),
  ]);
  const openCount = total[0]?.n ?? 0;
  const unassigned = openCount === 0 ? 0 : await without(open, cardAssignees.cardId);
  const unlabelled = openCount === 0 ? 0 : await without(open, cardLabels.cardId);
  const sorted = (rows: { key: string; name: string; n: number }[]) =>
    rows.map((r) => ({ key: r.key, name: r.name, count: r.n })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return {
    open: openCount,
    priority: PRIORITIES.map((p) => ({ key: p, name: PRIORITY_LABELS[p], count: byPriority.find((r) => r.key === p)?.n ?? 0 })),
    assignee: [...sorted(byAssignee), ...(unassigned ? [{ key: "none", name: "Unassigned", count: unassigned }] : [])],
    label: [...sorted(byLabel), ...(unlabelled ? [{ key: "none", name: "No label", count: unlabelled }] : [])],
  };
}

/** Open cards with no row in the join table (no assignee, no label). */
async function without(open: ReturnType<typeof and>, column: typeof cardAssignees.cardId | typeof cardLabels.cardId): Promise<number> {
  const table = column === cardAssignees.cardId ? cardAssignees : cardLabels;
  const [row] = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cards)
    .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
    .where(and(open, sql`not exists (select 1 from ${table} x where x.card_id = ${cards.id})`));
  return row?.n ?? 0;
}
