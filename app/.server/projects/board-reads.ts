import { and, asc, count, eq, gte, ilike, inArray, lt, lte, or, sql } from "drizzle-orm";
import {
  dueWindow,
  isClosedStateGroup,
  type BoardCardView,
  type BoardColumnView,
  type DueFilter,
  type LabelView,
  type MemberView,
  type Priority,
} from "~/lib/board";
import { calendarDay } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { commentsOf } from "./comments";
import { isWatching } from "../notifications";
import { db, schema } from "../db";
import { attachmentCountsByCard } from "../files/attachments";
import type { MemberContext } from "../workspaces";
import { requireRead } from "../access";
import { escapeLike } from "../db/like";
import { keptForProject } from "./board-cache";

/**
 * Reading a board: its columns and cards (filtered, a page per column), its labels, the
 * workspace's members, one card in full. Any member may read (`project.view`); every
 * query has the workspace in its where, so another workspace's ids find nothing.
 */
const { boardColumns, cards, cardAssignees, cardLabels, labels, users, checklistItems, comments, memberships } = schema;

export type BoardFilters = {
  assignee?: string | null; // a user id ("me" resolved by the caller), or "none"
  label?: string | null;
  priority?: Priority | null;
  due?: DueFilter | null;
  q?: string | null;
};

/** Cards a column shows before "Show all": keeps a 2,000-card board's page light. */
export const COLUMN_PAGE_SIZE = 50;

/**
 * The whole board in a handful of scoped queries (columns, cards, assignees, labels, counts),
 * kept until the project changes (./board-cache.ts).
 */
export async function loadBoard(
  member: MemberContext,
  projectId: string,
  filters: BoardFilters = {},
  opts: { perColumn?: number | null; expand?: string[] } = {},
): Promise<{ columns: BoardColumnView[] }> {
  requireRead(member, "project");
  const perColumn = opts.perColumn === undefined ? COLUMN_PAGE_SIZE : opts.perColumn;
  const expand = (opts.expand ?? []).filter(isUuid).sort();
  // The viewer's day is the only thing about them the cards read (the due filters).
  const day = filters.due ? calendarDay(new Date(), member.user.timeZone) : null;
  const { assignee = null, label = null, priority = null, due = null } = filters;
  const key = JSON.stringify(["board", assignee, label, priority, due, filters.q?.trim() || null, day, perColumn, expand]);
  return keptForProject(member.workspace.id, projectId, key, () => readBoard(member, projectId, filters, perColumn, expand));
}

async function readBoard(
  member: MemberContext,
  projectId: string,
  filters: BoardFilters,
  perColumn: number | null,
  expand: string[],
): Promise<{ columns: BoardColumnView[] }> {
  const workspaceId = member.workspace.id;
  const d = db();
  const cols = await d
    .select({
      id: boardColumns.id,
      name: boardColumns.name,
      stateGroup: boardColumns.stateGroup,
      position: boardColumns.position,
      wipLimit: boardColumns.wipLimit,
    })
    .from(boardColumns)
    .where(and(eq(boardColumns.projectId, projectId), eq(boardColumns.workspaceId, workspaceId)))
    .orderBy(asc(boardColumns.position), asc(boardColumns.id));

  const conditions = cardFilterConditions(member, projectId, filters, cols);

  const [cardRows, assigneeRows, labelRows, checklistRows, commentRows, attachmentRows, totals] = await Promise.all([
    (() => {
      // Rank within each column (and count the matches) in SQL, so only what is shown leaves the database.
      const ranked = d
        .select({
          id: cards.id,
          number: cards.number,
          title: cards.title,
          priority: cards.priority,
          dueDate: cards.dueDate,
          columnId: cards.columnId,
          position: cards.position,
          rank: sql<number>`row_number() over (partition by ${cards.columnId} order by ${cards.position}, ${cards.id})`.as("rank"),
          matching: sql<number>`count(*) over (partition by ${cards.columnId})`.as("matching"),
        })
        .from(cards)
        .where(and(...conditions))
        .as("ranked");
      return d
        .select({
          id: ranked.id,
          number: ranked.number,
          title: ranked.title,
          priority: ranked.priority,
          dueDate: ranked.dueDate,
          columnId: ranked.columnId,
          matching: ranked.matching,
        })
        .from(ranked)
        .where(
          perColumn === null ? undefined : or(lte(ranked.rank, perColumn), expand.length ? inArray(ranked.columnId, expand) : undefined),
        )
        .orderBy(asc(ranked.position), asc(ranked.id));
    })(),
    d
      .select({ cardId: cardAssignees.cardId, userId: cardAssignees.userId })
      .from(cardAssignees)
      .where(and(eq(cardAssignees.projectId, projectId), eq(cardAssignees.workspaceId, workspaceId))),
    d
      .select({ cardId: cardLabels.cardId, labelId: cardLabels.labelId })
      .from(cardLabels)
      .where(and(eq(cardLabels.projectId, projectId), eq(cardLabels.workspaceId, workspaceId))),
    d
      .select({
        cardId: checklistItems.cardId,
        done: sql<number>`count(*) filter (where ${checklistItems.done})`.mapWith(Number),
        total: count(),
      })
      .from(checklistItems)
      .where(and(eq(checklistItems.projectId, projectId), eq(checklistItems.workspaceId, workspaceId)))
      .groupBy(checklistItems.cardId),
    d
      .select({ cardId: comments.cardId, n: count() })
      .from(comments)
      .where(and(eq(comments.projectId, projectId), eq(comments.workspaceId, workspaceId)))
      .groupBy(comments.cardId),
    attachmentCountsByCard(d, workspaceId, projectId),
    d
      .select({ columnId: cards.columnId, n: count() })
      .from(cards)
      .where(and(eq(cards.projectId, projectId), eq(cards.workspaceId, workspaceId)))
      .groupBy(cards.columnId),
  ]);

  const assignees = groupBy(
    assigneeRows,
    (r) => r.cardId,
    (r) => r.userId,
  );
  const cardLabelIds = groupBy(
    labelRows,
    (r) => r.cardId,
    (r) => r.labelId,
  );
  const checklist = new Map(checklistRows.map((r) => [r.cardId, r]));
  const commentCounts = new Map(commentRows.map((r) => [r.cardId, Number(r.n)]));
  const attachmentCounts = new Map(attachmentRows.map((r) => [r.cardId, Number(r.n)]));
  const totalByColumn = new Map(totals.map((t) => [t.columnId, Number(t.n)]));

  const byColumn = new Map<string, BoardCardView[]>(cols.map((c) => [c.id, []]));
  const matchingByColumn = new Map<string, number>();
  for (const { matching, ...c } of cardRows) {
    matchingByColumn.set(c.columnId, Number(matching));
    byColumn.get(c.columnId)?.push({
      ...c,
      assigneeIds: assignees.get(c.id) ?? [],
      labelIds: cardLabelIds.get(c.id) ?? [],
      checklistDone: checklist.get(c.id)?.done ?? 0,
      checklistTotal: Number(checklist.get(c.id)?.total ?? 0),
      commentCount: commentCounts.get(c.id) ?? 0,
      attachmentCount: attachmentCounts.get(c.id) ?? 0,
    });
  }
  const columns: BoardColumnView[] = cols.map((c) => ({
    ...c,
    cardCount: totalByColumn.get(c.id) ?? 0,
    matchingCount: matchingByColumn.get(c.id) ?? 0,
    cards: byColumn.get(c.id) ?? [],
  }));
  return { columns };
}

/**
 * The board's filters as SQL conditions on cards, with the tenancy (workspace and project):
 * the board and the public API's card list filter alike.
 */
export function cardFilterConditions(
  member: MemberContext,
  projectId: string,
  filters: BoardFilters,
  cols: { id: string; stateGroup: string }[],
) {
  const q = filters.q?.trim();
  return [
    eq(cards.projectId, projectId),
    eq(cards.workspaceId, member.workspace.id),
    filters.priority ? eq(cards.priority, filters.priority) : undefined,
    filters.due ? dueCondition(filters.due, cols, member.user.timeZone) : undefined,
    q
      ? or(
          ilike(cards.title, `%${escapeLike(q)}%`),
          ilike(cards.description, `%${escapeLike(q)}%`),
          /^#?\d+$/.test(q) ? eq(cards.number, Number(q.replace("#", ""))) : undefined,
        )
      : undefined,
    filters.assignee === "none"
      ? sql`not exists (select 1 from ${cardAssignees} where ${cardAssignees.cardId} = ${cards.id})`
      : filters.assignee && isUuid(filters.assignee)
        ? sql`exists (select 1 from ${cardAssignees} where ${cardAssignees.cardId} = ${cards.id} and ${cardAssignees.userId} = ${filters.assignee})`
        : undefined,
    filters.label && isUuid(filters.label)
      ? sql`exists (select 1 from ${cardLabels} where ${cardLabels.cardId} = ${cards.id} and ${cardLabels.labelId} = ${filters.label})`
      : undefined,
  ];
}

/**
 * The due filters (`dueState`'s rule in SQL): a due date in the filter's window, on a card
 * whose column is not finished (completed or cancelled), so a done card never shows as overdue.
 */
function dueCondition(filter: DueFilter, cols: { id: string; stateGroup: string }[], zone: string | null) {
  const open = cols.filter((c) => !isClosedStateGroup(c.stateGroup)).map((c) => c.id);
  // "Today" is the viewer's day: a card due today turns overdue after midnight in their zone.
  const { before, from, to } = dueWindow(filter, calendarDay(new Date(), zone));
  return and(
    inArray(cards.columnId, open),
    before ? lt(cards.dueDate, before) : undefined,
    from ? gte(cards.dueDate, from) : undefined,
    to ? lte(cards.dueDate, to) : undefined,
  );
}

function groupBy<T>(rows: T[], key: (r: T) => string, value: (r: T) => string) {
  const m = new Map<string, string[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(value(r));
    else m.set(k, [value(r)]);
  }
  return m;
}

export async function projectLabels(member: MemberContext, projectId: string): Promise<LabelView[]> {
  requireRead(member, "project");
  const workspaceId = member.workspace.id;
  return keptForProject(workspaceId, projectId, "labels", () =>
    db()
      .select({ id: labels.id, name: labels.name, color: labels.color })
      .from(labels)
      .where(and(eq(labels.projectId, projectId), eq(labels.workspaceId, workspaceId)))
      .orderBy(asc(labels.name)),
  );
}

/** The workspace's members, for assigning and filtering. */
export async function workspaceMembers(member: MemberContext): Promise<MemberView[]> {
  requireRead(member, "project");
  const workspaceId = member.workspace.id;
  return db()
    .select({ id: users.id, fullName: users.fullName, email: users.email, avatarUrl: users.avatarUrl, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(users.fullName), asc(users.email));
}

/** One card with its assignees, labels, checklist and comments (its files: ../files/attachments.ts), or null. */
export async function cardDetail(member: MemberContext, projectId: string, cardId: string) {
  requireRead(member, "project");
  const workspaceId = member.workspace.id;
  if (!isUuid(cardId)) return null;
  const d = db();
  const [card] = await d
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.projectId, projectId), eq(cards.workspaceId, workspaceId)));
  if (!card) return null;
  const [assigneeRows, labelRows, checklist, commentRows, watching] = await Promise.all([
    d
      .select({ userId: cardAssignees.userId })
      .from(cardAssignees)
      .where(and(eq(cardAssignees.cardId, cardId), eq(cardAssignees.workspaceId, workspaceId))),
    d
      .select({ labelId: cardLabels.labelId })
      .from(cardLabels)
      .where(and(eq(cardLabels.cardId, cardId), eq(cardLabels.workspaceId, workspaceId))),
    d
      .select({ id: checklistItems.id, text: checklistItems.text, done: checklistItems.done })
      .from(checklistItems)
      .where(and(eq(checklistItems.cardId, cardId), eq(checklistItems.workspaceId, workspaceId)))
      .orderBy(asc(checklistItems.position), asc(checklistItems.id)),
    commentsOf(member, cardId),
    isWatching(workspaceId, cardId, member.user.id),
  ]);
  return {
    ...card,
    assigneeIds: assigneeRows.map((r) => r.userId),
    labelIds: labelRows.map((r) => r.labelId),
    checklist,
    comments: commentRows,
    watching,
  };
}
