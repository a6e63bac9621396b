/**
 * Estimate history (issue 10, decision 022): each change of a card's estimate is a row of
 * card_estimate_changes (migration 0200, written by setEstimate), so a past day's points are the
 * estimates as they were at the end of that day, not today's. Pure functions over those rows
 * (./log.ts reads them). A change counts from the instant after it is made, as a transition does
 * (./flow.ts): at the end of a day, the changes made before midnight.
 */
export type EstimateChange = { cardId: string; points: number | null; at: Date };

/** The last of `rows` (in time order) made before `t`: what was in effect at `t`. */
export function lastBefore<T extends { at: Date }>(rows: readonly T[] | undefined, t: Date): T | undefined {
  const ms = t.getTime();
  let last: T | undefined;
  for (const r of rows ?? []) {
    if (r.at.getTime() >= ms) break;
    last = r;
  }
  return last;
}

/**
 * A card's points at instant `t`: those of its last change before `t` (null: not estimated then).
 * `changes` are that card's, in time order.
 */
export function pointsAt(changes: readonly EstimateChange[] | undefined, t: Date): number | null {
  return lastBefore(changes, t)?.points ?? null;
}

/**
 * Every card's points as time goes forward, for the replays that walk the days in order (the
 * cumulative flow, the daily snapshots): each change is applied once, so the cost is linear in
 * the changes. Points are kept in tenths (estimates have at most one decimal), whole numbers, so
 * sums kept up as cards come, go and are re-estimated stay exact.
 */
export type EstimateReplay = {
  /** Applies the changes made before `end` (ms since the epoch); `changed` hears each, with the card's tenths before and after. */
  advance(end: number, changed?: (cardId: string, before: number, after: number) => void): void;
  /** The card's points where the replay has got to, in tenths (0: not estimated). */
  tenthsOf(cardId: string): number;
};

export function estimateReplay(rows: readonly EstimateChange[]): EstimateReplay {
  const changes = [...rows].sort((a, b) => a.at.getTime() - b.at.getTime());
  const tenths = new Map<string, number>();
  let next = 0;
  const tenthsOf = (cardId: string) => tenths.get(cardId) ?? 0;
  return {
    tenthsOf,
    advance(end, changed) {
      while (next < changes.length && changes[next]!.at.getTime() < end) {
        const c = changes[next++]!;
        const before = tenthsOf(c.cardId);
        const after = c.points === null ? 0 : Math.round(c.points * 10);
        tenths.set(c.cardId, after);
        if (changed && after !== before) changed(c.cardId, before, after);
      }
    },
  };
}
