import { and, asc, count, eq, gte, ilike, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { BoardCardView, BoardColumnView } from "~/components/board/types";
import { keyBetween, keysBetween } from "~/lib/fractional-index";
import { db, schema, type Db, transaction } from "../db";
import { boardTopic, publish } from "../realtime";
import { attachmentCountsByCard, attachmentKeys, discardFiles } from "../files/attachments";
import { recordActivity } from "./activity";
import { UserError, notFound } from "../errors";
import { isUuid } from "~/lib/ids";
import { escapeLike } from "./projects";
import type { Priority, StateGroup } from "../db/schema-product";

const { boardColumns, cards, cardAssignees, cardLabels, labels, users, checklistItems, comments, projects, memberships } = schema;

export type BoardFilters = {
  assignee?: string | null; // user id or "me" resolved by caller, or "none"
  label?: string | null;
  priority?: Priority | null;
  due?: "overdue" | "week" | null;
  q?: string | null;
};

// One shape for the board on both sides of the wire: the browser's view types are the loader's.
export type BoardCard = BoardCardView;
export type BoardColumn = BoardColumnView;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}
function inDays(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/** The whole board in five scoped queries (columns, cards, assignees, labels, counts). */
/** Cards a column shows before "Show all": keeps a 2,000-card board's page light. */
export const COLUMN_PAGE_SIZE = 50;

export async function loadBoard(
  workspaceId: string,
  projectId: string,
  filters: BoardFilters = {},
  opts: { perColumn?: number | null; expand?: string[] } = {},
) {
  const perColumn = opts.perColumn === undefined ? COLUMN_PAGE_SIZE : opts.perColumn;
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

  const q = filters.q?.trim();
  const conditions = [
    eq(cards.projectId, projectId),
    eq(cards.workspaceId, workspaceId),
    filters.priority ? eq(cards.priority, filters.priority) : undefined,
    filters.due === "overdue" ? lt(cards.dueDate, today()) : undefined,
    filters.due === "week" ? and(gte(cards.dueDate, today()), lte(cards.dueDate, inDays(7))) : undefined,
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
      const expand = (opts.expand ?? []).filter(isUuid);
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

  const byColumn = new Map<string, BoardCard[]>(cols.map((c) => [c.id, []]));
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
  const columns: BoardColumn[] = cols.map((c) => ({
    ...c,
    cardCount: totalByColumn.get(c.id) ?? 0,
    matchingCount: matchingByColumn.get(c.id) ?? 0,
    cards: byColumn.get(c.id) ?? [],
  }));
  return { columns };
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

export async function projectLabels(workspaceId: string, projectId: string) {
  return db()
    .select({ id: labels.id, name: labels.name, color: labels.color })
    .from(labels)
    .where(and(eq(labels.projectId, projectId), eq(labels.workspaceId, workspaceId)))
    .orderBy(asc(labels.name));
}

export async function workspaceMembers(workspaceId: string) {
  return db()
    .select({ id: users.id, fullName: users.fullName, email: users.email, avatarUrl: users.avatarUrl, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(users.fullName), asc(users.email));
}

async function requireColumn(tx: Db, workspaceId: string, projectId: string, columnId: string) {
  if (!isUuid(columnId)) throw new UserError(400, "Choose a column from this board.", "columnId");
  const [col] = await tx
    .select({ id: boardColumns.id, name: boardColumns.name, stateGroup: boardColumns.stateGroup, wipLimit: boardColumns.wipLimit })
    .from(boardColumns)
    .where(and(eq(boardColumns.id, columnId), eq(boardColumns.projectId, projectId), eq(boardColumns.workspaceId, workspaceId)))
    .limit(1);
  if (!col) throw new UserError(400, "That column is not on this board. Reload the page and try again.", "columnId");
  return col;
}

/** The card, locked for the transaction; a 404 unless it is on this project in this workspace. */
export async function lockCard(tx: Db, workspaceId: string, projectId: string, cardId: string) {
  if (!isUuid(cardId)) throw notFound("That card");
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.projectId, projectId), eq(cards.workspaceId, workspaceId)))
    .for("update");
  if (!card) throw notFound("That card");
  return card;
}

/** started_at / completed_at follow the column's state group, so metrics survive renaming columns. */
function lifecycleTimes(group: StateGroup, card: { startedAt: Date | null; completedAt: Date | null }) {
  const now = new Date();
  return {
    startedAt: card.startedAt ?? (group === "started" || group === "completed" ? now : null),
    completedAt: group === "completed" ? (card.completedAt ?? now) : null,
  };
}

/** Tenancy for card queries: the card's workspace and project, in every where. */
const cardsOf = (ctx: Pick<Ctx, "workspaceId" | "projectId">) =>
  and(eq(cards.workspaceId, ctx.workspaceId), eq(cards.projectId, ctx.projectId));
const columnsOf = (ctx: Pick<Ctx, "workspaceId" | "projectId">) =>
  and(eq(boardColumns.workspaceId, ctx.workspaceId), eq(boardColumns.projectId, ctx.projectId));

async function lastKeyIn(tx: Db, ctx: Ctx, columnId: string): Promise<string | null> {
  const [last] = await tx
    .select({ position: cards.position })
    .from(cards)
    .where(and(cardsOf(ctx), eq(cards.columnId, columnId)))
    .orderBy(sql`${cards.position} desc`, sql`${cards.id} desc`)
    .limit(1);
  return last?.position ?? null;
}

export type Ctx = { workspaceId: string; projectId: string; actorId: string };

export async function createCard(ctx: Ctx, input: { columnId: string; title: string; priority?: Priority; dueDate?: string | null }) {
  const card = await transaction(async (tx) => {
    const col = await requireColumn(tx, ctx.workspaceId, ctx.projectId, input.columnId);
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
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: row!.id,
      actorId: ctx.actorId,
      action: "card.created",
      newValue: { title: row!.title, column: col.name },
    });
    return row!;
  });
  await publish(boardTopic(ctx.projectId), { type: "card.created", cardId: card.id, by: ctx.actorId });
  return card;
}

/**
 * Moves a card to `toColumnId`, between the cards `afterId` and `beforeId` (drag and
 * drop), or at 1-based `index` (the no-JavaScript form). Writes one card row.
 */
export async function moveCard(
  ctx: Ctx,
  input: { cardId: string; toColumnId: string; afterId?: string | null; beforeId?: string | null; index?: number | null },
) {
  const result = await transaction(async (tx) => {
    const card = await lockCard(tx, ctx.workspaceId, ctx.projectId, input.cardId);
    const col = await requireColumn(tx, ctx.workspaceId, ctx.projectId, input.toColumnId);
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
    if (card.columnId !== col.id) {
      const [from] = await tx
        .select({ name: boardColumns.name })
        .from(boardColumns)
        .where(and(columnsOf(ctx), eq(boardColumns.id, card.columnId)));
      await recordActivity(tx, {
        workspaceId: ctx.workspaceId,
        projectId: ctx.projectId,
        cardId: card.id,
        actorId: ctx.actorId,
        action: "card.moved",
        field: "column",
        oldValue: from?.name ?? null,
        newValue: col.name,
      });
    }
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(cards)
      .where(and(cardsOf(ctx), eq(cards.columnId, col.id)))) as [{ n: number }];
    return { card: moved!, column: col, columnCount: Number(n), changedColumn: card.columnId !== col.id };
  });
  await publish(boardTopic(ctx.projectId), { type: "card.moved", cardId: input.cardId, by: ctx.actorId });
  const wipWarning =
    result.column.wipLimit && result.columnCount > result.column.wipLimit
      ? `${result.column.name} is over its limit of ${result.column.wipLimit} cards (${result.columnCount} now).`
      : null;
  return { ...result, wipWarning };
}

async function respreadAndPlace(tx: Db, ctx: Ctx, columnId: string, cardId: string, afterKey: string): Promise<string> {
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

export const CARD_FIELDS = ["title", "description", "priority", "dueDate"] as const;
export type CardPatch = Partial<{ title: string; description: string; priority: Priority; dueDate: string | null }>;

export const STALE_CARD_MESSAGE =
  "Someone else changed this card while you were editing it. Your changes were not saved; they are still in the form. Review the latest version below and save again.";

/**
 * Field edits with optimistic concurrency: the form carries the version it was
 * opened at, and a write against an older version is refused (409) rather than
 * silently overwriting the other person's change.
 */
export async function updateCard(ctx: Ctx, cardId: string, expectedVersion: number, patch: CardPatch) {
  const updated = await transaction(async (tx) => {
    const card = await lockCard(tx, ctx.workspaceId, ctx.projectId, cardId);
    if (card.version !== expectedVersion) throw new UserError(409, STALE_CARD_MESSAGE);
    const changes: { field: (typeof CARD_FIELDS)[number]; old: unknown; next: unknown }[] = [];
    for (const field of CARD_FIELDS) {
      if (patch[field] === undefined) continue;
      const next = field === "title" || field === "description" ? (patch[field] as string).trim() : patch[field];
      if ((card[field] ?? null) !== (next ?? null)) changes.push({ field, old: card[field], next });
    }
    if (changes.length === 0) return card;
    const set: Record<string, unknown> = { version: card.version + 1, updatedAt: new Date() };
    for (const c of changes) set[c.field] = c.next;
    const [row] = await tx
      .update(cards)
      .set(set)
      .where(and(cardsOf(ctx), eq(cards.id, card.id)))
      .returning();
    await recordActivity(
      tx,
      changes.map((c) => ({
        workspaceId: ctx.workspaceId,
        projectId: ctx.projectId,
        cardId: card.id,
        actorId: ctx.actorId,
        action: "card.updated",
        field: c.field,
        oldValue: c.old ?? null,
        newValue: c.next ?? null,
      })),
    );
    return row!;
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
  return updated;
}

export async function deleteCard(ctx: Ctx, cardId: string) {
  const fileKeys = await transaction(async (tx) => {
    const card = await lockCard(tx, ctx.workspaceId, ctx.projectId, cardId);
    const keys = await attachmentKeys(tx, { workspaceId: ctx.workspaceId, cardId: card.id });
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: null,
      actorId: ctx.actorId,
      action: "card.deleted",
      oldValue: { title: card.title, number: card.number },
    });
    await tx.delete(cards).where(and(cardsOf(ctx), eq(cards.id, card.id)));
    return keys;
  });
  await discardFiles(fileKeys);
  await publish(boardTopic(ctx.projectId), { type: "card.deleted", cardId, by: ctx.actorId });
}

/** Adds or removes an assignee (a member of this workspace). */
export async function setAssignee(ctx: Ctx, cardId: string, userId: string, assigned: boolean) {
  await transaction(async (tx) => {
    const card = await lockCard(tx, ctx.workspaceId, ctx.projectId, cardId);
    if (!isUuid(userId)) throw new UserError(400, "Choose a member of this workspace.", "userId");
    const [member] = await tx
      .select({ name: users.fullName, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, ctx.workspaceId), eq(memberships.userId, userId)));
    if (!member) throw new UserError(400, "Only members of this workspace can be assigned.", "userId");
    if (assigned) {
      const inserted = await tx
        .insert(cardAssignees)
        .values({ cardId: card.id, userId, workspaceId: ctx.workspaceId, projectId: ctx.projectId })
        .onConflictDoNothing()
        .returning({ userId: cardAssignees.userId });
      if (inserted.length === 0) return;
    } else {
      const removed = await tx
        .delete(cardAssignees)
        .where(and(eq(cardAssignees.cardId, card.id), eq(cardAssignees.userId, userId), eq(cardAssignees.workspaceId, ctx.workspaceId)))
        .returning({ userId: cardAssignees.userId });
      if (removed.length === 0) return;
    }
    await tx
      .update(cards)
      .set({ updatedAt: new Date() })
      .where(and(cardsOf(ctx), eq(cards.id, card.id)));
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: assigned ? "card.assigned" : "card.unassigned",
      field: "assignees",
      oldValue: assigned ? null : member.name || member.email,
      newValue: assigned ? member.name || member.email : null,
    });
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
}

export const LABEL_COLORS = ["slate", "red", "orange", "amber", "green", "teal", "blue", "indigo", "purple", "pink"] as const;

export async function createLabel(ctx: Ctx, name: string, color: string) {
  const clean = name.trim();
  const [existing] = await db()
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.projectId, ctx.projectId), eq(labels.workspaceId, ctx.workspaceId), eq(labels.name, clean)));
  if (existing) throw new UserError(400, "This project already has a label with that name.", "name");
  const [row] = await db()
    .insert(labels)
    .values({ workspaceId: ctx.workspaceId, projectId: ctx.projectId, name: clean, color })
    .returning();
  await publish(boardTopic(ctx.projectId), { type: "labels.changed", by: ctx.actorId });
  return row!;
}

export async function setCardLabel(ctx: Ctx, cardId: string, labelId: string, on: boolean) {
  await transaction(async (tx) => {
    const card = await lockCard(tx, ctx.workspaceId, ctx.projectId, cardId);
    if (!isUuid(labelId)) throw new UserError(400, "Choose a label of this project.", "labelId");
    const [label] = await tx
      .select({ name: labels.name })
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
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: on ? "card.labelled" : "card.unlabelled",
      field: "labels",
      oldValue: on ? null : label.name,
      newValue: on ? label.name : null,
    });
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
}

export async function addChecklistItem(ctx: Ctx, cardId: string, text: string) {
  await transaction(async (tx) => {
    const card = await lockCard(tx, ctx.workspaceId, ctx.projectId, cardId);
    const [last] = await tx
      .select({ position: checklistItems.position })
      .from(checklistItems)
      .where(and(eq(checklistItems.cardId, card.id), eq(checklistItems.workspaceId, ctx.workspaceId)))
      .orderBy(sql`${checklistItems.position} desc`)
      .limit(1);
    await tx.insert(checklistItems).values({
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      text: text.trim(),
      position: keyBetween(last?.position ?? null, null),
    });
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: "checklist.added",
      field: "checklist",
      newValue: text.trim(),
    });
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
}

export async function setChecklistItem(ctx: Ctx, cardId: string, itemId: string, change: { done?: boolean; remove?: boolean }) {
  await transaction(async (tx) => {
    const card = await lockCard(tx, ctx.workspaceId, ctx.projectId, cardId);
    if (!isUuid(itemId)) throw notFound("That checklist item");
    const where = and(eq(checklistItems.id, itemId), eq(checklistItems.cardId, card.id), eq(checklistItems.workspaceId, ctx.workspaceId));
    const [item] = await tx.select().from(checklistItems).where(where);
    if (!item) throw notFound("That checklist item");
    if (change.remove) await tx.delete(checklistItems).where(where);
    else await tx.update(checklistItems).set({ done: !!change.done }).where(where);
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: change.remove ? "checklist.removed" : change.done ? "checklist.checked" : "checklist.unchecked",
      field: "checklist",
      oldValue: item.text,
    });
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
}

export async function addComment(ctx: Ctx, cardId: string, body: string) {
  const row = await transaction(async (tx) => {
    const card = await lockCard(tx, ctx.workspaceId, ctx.projectId, cardId);
    const [c] = await tx
      .insert(comments)
      .values({ workspaceId: ctx.workspaceId, projectId: ctx.projectId, cardId: card.id, authorId: ctx.actorId, body: body.trim() })
      .returning();
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: "comment.added",
      newValue: body.trim().slice(0, 140),
    });
    return c!;
  });
  await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
  return row;
}

export async function cardDetail(workspaceId: string, projectId: string, cardId: string) {
  if (!isUuid(cardId)) return null;
  const d = db();
  const [card] = await d
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.projectId, projectId), eq(cards.workspaceId, workspaceId)));
  if (!card) return null;
  const [assigneeRows, labelRows, checklist, commentRows] = await Promise.all([
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
    d
      .select({ id: comments.id, body: comments.body, createdAt: comments.createdAt, authorName: users.fullName, authorEmail: users.email })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(and(eq(comments.cardId, cardId), eq(comments.workspaceId, workspaceId)))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
  ]);
  return {
    ...card,
    assigneeIds: assigneeRows.map((r) => r.userId),
    labelIds: labelRows.map((r) => r.labelId),
    checklist,
    comments: commentRows,
  };
}

// Columns

export async function addColumn(ctx: Ctx, name: string, stateGroup: StateGroup) {
  const [last] = await db()
    .select({ position: boardColumns.position })
    .from(boardColumns)
    .where(and(eq(boardColumns.projectId, ctx.projectId), eq(boardColumns.workspaceId, ctx.workspaceId)))
    .orderBy(sql`${boardColumns.position} desc`)
    .limit(1);
  const [col] = await db()
    .insert(boardColumns)
    .values({
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      name: name.trim(),
      stateGroup,
      position: keyBetween(last?.position ?? null, null),
    })
    .returning();
  await recordActivity(db(), {
    workspaceId: ctx.workspaceId,
    projectId: ctx.projectId,
    actorId: ctx.actorId,
    action: "column.added",
    newValue: name.trim(),
  });
  await publish(boardTopic(ctx.projectId), { type: "columns.changed", by: ctx.actorId });
  return col!;
}

export async function updateColumn(
  ctx: Ctx,
  columnId: string,
  patch: { name?: string; wipLimit?: number | null; stateGroup?: StateGroup },
) {
  const col = await requireColumn(db(), ctx.workspaceId, ctx.projectId, columnId);
  const set: Partial<typeof boardColumns.$inferInsert> = {};
  if (patch.name !== undefined) set.name = patch.name.trim();
  if (patch.wipLimit !== undefined) set.wipLimit = patch.wipLimit;
  if (patch.stateGroup !== undefined) set.stateGroup = patch.stateGroup;
  if (Object.keys(set).length === 0) return;
  await db()
    .update(boardColumns)
    .set(set)
    .where(and(eq(boardColumns.id, col.id), eq(boardColumns.workspaceId, ctx.workspaceId)));
  if (set.name && set.name !== col.name) {
    await recordActivity(db(), {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      actorId: ctx.actorId,
      action: "column.renamed",
      field: "name",
      oldValue: col.name,
      newValue: set.name,
    });
  }
  await publish(boardTopic(ctx.projectId), { type: "columns.changed", by: ctx.actorId });
}

/** Moves a column one place left (-1) or right (+1). */
export async function shiftColumn(ctx: Ctx, columnId: string, direction: -1 | 1) {
  await transaction(async (tx) => {
    await requireColumn(tx, ctx.workspaceId, ctx.projectId, columnId);
    const cols = await tx
      .select({ id: boardColumns.id, position: boardColumns.position })
      .from(boardColumns)
      .where(and(eq(boardColumns.projectId, ctx.projectId), eq(boardColumns.workspaceId, ctx.workspaceId)))
      .orderBy(asc(boardColumns.position), asc(boardColumns.id));
    const i = cols.findIndex((c) => c.id === columnId);
    const j = i + direction;
    if (j < 0 || j >= cols.length) return;
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
  });
  await publish(boardTopic(ctx.projectId), { type: "columns.changed", by: ctx.actorId });
}

/** Deletes a column, first moving its cards to the end of `moveToColumnId`. */
export async function deleteColumn(ctx: Ctx, columnId: string, moveToColumnId: string | null) {
  await transaction(async (tx) => {
    const col = await requireColumn(tx, ctx.workspaceId, ctx.projectId, columnId);
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(cards)
      .where(and(cardsOf(ctx), eq(cards.columnId, col.id)))) as [{ n: number }];
    const [{ total }] = (await tx
      .select({ total: count() })
      .from(boardColumns)
      .where(and(eq(boardColumns.projectId, ctx.projectId), eq(boardColumns.workspaceId, ctx.workspaceId)))) as [{ total: number }];
    if (Number(total) <= 1) throw new UserError(400, "A board needs at least one column.");
    if (Number(n) > 0) {
      if (!moveToColumnId || moveToColumnId === col.id)
        throw new UserError(400, "Choose another column to move this column's cards to.", "moveTo");
      const target = await requireColumn(tx, ctx.workspaceId, ctx.projectId, moveToColumnId);
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
      }
    }
    await tx.delete(boardColumns).where(and(eq(boardColumns.id, col.id), eq(boardColumns.workspaceId, ctx.workspaceId)));
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      actorId: ctx.actorId,
      action: "column.deleted",
      oldValue: col.name,
    });
  });
  await publish(boardTopic(ctx.projectId), { type: "columns.changed", by: ctx.actorId });
}
