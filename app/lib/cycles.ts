/**
 * Cycles (issue 10), shared by the server (schema, services) and the pages: a cycle's frozen
 * report and the burn-up series it carries. Days are UTC calendar days ("YYYY-MM-DD").
 */

/** Cards and their estimate points, counted together. */
export type CardTally = { cards: number; points: number };

/** One day of a burn-up: the scope and the completed work at the end of that day. */
export type BurnPoint = { day: string; scopeCards: number; scopePoints: number; doneCards: number; donePoints: number };

export type CycleCardOutcome = "completed" | "carried-over" | "removed";

export type CycleReportCard = {
  id: string;
  number: number;
  title: string;
  /** Its points at the close, or when it was taken out (null: not estimated then). */
  points: number | null;
  /** True when the card joined after the cycle's first day. */
  added: boolean;
  outcome: CycleCardOutcome;
};

/** Written once when a cycle closes (cycles.report) and never recomputed. */
export type CycleReport = {
  version: 1;
  closedAt: string;
  startsOn: string;
  endsOn: string;
  /** In the cycle when it started (joined before the end of its first day). */
  scopeAtStart: CardTally;
  /** Cards that joined after the first day and were still in at the close or completed in it; in points, with what re-estimates added. */
  scopeAdded: CardTally;
  /** Cards taken out before the close without being completed in it; in points, with what re-estimates took off. */
  scopeRemoved: CardTally;
  completed: CardTally;
  carriedOver: CardTally;
  series: BurnPoint[];
  cards: CycleReportCard[];
};

export type CycleStatus = "upcoming" | "active" | "ended" | "closed";

export const CYCLE_STATUS_LABELS: Record<CycleStatus, string> = {
  upcoming: "Upcoming",
  active: "Active",
  ended: "Ended, not closed",
  closed: "Closed",
};

/** A card's estimate as the forms accept it: 0 to 999, at most one decimal. */
export const MAX_POINTS = 999;

export function formatPoints(points: number | null | undefined): string {
  if (points === null || points === undefined) return "";
  return Number.isInteger(points) ? String(points) : points.toFixed(1);
}

/** Which way a typed card stands to the open one: it blocks the open card, or the open card blocks it. */
export type DependencyDirection = "blocked-by" | "blocks";

/** A card at the other end of a block; `open`: not in a completed or cancelled column. */
export type DependencyView = { id: string; number: number; title: string; open: boolean };

/** A cycle as a select lists it. */
export type CycleChoice = { id: string; name: string; startsOn: string; endsOn: string; status: CycleStatus };

/**
 * What the board page's loader adds for estimates, dependencies and cycles: each card's
 * points and whether it is blocked (the card faces), and for the open card its blocks, its
 * cycle and the cycles it may join (the card panel).
 */
export type BoardPlanning = {
  points: Record<string, number>;
  blocked: string[];
  card: {
    cardId: string;
    estimate: number | null;
    blockedBy: DependencyView[];
    blocks: DependencyView[];
    cycleId: string | null;
    cycles: CycleChoice[];
    /** "#12 Title" of the project's other cards, suggested in the dependency form. */
    suggestions: string[];
  } | null;
};

/** The status a cycle has on `today` (UTC day). */
export function cycleStatus(cycle: { startsOn: string; endsOn: string; closedAt: string | Date | null }, today: string): CycleStatus {
  if (cycle.closedAt) return "closed";
  if (today < cycle.startsOn) return "upcoming";
  return today > cycle.endsOn ? "ended" : "active";
}
