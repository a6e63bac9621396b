import type { FinishedCard, Percentiles } from "~/lib/analytics";
import { addDays, DAY_MS, startOfDay } from "./days";
import type { FlowTransition } from "./flow";

/**
 * Cycle time and lead time from the transition log (pure functions; the log is read by
 * ./reports.ts). A card counts as finished in [from, to] when, at the end of `to`, it sits in
 * a completed column it entered (from elsewhere) during the range:
 *  - lead time: from its creation (its first transition) to that last entry into completed;
 *  - cycle time: from its first entry into a started column to the same moment (none when it
 *    was never started: it went straight from not started to done).
 * A card reopened and finished again is measured to its last finish; a deleted card is left out.
 */
type CardHistory = { created: number; started: number | null; completed: number | null; deleted: boolean };

/** A duration in days, to one decimal. */
export const durationDays = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10;

export function finishedCards(log: FlowTransition[], from: string, to: string): Omit<FinishedCard, "title">[] {
  const sorted = [...log].sort((a, b) => a.at.getTime() - b.at.getTime());
  const lo = startOfDay(from).getTime();
  const hi = startOfDay(addDays(to, 1)).getTime();
  const cards = new Map<string, CardHistory>();
  for (const t of sorted) {
    const at = t.at.getTime();
    if (at >= hi) break;
    let h = cards.get(t.cardId);
    if (!h) cards.set(t.cardId, (h = { created: at, started: null, completed: null, deleted: false }));
    h.deleted = t.toStateGroup === null;
    if (t.toStateGroup === "started" && h.started === null) h.started = at;
    if (t.toStateGroup === "completed") {
      if (t.fromStateGroup !== "completed") h.completed = at;
    } else h.completed = null;
  }
  const out: Omit<FinishedCard, "title">[] = [];
  for (const [cardId, h] of cards) {
    if (h.deleted || h.completed === null || h.completed < lo) continue;
    out.push({
      cardId,
      completedAt: new Date(h.completed).toISOString(),
      leadDays: durationDays(h.completed - h.created),
      cycleDays: h.started === null ? null : durationDays(h.completed - h.started),
    });
  }
  return out.sort((a, b) => a.completedAt.localeCompare(b.completedAt) || a.cardId.localeCompare(b.cardId));
}

/** The p-th percentile of values sorted ascending, by nearest rank. */
const atRank = (sorted: ArrayLike<number>, p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The p-th percentile by nearest rank: the smallest value with at least p % of the values at or below it. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  return atRank(Float64Array.from(values).sort(), p);
}

/** The 50th, 85th and 95th percentiles, from one sort (a typed array's: numeric, without a comparison callback). */
export function percentiles(values: number[]): Percentiles | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return { p50: atRank(sorted, 50), p85: atRank(sorted, 85), p95: atRank(sorted, 95), count: values.length };
}

/** Cycle and lead time percentiles of the finished cards (null: none to measure). */
export function timeStats(finished: Omit<FinishedCard, "title">[]): { cycle: Percentiles | null; lead: Percentiles | null } {
  return {
    cycle: percentiles(finished.flatMap((c) => (c.cycleDays === null ? [] : [c.cycleDays]))),
    lead: percentiles(finished.map((c) => c.leadDays)),
  };
}
