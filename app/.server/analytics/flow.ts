import { STATE_GROUPS, type StateGroup } from "~/lib/board";
import type { CfdPoint, ThroughputWeek } from "~/lib/analytics";
import { addDays, DAY_MS, daysBetween, startOfDay, weekStart } from "./days";
import { estimateReplay, type EstimateChange } from "./estimate-history";

const WEEK_MS = 7 * DAY_MS;

/**
 * Flow metrics computed from the transition log alone (pure functions; the log is read by
 * ./reports.ts). A transition: the card, where it went (null: deleted), its state group, when.
 */
export type FlowTransition = { cardId: string; toStateGroup: StateGroup | null; fromStateGroup: StateGroup | null; at: Date };

/**
 * Cumulative flow: for each day of [from, to], the cards in each state group at the end of the
 * day; with `estimates` (a project's estimate changes), the sum of the cards' points instead, each
 * card's as it was at the end of that day (the burn-up in points).
 */
export function cumulativeFlow(log: FlowTransition[], from: string, to: string, estimates?: readonly EstimateChange[]): CfdPoint[] {
  const sorted = [...log].sort((a, b) => a.at.getTime() - b.at.getTime());
  const where = new Map<string, StateGroup>();
  const count = Object.fromEntries(STATE_GROUPS.map((g) => [g, 0])) as Record<StateGroup, number>;
  // Each group's points in tenths, kept up as cards move and are re-estimated (never recounted
  // per day): whole numbers, so the sums are exact.
  const tenths = Object.fromEntries(STATE_GROUPS.map((g) => [g, 0])) as Record<StateGroup, number>;
  const points = estimates ? estimateReplay(estimates) : null;
  const out: CfdPoint[] = [];
  let i = 0;
  for (const day of daysBetween(from, to)) {
    const end = startOfDay(addDays(day, 1)).getTime();
    while (i < sorted.length && sorted[i]!.at.getTime() < end) {
      const t = sorted[i++]!;
      const before = where.get(t.cardId);
      const weight = points?.tenthsOf(t.cardId) ?? 0;
      if (before) {
        count[before] -= 1;
        tenths[before] -= weight;
      }
      if (t.toStateGroup) {
        where.set(t.cardId, t.toStateGroup);
        count[t.toStateGroup] += 1;
        tenths[t.toStateGroup] += weight;
      } else where.delete(t.cardId);
    }
    // The day's re-estimates move the sum of the group each card is in at its end.
    points?.advance(end, (cardId, was, now) => {
      const g = where.get(cardId);
      if (g) tenths[g] += now - was;
    });
    const point = { day } as CfdPoint;
    for (const g of STATE_GROUPS) point[g] = points ? tenths[g] / 10 : count[g];
    out.push(point);
  }
  return out;
}

/**
 * Throughput: per (UTC, Monday-first) week touching [from, to], the cards that entered a
 * completed column from elsewhere that week (a card completed twice in one week counts once).
 */
export function weeklyThroughput(log: FlowTransition[], from: string, to: string): ThroughputWeek[] {
  const weeks = new Map<string, Set<string>>();
  for (let w = weekStart(from); w <= to; w = addDays(w, 7)) weeks.set(w, new Set());
  const lo = startOfDay(from).getTime();
  const hi = startOfDay(addDays(to, 1)).getTime();
  const mondays = [...weeks.keys()];
  if (mondays.length === 0) return [];
  const first = startOfDay(mondays[0]!).getTime();
  for (const t of log) {
    const ms = t.at.getTime();
    if (ms < lo || ms >= hi || t.toStateGroup !== "completed" || t.fromStateGroup === "completed") continue;
    // The week's Monday from the whole weeks since `lo`'s (no date text per transition).
    const monday = mondays[Math.floor((ms - first) / WEEK_MS)];
    if (monday) weeks.get(monday)?.add(t.cardId);
  }
  return [...weeks].map(([week, cards]) => ({ week, completed: cards.size }));
}

/** Cumulative flow by column: for each day of [from, to], the cards in each of `columnIds` at the end of the day. */
export function columnFlow(
  log: { cardId: string; toColumnId: string | null; at: Date }[],
  columnIds: string[],
  from: string,
  to: string,
): { day: string; counts: number[] }[] {
  const sorted = [...log].sort((a, b) => a.at.getTime() - b.at.getTime());
  const where = new Map<string, string>();
  // Each column's count, kept as the log is replayed.
  const index = new Map(columnIds.map((id, k) => [id, k]));
  const count = columnIds.map(() => 0);
  const out: { day: string; counts: number[] }[] = [];
  let i = 0;
  for (const day of daysBetween(from, to)) {
    const end = startOfDay(addDays(day, 1)).getTime();
    while (i < sorted.length && sorted[i]!.at.getTime() < end) {
      const t = sorted[i++]!;
      const before = index.get(where.get(t.cardId) ?? "");
      if (before !== undefined) count[before]! -= 1;
      if (t.toColumnId) {
        where.set(t.cardId, t.toColumnId);
        const k = index.get(t.toColumnId);
        if (k !== undefined) count[k]! += 1;
      } else where.delete(t.cardId);
    }
    out.push({ day, counts: [...count] });
  }
  return out;
}
