import { and, eq, gte, lt, min, sql } from "drizzle-orm";
import type { CompletionForecast, ForecastHistory, OnTimeForecast } from "~/lib/forecast";
import { formatDay } from "~/lib/dates";
import { rowsOf, schema, type Db } from "../db";
import { oncePerRequest } from "../http/request-scope";
import { addDays, DAY_MS, dayOf, startOfDay, weekStart } from "./days";
import { plural } from "~/lib/plural";

/**
 * Forecasts by Monte Carlo simulation over recent weekly throughput (pure functions, plus one
 * read of the history): each run draws past weeks at random (with replacement) until the
 * remaining cards are done; the spread of the runs' finish times answers "when" (50/85/95 %)
 * and "how likely by this date". The random numbers are seeded, so one history and one seed
 * always give the same answer (tests, and a page that does not change on reload).
 *
 * History: the complete (UTC, Monday-first) weeks before the current one, at most
 * HISTORY_WEEKS, none before the project's first transition. Fewer than MIN_WEEKS: no guess.
 */
export const FORECAST_RUNS = 10_000;
export const HISTORY_WEEKS = 12;
export const MIN_WEEKS = 3;
const DEFAULT_SEED = 20_261_125;
/** A run that needs more weeks than this never finishes (a throughput of almost nothing). */
const MAX_WEEKS = 520;

/** mulberry32: a small, fast 32-bit generator; plenty for sampling weeks. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The history as a forecast reports it: its weeks, the first and last week's Monday. */
export function historyOf(weeks: { week: string; completed: number }[]): ForecastHistory {
  return {
    weeks: weeks.length,
    from: weeks[0]?.week ?? null,
    to: weeks.at(-1)?.week ?? null,
    perWeek: weeks.map((w) => w.completed),
  };
}

/** The complete weeks to draw from (their Mondays), given when the project began and `now` (the current week is not complete). */
export function historyWeeks(firstActivity: Date | null, now: Date, maxWeeks = HISTORY_WEEKS): string[] {
  if (!firstActivity) return [];
  const thisWeek = weekStart(dayOf(now));
  const first = weekStart(dayOf(firstActivity));
  const out: string[] = [];
  for (let w = addDays(thisWeek, -7); w >= first && out.length < maxWeeks; w = addDays(w, -7)) out.unshift(w);
  return out;
}

/**
 * A project's recent weekly throughput (cards that entered a completed column from elsewhere,
 * once per card and week). Read once per request (the page's forecast and its insights both
 * ask): it covers only complete weeks, which a request's own writes, made now, cannot change.
 */
export function throughputHistory(
  tx: Db,
  scope: { workspaceId: string; projectId: string },
  now: Date,
  maxWeeks = HISTORY_WEEKS,
): Promise<ForecastHistory> {
  const key = `throughput-history:${scope.workspaceId}:${scope.projectId}:${weekStart(dayOf(now))}:${maxWeeks}`;
  return oncePerRequest(key, () => readThroughputHistory(tx, scope, now, maxWeeks));
}

async function readThroughputHistory(
  tx: Db,
  scope: { workspaceId: string; projectId: string },
  now: Date,
  maxWeeks: number,
): Promise<ForecastHistory> {
  const t = schema.cardTransitions;
  const where = and(eq(t.workspaceId, scope.workspaceId), eq(t.projectId, scope.projectId));
  const [{ first }] = (await tx
    .select({ first: min(t.at) })
    .from(t)
    .where(where)) as [{ first: Date | string | null }];
  const weeks = historyWeeks(first ? new Date(first) : null, now, maxWeeks);
  if (weeks.length === 0) return historyOf([]);
  // Distinct (week, card) rows first, then counted per week: a hash, not a sort per group, and
  // to_char once per week rather than once per row.
  const rows = rowsOf<{ week: string; n: number }>(
    await tx.execute(sql`
      select to_char(w, 'YYYY-MM-DD') as week, count(*)::int as n from (
        select distinct date_trunc('week', ${t.at} at time zone 'UTC') as w, ${t.cardId}
        from ${t}
        where ${and(
          where,
          eq(t.toStateGroup, "completed"),
          sql`${t.fromStateGroup} is distinct from 'completed'`,
          gte(t.at, startOfDay(weeks[0]!)),
          lt(t.at, startOfDay(addDays(weeks.at(-1)!, 7))),
        )}
      ) x group by w`),
  ).map((r) => ({ week: r.week, n: Number(r.n) }));
  const byWeek = new Map(rows.map((r) => [r.week, r.n]));
  return historyOf(weeks.map((week) => ({ week, completed: byWeek.get(week) ?? 0 })));
}

/** Why there is no forecast, or null when there can be one. */
function refusal(history: ForecastHistory): { status: "not-enough-history" | "no-throughput"; message: string } | null {
  if (history.weeks < MIN_WEEKS)
    return {
      status: "not-enough-history",
      message: `Not enough history to forecast: ${plural(history.weeks, "complete week")} of throughput so far, and a forecast needs at least ${MIN_WEEKS}.`,
    };
  if (history.perWeek.every((n) => n === 0))
    return {
      status: "no-throughput",
      message: `No cards were finished in the last ${plural(history.weeks, "week")}, so there is no pace to forecast from.`,
    };
  return null;
}

/**
 * Each run's time to finish `remaining` cards, in weeks (fractional: the last week counts the
 * share of its throughput needed), sorted ascending; Infinity when a run never finishes.
 */
export function simulateWeeks(remaining: number, perWeek: number[], runs = FORECAST_RUNS, seed = DEFAULT_SEED): Float64Array {
  const rng = seededRandom(seed);
  const out = new Float64Array(runs);
  const n = perWeek.length;
  for (let r = 0; r < runs; r++) {
    let done = 0;
    let weeks = Infinity;
    for (let w = 0; w < MAX_WEEKS; w++) {
      const s = perWeek[Math.floor(rng() * n)]!;
      if (s > 0 && done + s >= remaining) {
        weeks = w + (remaining - done) / s;
        break;
      }
      done += s;
    }
    out[r] = weeks;
  }
  return out.sort();
}

/** The p-th percentile of sorted values by nearest rank. */
const rank = (sorted: Float64Array, p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The calendar day `weeks` weeks after `now` ("never" for a run that did not finish). */
const dayAfter = (now: Date, weeks: number) => (Number.isFinite(weeks) ? dayOf(new Date(now.getTime() + weeks * 7 * DAY_MS)) : "never");

/** "When will the remaining N cards be done": the 50 %, 85 % and 95 % dates. */
export function forecastCompletion(
  remaining: number,
  history: ForecastHistory,
  now: Date,
  opts: { runs?: number; seed?: number } = {},
): CompletionForecast {
  if (remaining <= 0) return { status: "no-work", remaining: 0, history };
  const no = refusal(history);
  if (no) return { ...no, remaining, history };
  const runs = opts.runs ?? FORECAST_RUNS;
  const sorted = simulateWeeks(remaining, history.perWeek, runs, opts.seed);
  return {
    status: "ok",
    remaining,
    history,
    runs,
    p50: dayAfter(now, rank(sorted, 50)),
    p85: dayAfter(now, rank(sorted, 85)),
    p95: dayAfter(now, rank(sorted, 95)),
  };
}

/** "How likely is this cycle to finish on time": the share of runs that finish by the end of `endsOn` (UTC). */
export function forecastOnTime(
  remaining: number,
  endsOn: string,
  history: ForecastHistory,
  now: Date,
  opts: { runs?: number; seed?: number } = {},
): OnTimeForecast {
  const runs = opts.runs ?? FORECAST_RUNS;
  if (remaining <= 0) return { status: "ok", remaining: 0, endsOn, history, runs, probability: 1 };
  const no = refusal(history);
  if (no) return { ...no, remaining, endsOn, history };
  const weeksLeft = (startOfDay(addDays(endsOn, 1)).getTime() - now.getTime()) / (7 * DAY_MS);
  if (weeksLeft <= 0) return { status: "ok", remaining, endsOn, history, runs, probability: 0 };
  const sorted = simulateWeeks(remaining, history.perWeek, runs, opts.seed);
  let onTime = 0;
  while (onTime < sorted.length && sorted[onTime]! <= weeksLeft) onTime++;
  return { status: "ok", remaining, endsOn, history, runs, probability: onTime / runs };
}

/** One sentence on how much history a forecast used. */
export function historySentence(history: ForecastHistory): string {
  if (!history.from || !history.to) return "No complete week of history yet.";
  const total = history.perWeek.reduce((a, b) => a + b, 0);
  const mean = Math.round((total / history.weeks) * 10) / 10;
  return `Based on ${plural(history.weeks, "complete week")} of throughput (weeks starting ${formatDay(history.from)} to ${formatDay(history.to)}): ${plural(total, "card")} finished, ${mean} a week on average.`;
}
