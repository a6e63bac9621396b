import { describe, expect, it } from "vitest";
import { agingWork } from "./aging";
import { agingChart } from "./charts";

const now = new Date("2026-03-20T12:00:00Z");
const columns = [
  { id: "doing", name: "In progress" },
  { id: "review", name: "Review" },
];
const card = (id: string, number: number, columnId: string, startedAt: string) => ({
  id,
  number,
  title: `Card ${id}`,
  columnId,
  startedAt: new Date(startedAt),
});

describe("aging work in progress", () => {
  it("gives each started card its age in days since first started, oldest first, flagged over the 85th percentile", () => {
    const started = [
      card("A", 1, "doing", "2026-03-18T12:00:00Z"), // 2 days
      card("B", 2, "doing", "2026-03-10T00:00:00Z"), // 10.5 days
      card("C", 3, "review", "2026-03-15T12:00:00Z"), // 5 days: exactly the 85th percentile, not over it
      card("D", 4, "elsewhere", "2026-03-01T00:00:00Z"), // not in a started column: left out
    ];
    const cycle = { p50: 2, p85: 5, p95: 9, count: 12 };
    expect(agingWork(columns, started, cycle, now)).toEqual([
      {
        id: "doing",
        name: "In progress",
        cards: [
          { id: "B", number: 2, title: "Card B", ageDays: 10.5, overP85: true },
          { id: "A", number: 1, title: "Card A", ageDays: 2, overP85: false },
        ],
      },
      { id: "review", name: "Review", cards: [{ id: "C", number: 3, title: "Card C", ageDays: 5, overP85: false }] },
    ]);
  });

  it("flags nothing without cycle time percentiles, and keeps empty columns", () => {
    const out = agingWork(columns, [card("A", 1, "doing", "2026-01-01T00:00:00Z")], null, now);
    expect(out[0]!.cards[0]!.overP85).toBe(false);
    expect(out[1]!.cards).toEqual([]);
  });
});

describe("aging work in progress chart", () => {
  const cycle = { p50: 2, p85: 5, p95: 9, count: 12 };
  const aging = agingWork(
    columns,
    [
      card("A", 1, "doing", "2026-03-18T12:00:00Z"),
      card("B", 2, "doing", "2026-03-10T00:00:00Z"),
      card("C", 3, "review", "2026-03-15T12:00:00Z"),
    ],
    cycle,
    now,
  );

  it("draws a lane per column, a dot per card (flagged over the 85th percentile) and the percentile lines", () => {
    const chart = agingChart(aging, cycle);
    expect(chart.summary).toBe("3 cards in progress; 1 older than the 85th percentile cycle time (5 days).");
    expect(chart.xTicks.map((t) => t.label)).toEqual(["In progress", "Review"]);
    expect(chart.dots!.map((d) => [d.label, d.flag])).toEqual([
      ["Card B (#2) in In progress: 10.5 days, older than the 85th percentile", true],
      ["Card A (#1) in In progress: 2 days", false],
      ["Card C (#3) in Review: 5 days", false],
    ]);
    // The y scale runs 0..12 (the oldest card, 10.5, niced) over 252..12: 5 days at y = 152.
    expect(chart.paths.map((p) => [p.key, p.d])).toEqual([
      ["p50", "M40,212H628"],
      ["p85", "M40,152H628"],
      ["p95", "M40,72H628"],
    ]);
    expect(chart.table.rows).toEqual([
      ["#2 Card B", "In progress", 10.5, "Yes"],
      ["#1 Card A", "In progress", 2, "No"],
      ["#3 Card C", "Review", 5, "No"],
    ]);
  });

  it("says when nothing is in progress, or when there is nothing to compare with", () => {
    const none = agingChart(agingWork(columns, [], cycle, now), cycle);
    expect([none.empty, none.summary, none.paths]).toEqual([true, "No cards in progress right now.", []]);
    expect(agingChart(aging, null).summary).toBe("3 cards in progress; not enough finished cards yet to compare their age with.");
  });
});
