import { describe, expect, it } from "vitest";
import type { CfdPoint } from "~/lib/analytics";
import { chartCsv, throughputChart } from "./charts";
import { distributionChart, histogramBuckets, histogramChart, linearTrend, wipChart, withThroughputTrend } from "./breakdown-charts";
import { finishedCards } from "./cycle-time";
import { cumulativeFlow, weeklyThroughput, type FlowTransition } from "./flow";

const t = (cardId: string, from: FlowTransition["fromStateGroup"], to: FlowTransition["toStateGroup"], at: string): FlowTransition => ({
  cardId,
  fromStateGroup: from,
  toStateGroup: to,
  at: new Date(`${at}T12:00:00Z`),
});

// Worked out by hand, 2 to 8 March 2026:
// A: created 2nd, started 2nd, done 3rd → cycle 1 day, lead 1 day.
// B: created 2nd, started 3rd, done 6th → cycle 3, lead 4.
// C: created 2nd, started 4th, done 5th → cycle 1, lead 3.
// D: created 3rd, started 5th, still in progress.
// In progress at the end of each day: 2nd: A; 3rd: B; 4th: B, C; 5th: B, D; 6th: D; 7th: D; 8th: D.
const log = [
  t("A", null, "unstarted", "2026-03-02"),
  t("B", null, "unstarted", "2026-03-02"),
  t("C", null, "unstarted", "2026-03-02"),
  t("A", "unstarted", "started", "2026-03-02"),
  t("D", null, "unstarted", "2026-03-03"),
  t("A", "started", "completed", "2026-03-03"),
  t("B", "unstarted", "started", "2026-03-03"),
  t("C", "unstarted", "started", "2026-03-04"),
  t("D", "unstarted", "started", "2026-03-05"),
  t("C", "started", "completed", "2026-03-05"),
  t("B", "started", "completed", "2026-03-06"),
];
const range = { from: "2026-03-02", to: "2026-03-08" };

describe("histograms of cycle and lead time", () => {
  const finished = finishedCards(log, range.from, range.to).map((c) => ({ ...c, title: c.cardId }));

  it("counts finished cards per whole day", () => {
    const cycle = histogramChart("cycle", finished);
    // Cycle times 1, 3, 1 → 0–1: 0, 1–2: 2, 2–3: 0, 3–4: 1.
    expect(cycle.table.rows).toEqual([
      ["0 to under 1 days", 0],
      ["1 to under 2 days", 2],
      ["2 to under 3 days", 0],
      ["3 to under 4 days", 1],
    ]);
    expect(cycle.summary).toBe("3 finished cards; the most common cycle time was 1 to under 2 days (2 cards).");
    expect(cycle.bars).toHaveLength(4);
    expect(cycle.bars[1]!.label).toBe("1 to under 2 days: 2 cards");
    // Lead times 1, 4, 3.
    expect(histogramChart("lead", finished).table.rows.map((r) => r[1])).toEqual([0, 1, 0, 1, 1]);
    expect(chartCsv(cycle)).toBe(
      "Days,Cards\r\n0 to under 1 days,0\r\n1 to under 2 days,2\r\n2 to under 3 days,0\r\n3 to under 4 days,1\r\n",
    );
  });

  it("widens the buckets past 20 days, and says when nothing finished", () => {
    expect(histogramBuckets([0.5, 45])).toEqual([
      { from: 0, to: 3, count: 1 },
      ...Array.from({ length: 14 }, (_, i) => ({ from: (i + 1) * 3, to: (i + 2) * 3, count: 0 })),
      { from: 45, to: 48, count: 1 },
    ]);
    const none = histogramChart("cycle", []);
    expect(none.empty).toBe(true);
    expect(none.summary).toMatch(/^Not enough finished cards yet/);
  });
});

describe("work in progress over time", () => {
  it("is the started cards at the end of each day", () => {
    const chart = wipChart(cumulativeFlow(log, range.from, range.to), range);
    expect(chart.table.rows).toEqual([
      ["2026-03-02", 1],
      ["2026-03-03", 1],
      ["2026-03-04", 2],
      ["2026-03-05", 2],
      ["2026-03-06", 1],
      ["2026-03-07", 1],
      ["2026-03-08", 1],
    ]);
    // Mean 9 / 7 = 1.29.
    expect(chart.summary).toBe("On Mar 8, 2026: 1 card in progress; 1.3 a day on average, at most 2.");
    expect(chart.paths).toHaveLength(1);
    const quiet: CfdPoint[] = [{ day: "2026-03-02", backlog: 1, unstarted: 0, started: 0, completed: 0, cancelled: 0 }];
    expect(wipChart(quiet, { from: "2026-03-02", to: "2026-03-02" })).toMatchObject({ empty: true, paths: [] });
  });
});

describe("throughput trend", () => {
  it("fits a least-squares line through the weeks", () => {
    expect(linearTrend([1, 2, 3])).toEqual({ slope: 1, intercept: 1 });
    expect(linearTrend([2, 0, 4, 2])).toEqual({ slope: 0.4, intercept: 1.4 });
    expect(linearTrend([5])).toBeNull();
    const weeks = weeklyThroughput(log, "2026-02-23", range.to);
    expect(weeks).toEqual([
      { week: "2026-02-23", completed: 0 },
      { week: "2026-03-02", completed: 3 },
    ]);
    const chart = withThroughputTrend(throughputChart(weeks, { from: "2026-02-23", to: range.to }), weeks);
    expect(chart.legend.at(-1)).toEqual({ key: "trend", label: "Trend: rising by 3 a week, each week" });
    expect(chart.paths.map((p) => p.key)).toEqual(["average", "trend"]);
    // The table (and so the CSV) is unchanged.
    expect(chart.table.rows).toEqual([
      ["2026-02-23", 0],
      ["2026-03-02", 3],
    ]);
  });
});

describe("distribution of open cards", () => {
  const dist = {
    open: 3,
    assignee: [
      { key: "u1", name: "Ann", count: 2 },
      { key: "none", name: "Unassigned", count: 1 },
    ],
    label: [{ key: "none", name: "No label", count: 3 }],
    priority: [
      { key: "urgent", name: "Urgent", count: 1 },
      { key: "high", name: "High", count: 0 },
      { key: "medium", name: "Medium", count: 0 },
      { key: "low", name: "Low", count: 0 },
      { key: "none", name: "No priority", count: 2 },
    ],
  };
  it("draws a bar per assignee, label or priority with its table", () => {
    const chart = distributionChart("assignee", dist);
    expect(chart.summary).toBe("3 open cards; the most by assignee: Ann (2 cards).");
    expect(chart.table).toEqual({
      columns: ["Assignee", "Open cards"],
      rows: [
        ["Ann", 2],
        ["Unassigned", 1],
      ],
    });
    expect(chart.bars.map((b) => b.label)).toEqual(["Ann: 2 cards", "Unassigned: 1 card"]);
    expect(distributionChart("priority", dist).table.rows[0]).toEqual(["Urgent", 1]);
    expect(distributionChart("label", { ...dist, open: 0, label: [] })).toMatchObject({ empty: true, summary: "No open cards." });
  });
});
