import type { BurnPoint, CardTally, CycleReport, CycleReportCard } from "~/lib/cycles";
import type { StateGroup } from "~/lib/board";
import { addDays, daysBetween, dayOf, startOfDay } from "./days";
import { lastBefore, pointsAt, type EstimateChange } from "./estimate-history";

/**
 * Burn-up from history (issue 10): a cycle's scope on each day is rebuilt from its membership
 * rows (cycle_cards), whether a card was done from the transition log, and its points from the
 * estimate history (decision 022), so scope added or re-estimated in the middle of a cycle is a
 * step on the day it happened and never rewrites the days before.
 * Pure functions: the services read the rows (../cycles/) and pass them in.
 */

/** One stay of a card in the cycle. */
export type Stay = { cardId: string; addedAt: Date; removedAt: Date | null };
/** One transition of a card (its state group after it), in time order. */
export type StateChange = { cardId: string; toStateGroup: StateGroup | null; at: Date };
/** What a cycle's burn-up is rebuilt from: its stays, and its cards' transitions and estimate changes. */
export type CycleHistory = { stays: Stay[]; changes: StateChange[]; estimates: EstimateChange[] };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The stay that holds the card at `t` (added before it, not yet removed), if any. */
function stayAt(stays: Stay[], t: Date): Stay | undefined {
  const ms = t.getTime();
  return stays.find((s) => s.addedAt.getTime() < ms && (s.removedAt === null || s.removedAt.getTime() >= ms));
}

/** Whether the card's last transition before `t` put it in a completed column. */
function doneAt(changes: StateChange[] | undefined, t: Date): boolean {
  return lastBefore(changes, t)?.toStateGroup === "completed";
}

function group<T extends { cardId: string }>(rows: T[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const list = m.get(r.cardId);
    if (list) list.push(r);
    else m.set(r.cardId, [r]);
  }
  return m;
}

const byTime = <T extends { at: Date }>(rows: T[]) => [...rows].sort((a, b) => a.at.getTime() - b.at.getTime());

/** The history per card, each card's transitions and estimate changes in time order. */
function perCard(h: CycleHistory) {
  return { stays: group(h.stays), changes: group(byTime(h.changes)), estimates: group(byTime(h.estimates)) };
}
type PerCard = ReturnType<typeof perCard>;

/** The cycle at instant `t`: which cards are in it (with their points then) and which of them are done. */
function scopeAt(h: PerCard, t: Date) {
  const cards: { cardId: string; points: number; done: boolean }[] = [];
  for (const [cardId, list] of h.stays) {
    const stay = stayAt(list, t);
    if (stay) cards.push({ cardId, points: pointsAt(h.estimates.get(cardId), t) ?? 0, done: doneAt(h.changes.get(cardId), t) });
  }
  return cards;
}

const tally = (cards: { points: number }[]): CardTally => ({
  cards: cards.length,
  points: round1(cards.reduce((s, c) => s + c.points, 0)),
});

/**
 * The burn-up series of a cycle: for each day from `from` to `to` (both included), its scope
 * and the completed part of it at the end of that day, or at `cutoff` if that is earlier (today,
 * or the moment the cycle closed).
 */
export function burnSeries(history: CycleHistory, from: string, to: string, cutoff?: Date): BurnPoint[] {
  const h = perCard(history);
  return daysBetween(from, to).map((day) => {
    const end = startOfDay(addDays(day, 1));
    const t = cutoff && cutoff < end ? cutoff : end;
    const cards = scopeAt(h, t);
    const scope = tally(cards);
    const done = tally(cards.filter((c) => c.done));
    return { day, scopeCards: scope.cards, scopePoints: scope.points, doneCards: done.cards, donePoints: done.points };
  });
}

/** The last day a cycle's chart covers: its end, or earlier if it closed (or today is) before that; never before its start. */
export function lastChartDay(cycle: { startsOn: string; endsOn: string }, at: Date): string {
  const day = dayOf(at);
  const last = day < cycle.endsOn ? day : cycle.endsOn;
  return last < cycle.startsOn ? cycle.startsOn : last;
}

/**
 * A cycle's report at `closedAt`, frozen into cycles.report: scope at its start (in it at the
 * end of its first day), scope added after that, scope removed before the close, completed
 * and carried over (in it at the close, done or not), each in cards and points, the burn-up
 * series, and every card that was ever in it with its outcome and its points when it left the
 * cycle's scope (at the close, or when it was taken out).
 * Points are each card's at the moment counted: at the start, when it joined, when it left, at
 * the close. A card re-estimated while in the cycle moved its scope as an added or removed card
 * would: the difference between its points when it left and when it entered (start or join) is
 * in the added points when it grew, in the removed points when it shrank (its cards not counted
 * again). So always `start + added - removed = completed + carried over`, in cards and in points.
 */
export function cycleReport(
  cycle: { startsOn: string; endsOn: string },
  history: CycleHistory,
  cards: Map<string, { number: number; title: string }>,
  closedAt: Date,
): CycleReport {
  const h = perCard(history);
  const firstDayEnd = startOfDay(addDays(cycle.startsOn, 1));
  const atStart = scopeAt(h, firstDayEnd < closedAt ? firstDayEnd : closedAt);
  // A stay ends "at the close" when it is still open then: the close instant itself counts as in.
  const atClose = scopeAt(h, new Date(closedAt.getTime() + 1));
  const startPoints = new Map(atStart.map((c) => [c.cardId, c.points]));
  const closeIds = new Map(atClose.map((c) => [c.cardId, c]));
  const report: CycleReportCard[] = [];
  const added = { cards: 0, points: 0 };
  const removed = { cards: 0, points: 0 };
  for (const [cardId, list] of h.stays) {
    const before = list.filter((s) => s.addedAt.getTime() <= closedAt.getTime()).sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime());
    const inAtStart = startPoints.has(cardId);
    const joinedLater = !inAtStart && before.length > 0;
    if (!inAtStart && !joinedLater) continue;
    const estimates = h.estimates.get(cardId);
    const inAtClose = closeIds.get(cardId);
    // Its points when it entered the scope (the start, or its first join, that instant's changes
    // included) and when it left it (the close, or its last removal).
    const entered = inAtStart ? startPoints.get(cardId)! : (pointsAt(estimates, new Date(before[0]!.addedAt.getTime() + 1)) ?? 0);
    const leftWith = inAtClose
      ? pointsAt(estimates, new Date(closedAt.getTime() + 1))
      : pointsAt(estimates, before.at(-1)!.removedAt ?? closedAt);
    if (joinedLater) {
      added.cards += 1;
      added.points += entered;
    }
    if (!inAtClose) {
      removed.cards += 1;
      removed.points += leftWith ?? 0;
    }
    const reestimated = (leftWith ?? 0) - entered;
    if (reestimated > 0) added.points += reestimated;
    else removed.points -= reestimated;
    const meta = cards.get(cardId);
    report.push({
      id: cardId,
      number: meta?.number ?? 0,
      title: meta?.title ?? "Deleted card",
      points: leftWith,
      added: joinedLater,
      outcome: !inAtClose ? "removed" : inAtClose.done ? "completed" : "carried-over",
    });
  }
  report.sort((a, b) => a.number - b.number);
  return {
    version: 1,
    closedAt: closedAt.toISOString(),
    startsOn: cycle.startsOn,
    endsOn: cycle.endsOn,
    scopeAtStart: tally(atStart),
    scopeAdded: { cards: added.cards, points: round1(added.points) },
    scopeRemoved: { cards: removed.cards, points: round1(removed.points) },
    completed: tally(atClose.filter((c) => c.done)),
    carriedOver: tally(atClose.filter((c) => !c.done)),
    series: burnSeries(history, cycle.startsOn, lastChartDay(cycle, closedAt), closedAt),
    cards: report,
  };
}
