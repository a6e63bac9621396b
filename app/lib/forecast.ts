/**
 * Forecasts as the server computes them (app/.server/analytics/forecast.ts) and the page
 * shows them: a Monte Carlo simulation over recent weekly throughput.
 */

/** The weekly throughput the simulation drew from: how many complete weeks, from when to when. */
export type ForecastHistory = { weeks: number; from: string | null; to: string | null; perWeek: number[] };

/** "When will the remaining N cards be done": the dates by which 50, 85 and 95 % of the runs finished. */
export type CompletionForecast =
  | { status: "no-work"; remaining: 0; history: ForecastHistory }
  | { status: "not-enough-history" | "no-throughput"; remaining: number; history: ForecastHistory; message: string }
  | {
      status: "ok";
      remaining: number;
      history: ForecastHistory;
      runs: number;
      /** Calendar days (UTC, `YYYY-MM-DD`), or "never" when that share of runs did not finish within ten years. */
      p50: string;
      p85: string;
      p95: string;
    };

/** "How likely is this cycle to finish on time": the share of runs done by the end date. */
export type OnTimeForecast =
  | { status: "not-enough-history" | "no-throughput"; remaining: number; endsOn: string; history: ForecastHistory; message: string }
  | { status: "ok"; remaining: number; endsOn: string; history: ForecastHistory; runs: number; probability: number };
