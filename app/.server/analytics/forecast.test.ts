import { describe, expect, it } from "vitest";
import { forecastCompletion, forecastOnTime, historyOf, historySentence, historyWeeks, seededRandom, simulateWeeks } from "./forecast";

// Four complete weeks before Wednesday 25 Nov 2026 (the week of Monday 23 Nov is not complete).
const now = new Date("2026-11-25T12:00:00Z");
const weeks = (perWeek: number[]) =>
  historyOf(perWeek.map((completed, i) => ({ week: ["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"][i]!, completed })));

describe("forecast by Monte Carlo over weekly throughput", () => {
  it("draws the same numbers from the same seed", () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("a steady 5 cards a week finishes 10 cards in exactly two weeks, every run", () => {
    const f = forecastCompletion(10, weeks([5, 5, 5, 5]), now);
    // 25 Nov 12:00 + 14 days = 9 Dec.
    expect(f).toMatchObject({ status: "ok", remaining: 10, runs: 10_000, p50: "2026-12-09", p85: "2026-12-09", p95: "2026-12-09" });
  });

  it("with varied weeks, the dates stay within what the fastest and slowest weeks allow, and are ordered", () => {
    // Hand bounds: 12 cards at 8 a week (fastest) takes 1.5 weeks, at 2 a week (slowest) 6 weeks.
    const history = weeks([2, 4, 6, 8]);
    const f = forecastCompletion(12, history, now, { seed: 42 });
    expect(f.status).toBe("ok");
    if (f.status !== "ok") return;
    expect(f.p50 <= f.p85 && f.p85 <= f.p95).toBe(true);
    expect(f.p50 >= "2026-12-05").toBe(true); // now + 1.5 weeks = 5 Dec 24:00
    expect(f.p95 <= "2027-01-06").toBe(true); // now + 6 weeks
    // Mean 5 a week: the median run needs about 12 / 5 = 2.4 weeks (about 10 to 12 Dec).
    expect(f.p50 >= "2026-12-09" && f.p50 <= "2026-12-13").toBe(true);
    // Fixed seed: the same answer every time.
    expect(forecastCompletion(12, history, now, { seed: 42 })).toEqual(f);
    expect(simulateWeeks(12, [2, 4, 6, 8], 10_000, 42)).toHaveLength(10_000);
  });

  it("the chance of finishing a cycle on time", () => {
    const history = weeks([5, 5, 5, 5]);
    // 10 cards, two weeks needed; ends 13 Dec (end of day): on time in every run.
    expect(forecastOnTime(10, "2026-12-13", history, now)).toMatchObject({ status: "ok", probability: 1 });
    // Ends 5 Dec: not enough time in any run.
    expect(forecastOnTime(10, "2026-12-05", history, now)).toMatchObject({ status: "ok", probability: 0 });
    // Varied: somewhere between, and the same with the same seed.
    const varied = forecastOnTime(12, "2026-12-10", weeks([2, 4, 6, 8]), now, { seed: 1 });
    expect(varied.status === "ok" && varied.probability > 0.2 && varied.probability < 0.8).toBe(true);
    expect(forecastOnTime(0, "2026-12-01", history, now)).toMatchObject({ probability: 1 });
  });

  it("with fewer than three weeks of history it says so instead of guessing", () => {
    const f = forecastCompletion(10, weeks([5, 5]), now);
    expect(f).toMatchObject({
      status: "not-enough-history",
      message: "Not enough history to forecast: 2 complete weeks of throughput so far, and a forecast needs at least 3.",
    });
    expect(forecastOnTime(10, "2026-12-31", weeks([5]), now).status).toBe("not-enough-history");
    expect(forecastCompletion(10, weeks([0, 0, 0]), now)).toMatchObject({ status: "no-throughput" });
    expect(forecastCompletion(0, weeks([1, 1, 1]), now)).toMatchObject({ status: "no-work" });
  });

  it("uses the complete weeks since the project began, at most twelve, and says how much history it used", () => {
    expect(historyWeeks(new Date("2026-11-10T00:00:00Z"), now)).toEqual(["2026-11-09", "2026-11-16"]);
    expect(historyWeeks(new Date("2026-11-24T00:00:00Z"), now)).toEqual([]);
    expect(historyWeeks(new Date("2020-01-01T00:00:00Z"), now)).toHaveLength(12);
    expect(historySentence(weeks([2, 4, 6, 8]))).toBe(
      "Based on 4 complete weeks of throughput (weeks starting Oct 26, 2026 to Nov 16, 2026): 20 cards finished, 5 a week on average.",
    );
  });
});
