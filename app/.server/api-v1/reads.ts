import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { isUuid } from "~/lib/ids";
import { db, schema } from "../db";
import { notFound } from "../errors";
import { requireRead } from "../access";
import { cardFilterConditions, type BoardFilters } from "../projects/board-reads";
import { getProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";
import { cardsWithParts } from "./card-reads";
import { toApiChecklistItem, toApiColumn } from "./serialize";
import type { ApiCard, ApiChecklistItem, ApiColumn } from "./schemas";

/**
 * The API's reads in the shapes its pages need: keyset pages in a stable order (the cursor
 * is the last row's sort key), each query scoped by the member's workspace and asking the
 * gate first. What the app's own reads already give (a project, the comments) is read
 * through them.
 */
const { projects, boardColumns, cards, checklistItems, notifications } = schema;

/** A project of the member's workspace, or a 404 (another workspace's id reads as absent). */
export async function requireProject(member: MemberContext, projectId: string) {
  const project = await getProject(member, projectId);
  if (!project) throw notFound("That project");
  return project;
}

/** A timestamp as microseconds since the epoch (exact: a cursor of milliseconds would repeat or skip rows). */
const micros = (column: AnyPgColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** Active (or archived) projects, oldest first, `limit + 1` rows after the cursor's (createdAt, id). */
export async function projectsPage(member: MemberContext, opts: { archived: boolean; after: (string | number)[] | null; limit: number }) {
  requireRead(member, "project");
  const at = micros(projects.createdAt);
  const after = opts.after
    ? sql`(${at}::bigint, ${projects.id}) > (${String(opts.after[0])}::bigint, ${String(opts.after[1])}::uuid)`
    : undefined;
  return db()
    .select({ project: projects, at })
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, member.workspace.id),
        opts.archived ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt),
        after,
      ),
    )
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(opts.limit + 1);
}

/** The board's columns, left to right (a board has few: no pages). */
export async function columnsOf(member: MemberContext, projectId: string): Promise<ApiColumn[]> {
  requireRead(member, "project");
  const rows = await db()
    .select()
    .from(boardColumns)
    .where(and(eq(boardColumns.projectId, projectId), eq(boardColumns.workspaceId, member.workspace.id)))
    .orderBy(asc(boardColumns.position), asc(boardColumns.id));
  return rows.map((c, i) => toApiColumn(c, i));
}

export async function requireColumnOf(member: MemberContext, projectId: string, columnId: string): Promise<ApiColumn> {
  const column = (await columnsOf(member, projectId)).find((c) => c.id === columnId);
  if (!column) throw notFound("That column");
  return column;
}

/** Cards matching the board's filters (and a column), by number, `limit + 1` after the cursor's number. */
export async function cardsPage(
  member: MemberContext,
  projectId: string,
  opts: { filters: BoardFilters; columnId?: string; after: number | null; limit: number },
): Promise<ApiCard[]> {
  requireRead(member, "card");
  const d = db();
  const cols = await d
    .select({ id: boardColumns.id, stateGroup: boardColumns.stateGroup })
    .from(boardColumns)
    .where(and(eq(boardColumns.projectId, projectId), eq(boardColumns.workspaceId, member.workspace.id)));
  // A board always keeps a column (deleteColumn refuses the last): none means no such project here.
  if (cols.length === 0) throw notFound("That project");
  const rows = await d
    .select()
    .from(cards)
    .where(
      and(
        ...cardFilterConditions(member, projectId, opts.filters, cols),
        opts.columnId ? eq(cards.columnId, opts.columnId) : undefined,
        opts.after !== null ? gt(cards.number, opts.after) : undefined,
      ),
    )
    .orderBy(asc(cards.number))
    .limit(opts.limit + 1);
  return withParts(member, rows);
}

/** One card of the project in full, or a 404. */
export async function requireCard(member: MemberContext, projectId: string, cardId: string): Promise<ApiCard> {
  requireRead(member, "card");
  if (!isUuid(cardId)) throw notFound("That card");
  const rows = await db()
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.projectId, projectId), eq(cards.workspaceId, member.workspace.id)));
  const [card] = await withParts(member, rows);
  if (!card) throw notFound("That card");
  return card;
}

/** Cards with their assignees and labels (two scoped queries for the whole page). */
function withParts(member: MemberContext, rows: (typeof cards.$inferSelect)[]): Promise<ApiCard[]> {
  return cardsWithParts(db(), member.workspace.id, rows);
}

/** A card's checklist, in its order (a card has few items: no pages). */
export async function checklistOf(member: MemberContext, projectId: string, cardId: string): Promise<ApiChecklistItem[]> {
  requireRead(member, "card");
  const rows = await db()
    .select()
    .from(checklistItems)
    .where(
      and(eq(checklistItems.cardId, cardId), eq(checklistItems.projectId, projectId), eq(checklistItems.workspaceId, member.workspace.id)),
    )
    .orderBy(asc(checklistItems.position), asc(checklistItems.id));
  return rows.map(toApiChecklistItem);
}

export async function requireChecklistItem(member: MemberContext, projectId: string, cardId: string, itemId: string) {
  const item = (await checklistOf(member, projectId, cardId)).find((i) => i.id === itemId);
  if (!item) throw notFound("That checklist item");
  return item;
}

/** The member's own notifications in this workspace, newest first, `limit + 1` before the cursor's (createdAt, id). */
export async function notificationsPage(
  member: MemberContext,
  opts: { unread: boolean; after: (string | number)[] | null; limit: number },
) {
  const at = micros(notifications.createdAt);
  const before = opts.after
    ? sql`(${at}::bigint, ${notifications.id}) < (${String(opts.after[0])}::bigint, ${String(opts.after[1])}::uuid)`
    : undefined;
  return db()
    .select({ notification: notifications, at })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, member.user.id),
        eq(notifications.workspaceId, member.workspace.id),
        opts.unread ? isNull(notifications.readAt) : undefined,
        before,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
}
