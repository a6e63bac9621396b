import { and, asc, desc, eq, inArray, isNull, lte } from "drizzle-orm";
import { isClosedStateGroup, type StateGroup } from "~/lib/board";
import { cycleStatus, type BurnPoint, type CycleChoice, type CycleReport, type CycleStatus } from "~/lib/cycles";
import { isUuid } from "~/lib/ids";
import { db, schema, type Db } from "../db";
import { notFound, UserError } from "../errors";
import { emit, envelope, mutate, type CardRef } from "../events";
import { burnSeries, cycleReport, lastChartDay, type CycleHistory, type Stay } from "../analytics/burn";
import { dayOf } from "../analytics/days";
import { requireAccess, requireRead, requireRole } from "../access";
import { scopeOf, type BoardScope } from "../projects/scope";
import { cardsOf, lockCard } from "../projects/board-rows";
import { findCardByRef } from "../projects/dependencies";
import { getProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";

/**
 * Cycles (issue 10): a project's time-boxed cycles and the cards in them. Membership is
 * history (cycle_cards: a row per stay, closed by `removed_at`), so the scope on any past day
 * is rebuilt, not guessed. Closing a cycle freezes its report (cycles.report), which nothing
 * recomputes afterwards. Members change cycles (`card.update`), viewers read them
 * (`project.view`); the workspace and the project are in every where.
 */
const { boardColumns, cardEstimateChanges, cardTransitions, cards, cycleCards, cycles } = schema;

type Scope = Pick<BoardScope, "workspaceId" | "projectId">;
const cyclesOf = (s: Scope) => and(eq(cycles.workspaceId, s.workspaceId), eq(cycles.projectId, s.projectId));
const staysOf = (s: Scope) => and(eq(cycleCards.workspaceId, s.workspaceId), eq(cycleCards.projectId, s.projectId));

async function requireProjectOf(member: MemberContext, projectId: string) {
  const project = await getProject(member, projectId);
  if (!project) throw notFound("That project");
  return project;
}

export async function requireCycle(tx: Db, scope: Scope, cycleId: string, lock = false) {
  if (!isUuid(cycleId)) throw notFound("That cycle");
  const q = tx
    .select()
    .from(cycles)
    .where(and(eq(cycles.id, cycleId), cyclesOf(scope)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("That cycle");
  return row;
}

export type CycleSummary = CycleChoice & { closedAt: Date | null; cardCount: number; doneCount: number };

/** A project's cycles, newest start first, with how many cards each holds and how many of those are done. */
export async function listCycles(member: MemberContext, projectId: string, now = new Date()): Promise<CycleSummary[]> {
  requireRead(member, "project");
  const project = await requireProjectOf(member, projectId);
  const scope = { workspaceId: member.workspace.id, projectId: project.id };
  const [rows, open] = await Promise.all([
    db()
      .select({ id: cycles.id, name: cycles.name, startsOn: cycles.startsOn, endsOn: cycles.endsOn, closedAt: cycles.closedAt })
      .from(cycles)
      .where(cyclesOf(scope))
      .orderBy(desc(cycles.startsOn), desc(cycles.createdAt)),
    db()
      .select({ cycleId: cycleCards.cycleId, stateGroup: boardColumns.stateGroup })
      .from(cycleCards)
      .innerJoin(cards, and(eq(cards.id, cycleCards.cardId), cardsOf(scope)))
      .innerJoin(boardColumns, and(eq(boardColumns.id, cards.columnId), eq(boardColumns.workspaceId, scope.workspaceId)))
      .where(and(staysOf(scope), isNull(cycleCards.removedAt))),
  ]);
  const today = dayOf(now);
  return rows.map((c) => {
    const mine = open.filter((o) => o.cycleId === c.id);
    return {
      ...c,
      status: cycleStatus(c, today),
      cardCount: mine.length,
      doneCount: mine.filter((o) => o.stateGroup === "completed").length,
    };
  });
}

export async function createCycle(member: MemberContext, projectId: string, input: { name: string; startsOn: string; endsOn: string }) {
  requireRole(member, "card", "change");
  const project = await requireProjectOf(member, projectId);
  if (input.endsOn < input.startsOn) throw new UserError(400, "The cycle must end on or after its start.", "endsOn");
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const [row] = await tx
      .insert(cycles)
      .values({
        workspaceId: member.workspace.id,
        projectId: project.id,
        name: input.name.trim(),
        startsOn: input.startsOn,
        endsOn: input.endsOn,
      })
      .returning();
    await emit(tx, {
      kind: "cycle.created",
      ...envelope(member, project.id),
      subject: { id: row!.id, name: row!.name },
      change: { startsOn: row!.startsOn, endsOn: row!.endsOn },
    });
    return row!;
  });
}

/**
 * Renames a cycle, closed ones too: its frozen report holds numbers and cards, not the name, so
 * it stays as it was. Returns the old and the new name (the same when nothing changed).
 */
export async function renameCycle(member: MemberContext, projectId: string, cycleId: string, name: string) {
  requireRole(member, "card", "change");
  const ctx = scopeOf(member, projectId);
  const next = name.trim();
  if (!next) throw new UserError(400, "Name the cycle.", "name");
  if (next.length > 80) throw new UserError(400, "Keep the name under 80 characters.", "name");
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const cycle = await requireCycle(tx, ctx, cycleId, true);
    if (cycle.name !== next) {
      await tx
        .update(cycles)
        .set({ name: next })
        .where(and(eq(cycles.id, cycle.id), cyclesOf(ctx)));
      await emit(tx, {
        kind: "cycle.renamed",
        ...envelope(member, ctx.projectId),
        subject: { id: cycle.id, name: next },
        change: { from: cycle.name, to: next },
      });
    }
    return { id: cycle.id, from: cycle.name, to: next };
  });
}

/**
 * Deletes a cycle. Its cards stay on the board and leave it (each card's activity says so);
 * its membership history and, for a closed cycle, its frozen report go with it. Returns its
 * name, how many cards it held and whether it was closed.
 */
export async function deleteCycle(member: MemberContext, projectId: string, cycleId: string) {
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const cycle = await requireCycle(tx, ctx, cycleId, true);
    const held = await tx
      .select({ cardId: cycleCards.cardId })
      .from(cycleCards)
      .where(and(staysOf(ctx), eq(cycleCards.cycleId, cycle.id), isNull(cycleCards.removedAt)))
      .for("update");
    await emit(tx, {
      kind: "cycle.deleted",
      ...envelope(member, ctx.projectId),
      subject: { id: cycle.id, name: cycle.name },
      change: {
        cards: await cardRefs(
          tx,
          ctx,
          held.map((h) => h.cardId),
        ),
      },
    });
    // cycle_cards rows go with it (ON DELETE CASCADE); the cards themselves are untouched.
    await tx.delete(cycles).where(and(eq(cycles.id, cycle.id), cyclesOf(ctx)));
    return { name: cycle.name, cardCount: held.length, wasClosed: cycle.closedAt !== null };
  });
}

/** The cards named (in that order), as an event names them. */
async function cardRefs(tx: Db, scope: Scope, ids: string[]): Promise<CardRef[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: cards.id, number: cards.number, title: cards.title })
    .from(cards)
    .where(and(cardsOf(scope), inArray(cards.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The card's open stay, if it is in a cycle now. */
async function openStay(tx: Db, scope: Scope, cardId: string) {
  const [row] = await tx
    .select({ id: cycleCards.id, cycleId: cycleCards.cycleId, cycleName: cycles.name })
    .from(cycleCards)
    .innerJoin(cycles, eq(cycles.id, cycleCards.cycleId))
    .where(and(staysOf(scope), eq(cycleCards.cardId, cardId), isNull(cycleCards.removedAt)))
    .for("update", { of: cycleCards });
  return row ?? null;
}

/**
 * Puts a locked card in `cycleId` (null: in no cycle), ending its stay in another cycle first,
 * and returns the cycle it left and the one it joined. Nothing happens (null) when it is
 * already there. A closed cycle takes no cards.
 */
async function placeCard(tx: Db, ctx: BoardScope, card: { id: string; estimatePoints: number | null }, cycleId: string | null, at: Date) {
  const target = cycleId ? await requireCycle(tx, ctx, cycleId) : null;
  const stay = await openStay(tx, ctx, card.id);
  if ((stay?.cycleId ?? null) === (target?.id ?? null)) return null;
  if (target?.closedAt) throw new UserError(409, `${target.name} is closed: it takes no more cards.`, "cycleId");
  if (stay)
    await tx
      .update(cycleCards)
      .set({ removedAt: at })
      .where(and(staysOf(ctx), eq(cycleCards.id, stay.id)));
  if (target) {
    await tx.insert(cycleCards).values({
      cycleId: target.id,
      cardId: card.id,
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      addedAt: at,
      pointsAtAdd: card.estimatePoints,
    });
  }
  return {
    from: stay ? { id: stay.cycleId, name: stay.cycleName } : null,
    to: target ? { id: target.id, name: target.name } : null,
  };
}

/** The event of one card's move between cycles (or into or out of one). */
function cycleChanged(member: MemberContext, ctx: BoardScope, card: CardRef, change: { from: Cycle; to: Cycle }) {
  return {
    kind: "card.cycle_changed",
    ...envelope(member, ctx.projectId),
    subject: { id: card.id, number: card.number, title: card.title },
    change,
  } as const;
}
type Cycle = { id: string; name: string } | null;

/** The card panel's cycle select: put the card in a cycle, or (null) take it out of its cycle. */
export async function setCardCycle(member: MemberContext, projectId: string, cardId: string, cycleId: string | null, at = new Date()) {
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    const change = await placeCard(tx, ctx, card, cycleId, at);
    if (change) await emit(tx, cycleChanged(member, ctx, card, change));
    return change !== null;
  });
}

/** The cycles page's "Add a card" (by number or title). */
export async function addCardToCycle(member: MemberContext, projectId: string, cycleId: string, ref: string, at = new Date()) {
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const found = await findCardByRef(tx, ctx, ref).catch((e: unknown) => {
      if (e instanceof UserError) throw new UserError(e.status, e.message, "card");
      throw e;
    });
    const locked = await lockCard(tx, ctx, found.id);
    const changed = await placeCard(tx, ctx, locked, cycleId, at).catch((e: unknown) => {
      if (e instanceof UserError) throw new UserError(e.status, e.message, "card");
      throw e;
    });
    if (!changed) throw new UserError(409, `#${found.number} is already in this cycle.`, "card");
    await emit(tx, cycleChanged(member, ctx, locked, changed));
    return found;
  });
}

export async function removeCardFromCycle(member: MemberContext, projectId: string, cycleId: string, cardId: string, at = new Date()) {
  const ctx = scopeOf(member, projectId);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const cycle = await requireCycle(tx, ctx, cycleId);
    if (cycle.closedAt) throw new UserError(409, `${cycle.name} is closed: its cards stay in its report.`);
    const card = await lockCard(tx, ctx, cardId);
    const stay = await openStay(tx, ctx, card.id);
    if (stay?.cycleId !== cycle.id) throw new UserError(409, `#${card.number} is not in ${cycle.name}.`);
    const change = await placeCard(tx, ctx, card, null, at);
    await emit(tx, cycleChanged(member, ctx, card, change!));
  });
}

/** Every stay in the cycle, and the transitions and estimate changes of those cards up to `until`. */
async function historyOf(tx: Db, scope: Scope, cycleId: string, until: Date) {
  const stays = await tx
    .select({
      cardId: cycleCards.cardId,
      addedAt: cycleCards.addedAt,
      removedAt: cycleCards.removedAt,
      number: cards.number,
      title: cards.title,
    })
    .from(cycleCards)
    .innerJoin(cards, and(eq(cards.id, cycleCards.cardId), cardsOf(scope)))
    .where(and(staysOf(scope), eq(cycleCards.cycleId, cycleId)))
    .orderBy(asc(cycleCards.addedAt), asc(cycleCards.id));
  const ids = [...new Set(stays.map((s) => s.cardId))];
  const ofCards = <T extends typeof cardTransitions | typeof cardEstimateChanges>(t: T) =>
    and(eq(t.workspaceId, scope.workspaceId), eq(t.projectId, scope.projectId), inArray(t.cardId, ids), lte(t.at, until));
  const [changes, estimates] = ids.length
    ? await Promise.all([
        tx
          .select({ cardId: cardTransitions.cardId, toStateGroup: cardTransitions.toStateGroup, at: cardTransitions.at })
          .from(cardTransitions)
          .where(ofCards(cardTransitions))
          .orderBy(asc(cardTransitions.at), asc(cardTransitions.id)),
        tx
          .select({ cardId: cardEstimateChanges.cardId, points: cardEstimateChanges.points, at: cardEstimateChanges.at })
          .from(cardEstimateChanges)
          .where(ofCards(cardEstimateChanges))
          .orderBy(asc(cardEstimateChanges.at), asc(cardEstimateChanges.id)),
      ])
    : [[], []];
  const history: CycleHistory = {
    stays: stays.map((s): Stay => ({ cardId: s.cardId, addedAt: s.addedAt, removedAt: s.removedAt })),
    changes,
    estimates,
  };
  return { history, cards: new Map(stays.map((s) => [s.cardId, { number: s.number, title: s.title }])) };
}

export type CycleCardView = {
  id: string;
  number: number;
  title: string;
  points: number | null;
  stateGroup: StateGroup;
  done: boolean;
  columnName: string;
};

export type CycleDetail = {
  id: string;
  name: string;
  startsOn: string;
  endsOn: string;
  closedAt: Date | null;
  status: CycleStatus;
  /** The cards in it now (for a closed cycle: those still held by it, as they are now). */
  cards: CycleCardView[];
  /** Live for an open cycle; the frozen one for a closed cycle. */
  series: BurnPoint[];
  report: CycleReport | null;
};

/** One cycle with its cards now and its burn-up (live while open, frozen once closed). */
export async function getCycle(member: MemberContext, projectId: string, cycleId: string, now = new Date()): Promise<CycleDetail> {
  requireRead(member, "project");
  const project = await requireProjectOf(member, projectId);
  const scope = { workspaceId: member.workspace.id, projectId: project.id };
  const d = db();
  const cycle = await requireCycle(d, scope, cycleId);
  const current = await d
    .select({
      id: cards.id,
      number: cards.number,
      title: cards.title,
      points: cards.estimatePoints,
      stateGroup: boardColumns.stateGroup,
      columnName: boardColumns.name,
    })
    .from(cycleCards)
    .innerJoin(cards, and(eq(cards.id, cycleCards.cardId), cardsOf(scope)))
    .innerJoin(boardColumns, and(eq(boardColumns.id, cards.columnId), eq(boardColumns.workspaceId, scope.workspaceId)))
    .where(and(staysOf(scope), eq(cycleCards.cycleId, cycle.id), isNull(cycleCards.removedAt)))
    .orderBy(asc(cards.number));
  let series: BurnPoint[];
  if (cycle.report) series = cycle.report.series;
  else {
    const h = await historyOf(d, scope, cycle.id, now);
    series = burnSeries(h.history, cycle.startsOn, lastChartDay(cycle, now), now);
  }
  return {
    id: cycle.id,
    name: cycle.name,
    startsOn: cycle.startsOn,
    endsOn: cycle.endsOn,
    closedAt: cycle.closedAt,
    status: cycleStatus(cycle, dayOf(now)),
    cards: current.map((c) => ({ ...c, done: c.stateGroup === "completed" })),
    series,
    report: cycle.report ?? null,
  };
}

/** Closes a cycle and freezes its report, computed from its history up to now. */
export async function closeCycle(member: MemberContext, projectId: string, cycleId: string, at = new Date()): Promise<CycleReport> {
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const cycle = await requireCycle(tx, ctx, cycleId, true);
    if (cycle.closedAt) throw new UserError(409, `${cycle.name} is already closed.`);
    const h = await historyOf(tx, ctx, cycle.id, at);
    const report = cycleReport(cycle, h.history, h.cards, at);
    await tx
      .update(cycles)
      .set({ closedAt: at, report })
      .where(and(eq(cycles.id, cycle.id), cyclesOf(ctx)));
    await emit(tx, {
      kind: "cycle.closed",
      ...envelope(member, ctx.projectId),
      subject: { id: cycle.id, name: cycle.name },
      change: {
        closedAt: report.closedAt,
        startsOn: report.startsOn,
        endsOn: report.endsOn,
        completed: report.completed,
        carriedOver: report.carriedOver,
      },
    });
    return report;
  });
}

/**
 * Moves every unfinished card of a cycle (in it now, not in a completed or cancelled column)
 * to another open cycle, in one step. Returns how many moved.
 */
export async function moveUnfinished(member: MemberContext, projectId: string, fromCycleId: string, toCycleId: string, at = new Date()) {
  requireRole(member, "card", "change");
  const ctx = scopeOf(member, projectId);
  if (fromCycleId === toCycleId) throw new UserError(400, "Choose another cycle to move the cards to.", "toCycleId");
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const from = await requireCycle(tx, ctx, fromCycleId);
    const to = await requireCycle(tx, ctx, toCycleId);
    if (to.closedAt) throw new UserError(409, `${to.name} is closed: choose an open cycle.`, "toCycleId");
    const rows = await tx
      .select({ id: cards.id, estimatePoints: cards.estimatePoints, stateGroup: boardColumns.stateGroup })
      .from(cycleCards)
      .innerJoin(cards, and(eq(cards.id, cycleCards.cardId), cardsOf(ctx)))
      .innerJoin(boardColumns, and(eq(boardColumns.id, cards.columnId), eq(boardColumns.workspaceId, ctx.workspaceId)))
      .where(and(staysOf(ctx), eq(cycleCards.cycleId, from.id), isNull(cycleCards.removedAt)))
      .orderBy(asc(cards.number));
    const unfinished = rows.filter((r) => !isClosedStateGroup(r.stateGroup));
    const moved: CardRef[] = [];
    for (const r of unfinished) {
      const card = await lockCard(tx, ctx, r.id);
      await placeCard(tx, ctx, card, to.id, at);
      moved.push({ id: card.id, number: card.number, title: card.title });
    }
    await emit(tx, {
      kind: "cycle.unfinished_moved",
      ...envelope(member, ctx.projectId),
      subject: { id: from.id, name: from.name },
      change: { to: { id: to.id, name: to.name }, cards: moved },
    });
    return { count: unfinished.length, to: to.name };
  });
}

/** The cycles a card may join (the open ones), and the one it is in now. */
export async function cycleChoicesFor(member: MemberContext, projectId: string, cardId: string | null, now = new Date()) {
  requireRead(member, "project");
  const scope = { workspaceId: member.workspace.id, projectId };
  const d = db();
  const [rows, stay] = await Promise.all([
    d
      .select({ id: cycles.id, name: cycles.name, startsOn: cycles.startsOn, endsOn: cycles.endsOn, closedAt: cycles.closedAt })
      .from(cycles)
      .where(cyclesOf(scope))
      .orderBy(asc(cycles.startsOn), asc(cycles.createdAt)),
    cardId && isUuid(cardId)
      ? d
          .select({ cycleId: cycleCards.cycleId })
          .from(cycleCards)
          .where(and(staysOf(scope), eq(cycleCards.cardId, cardId), isNull(cycleCards.removedAt)))
      : Promise.resolve([]),
  ]);
  const today = dayOf(now);
  const cycleId = stay[0]?.cycleId ?? null;
  const choices: CycleChoice[] = rows
    .filter((c) => !c.closedAt || c.id === cycleId)
    .map((c) => ({ id: c.id, name: c.name, startsOn: c.startsOn, endsOn: c.endsOn, status: cycleStatus(c, today) }));
  return { cycleId, choices };
}
