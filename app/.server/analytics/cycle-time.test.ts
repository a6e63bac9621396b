import { describe, expect, it } from "vitest";
import { finishedCards, percentile, percentiles, timeStats } from "./cycle-time";
import { timeChart } from "./charts";
import type { FlowTransition } from "./flow";

const t = (cardId: string, from: FlowTransition["fromStateGroup"], to: FlowTransition["toStateGroup"], at: string): FlowTransition => ({
  cardId,
  fromStateGroup: from,
  toStateGroup: to,
  at: new Date(at),
});

// Worked out by hand:
// A: created 2 Mar 09:00, started 3 Mar 09:00, done 5 Mar 21:00 → lead 3.5 days, cycle 2.5 days.
// B: created 2 Mar 00:00, straight to done 4 Mar 00:00 (never started) → lead 2, no cycle time.
// C: created 1 Mar, started 2 Mar, done 3 Mar, reopened 4 Mar, done again 9 Mar → lead 8, cycle 7 (to its last finish).
// D: done 6 Mar, then deleted 7 Mar → left out. E: started, not done → left out.
// F: done 20 Feb, before the range → left out.
const log = [
  t("F", null, "started", "2026-02-18T00:00:00Z"),
  t("F", "started", "completed", "2026-02-20T00:00:00Z"),
  t("C", null, "unstarted", "2026-03-01T00:00:00Z"),
  t("B", null, "unstarted", "2026-03-02T00:00:00Z"),
  t("A", null, "unstarted", "2026-03-02T09:00:00Z"),
  t("C", "unstarted", "started", "2026-03-02T00:00:00Z"),
  t("A", "unstarted", "started", "2026-03-03T09:00:00Z"),
  t("C", "started", "completed", "2026-03-03T00:00:00Z"),
  t("B", "unstarted", "completed", "2026-03-04T00:00:00Z"),
  t("C", "completed", "started", "2026-03-04T00:00:00Z"),
  t("A", "started", "completed", "2026-03-05T21:00:00Z"),
  t("D", null, "started", "2026-03-05T00:00:00Z"),
  t("D", "started", "completed", "2026-03-06T00:00:00Z"),
  t("D", "completed", null, "2026-03-07T00:00:00Z"),
  t("E", null, "started", "2026-03-07T00:00:00Z"),
  t("C", "started", "completed", "2026-03-09T00:00:00Z"),
];

describe("cycle time and lead time from the transition log", () => {
  it("measures each card finished in the range, to its last finish", () => {
    expect(finishedCards(log, "2026-03-01", "2026-03-10")).toEqual([
      { cardId: "B", completedAt: "2026-03-04T00:00:00.000Z", leadDays: 2, cycleDays: null },
      { cardId: "A", completedAt: "2026-03-05T21:00:00.000Z", leadDays: 3.5, cycleDays: 2.5 },
      { cardId: "C", completedAt: "2026-03-09T00:00:00.000Z", leadDays: 8, cycleDays: 7 },
    ]);
  });

  it("reads the log only up to the end of the range", () => {
    // On 8 Mar, C is back in progress: not finished.
    expect(finishedCards(log, "2026-03-01", "2026-03-08").map((c) => c.cardId)).toEqual(["B", "A"]);
    expect(finishedCards(log, "2026-02-01", "2026-02-28").map((c) => [c.cardId, c.leadDays, c.cycleDays])).toEqual([["F", 2, 2]]);
  });

  it("takes percentiles by nearest rank", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect([percentile(twenty, 50), percentile(twenty, 85), percentile(twenty, 95)]).toEqual([10, 17, 19]);
    expect(percentiles([4, 1, 3, 2])).toEqual({ p50: 2, p85: 4, p95: 4, count: 4 });
    expect(percentile([], 50)).toBeNull();
    expect(timeStats(finishedCards(log, "2026-03-01", "2026-03-10"))).toEqual({
      cycle: { p50: 2.5, p85: 7, p95: 7, count: 2 },
      lead: { p50: 3.5, p85: 8, p95: 8, count: 3 },
    });
  });
});

describe("cycle and lead time scatter", () => {
  const range = { from: "2026-03-01", to: "2026-03-10" };
  const finished = finishedCards(log, range.from, range.to).map((c) => ({ ...c, title: `Card ${c.cardId}` }));

  it("puts a dot per measured card and the 50th, 85th and 95th percentile lines", () => {
    const chart = timeChart("cycle", finished, range);
    expect(chart.empty).toBe(false);
    // Ten days across 40..628: 5 Mar 21:00 is 4.875 days in (x = 326.7); 9 Mar is 8 days in (x = 510.4).
    // The y scale is 0..7 (the longest cycle time) over 252..12: 2.5 days at y = 166.3, 7 days at y = 12.
    expect(chart.dots).toEqual([
      { cx: 326.7, cy: 166.3, label: "Card A: 2.5 days, finished Mar 5, 2026" },
      { cx: 510.4, cy: 12, label: "Card C: 7 days, finished Mar 9, 2026" },
    ]);
    expect(chart.paths.map((p) => [p.key, p.d])).toEqual([
      ["p50", "M40,166.3H628"],
      ["p85", "M40,12H628"],
      ["p95", "M40,12H628"],
    ]);
    expect(chart.summary).toBe(
      "2 cards finished; cycle time (from first start to done): half took 2.5 days or less, 85 % took 7 days or less.",
    );
    expect(chart.table).toEqual({
      columns: ["Card", "Finished", "Cycle time (days)"],
      rows: [
        ["Card A", "2026-03-05", 2.5],
        ["Card C", "2026-03-09", 7],
      ],
    });
    expect(timeChart("lead", finished, range).table.rows.map((r) => r[2])).toEqual([2, 3.5, 8]);
  });

  it("says when there is nothing finished to measure", () => {
    const chart = timeChart("lead", [], range);
    expect(chart.empty).toBe(true);
    expect(chart.dots).toEqual([]);
    expect(chart.paths).toEqual([]);
    expect(chart.summary).toMatch(/^Not enough finished cards yet/);
  });
});
