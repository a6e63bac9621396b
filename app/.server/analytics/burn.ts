import type { BurnPoint, CardTally, CycleReport, CycleReportCard } from "~/lib/cycles";
import type { StateGroup } from "~/lib/board";
import { addDays, daysBetween, dayOf, startOfDay } from "./days";

/**
 * Burn-up from history (issue 10): a cycle's scope on each day is rebuilt from its membership
 * rows (cycle_cards), and whether a card was done from the transition log, so scope added in
 * the middle of a cycle is a step on the day it was added and never rewrites the days before.
 * Pure functions: the services read the rows (../cycles/) and pass them in.
 */

/** One stay of a card in the cycle. */
export type Stay = { cardId: string; addedAt: Date; removedAt: Date | null; points: number | null };
/** One transition of a card (its state group after it), in time order. */
export type StateChange = { cardId: string; toStateGroup: StateGroup | null; at: Date };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The stay that holds the card at `t` (added before it, not yet removed), if any. */
function stayAt(stays: Stay[], t: Date): Stay | undefined {
  const ms = t.getTime();
  return stays.find((s) => s.addedAt.getTime() < ms && (s.removedAt === null || s.removedAt.getTime() >= ms));
}

/** Whether the card's last transition before `t` put it in a completed column. */
function doneAt(changes: StateChange[] | undefined, t: Date): boolean {
  let group: StateGroup | null = null;
  const ms = t.getTime();
  for (const c of changes ?? []) {
    if (c.at.getTime() >= ms) break;
    group = c.toStateGroup;
  }
  return group === "completed";
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

/** The cycle at instant `t`: which cards are in it (with their points) and which of them are done. */
function scopeAt(stays: Map<string, Stay[]>, changes: Map<string, StateChange[]>, t: Date) {
  const cards: { cardId: string; points: number; done: boolean }[] = [];
  for (const [cardId, list] of stays) {
    const stay = stayAt(list, t);
    if (stay) cards.push({ cardId, points: stay.points ?? 0, done: doneAt(changes.get(cardId), t) });
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
export function burnSeries(stayRows: Stay[], changeRows: StateChange[], from: string, to: string, cutoff?: Date): BurnPoint[] {
  const stays = group(stayRows);
  const changes = group([...changeRows].sort((a, b) => a.at.getTime() - b.at.getTime()));
  return daysBetween(from, to).map((day) => {
    const end = startOfDay(addDays(day, 1));
    const t = cutoff && cutoff < end ? cutoff : end;
    const cards = scopeAt(stays, changes, t);
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
 * series, and every card that was ever in it with its outcome.
 * Always `start + added - removed = completed + carried over`.
 */
export function cycleReport(
  cycle: { startsOn: string; endsOn: string },
  stayRows: Stay[],
  changeRows: StateChange[],
  cards: Map<string, { number: number; title: string }>,
  closedAt: Date,
): CycleReport {
  const stays = group(stayRows);
  const changes = group([...changeRows].sort((a, b) => a.at.getTime() - b.at.getTime()));
  const firstDayEnd = startOfDay(addDays(cycle.startsOn, 1));
  const atStart = scopeAt(stays, changes, firstDayEnd < closedAt ? firstDayEnd : closedAt);
  // A stay ends "at the close" when it is still open then: the close instant itself counts as in.
  const atClose = scopeAt(stays, changes, new Date(closedAt.getTime() + 1));
  const startIds = new Set(atStart.map((c) => c.cardId));
  const closeIds = new Map(atClose.map((c) => [c.cardId, c]));
  const report: CycleReportCard[] = [];
  const added: { points: number }[] = [];
  const removed: { points: number }[] = [];
  for (const [cardId, list] of stays) {
    const joinedLater = !startIds.has(cardId) && list.some((s) => s.addedAt.getTime() <= closedAt.getTime());
    if (!startIds.has(cardId) && !joinedLater) continue;
    const last = [...list].sort((a, b) => b.addedAt.getTime() - a.addedAt.getTime())[0]!;
    const points = closeIds.get(cardId)?.points ?? last.points ?? 0;
    if (joinedLater) added.push({ points });
    const inAtClose = closeIds.get(cardId);
    if (!inAtClose) removed.push({ points });
    const meta = cards.get(cardId);
    report.push({
      id: cardId,
      number: meta?.number ?? 0,
      title: meta?.title ?? "Deleted card",
      points: inAtClose ? inAtClose.points : (last.points ?? null),
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
    scopeAdded: tally(added),
    scopeRemoved: tally(removed),
    completed: tally(atClose.filter((c) => c.done)),
    carriedOver: tally(atClose.filter((c) => !c.done)),
    series: burnSeries(stayRows, changeRows, cycle.startsOn, lastChartDay(cycle, closedAt), closedAt),
    cards: report,
  };
}
