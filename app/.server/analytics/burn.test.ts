import { describe, expect, it } from "vitest";
import { burnSeries, cycleReport, type StateChange, type Stay } from "./burn";
import { burndownChart, burnupChart } from "./burn-charts";
import { chartCsv } from "./charts";

/**
 * A five-day cycle worked out by hand (Mon 2 to Fri 6 March 2026, UTC):
 *   A (3 points) and B (2) and D (1) join before it starts; D is taken out on Tuesday at noon;
 *   C (5) joins on Wednesday morning (scope added mid-cycle);
 *   A is done on Tuesday afternoon, C on Thursday morning; B never finishes.
 *   The cycle closes on Friday at 18:00.
 * End of each day:  scope (cards/points)   done (cards/points)
 *   Mon 2             3 / 6                   0 / 0
 *   Tue 3             2 / 5  (D out)          1 / 3  (A)
 *   Wed 4             3 / 10 (C in)           1 / 3
 *   Thu 5             3 / 10                  2 / 8  (A, C)
 *   Fri 6 (18:00)     3 / 10                  2 / 8
 * Report: at start 3 cards / 6 points (A, B, D); added 1 / 5 (C); removed 1 / 1 (D);
 * completed 2 / 8 (A, C); carried over 1 / 2 (B). 3 + 1 - 1 = 2 + 1.
 */
const t = (s: string) => new Date(`2026-03-0${s}Z`);
const stays: Stay[] = [
  { cardId: "A", addedAt: t("1T10:00:00"), removedAt: null, points: 3 },
  { cardId: "B", addedAt: t("1T10:00:00"), removedAt: null, points: 2 },
  { cardId: "D", addedAt: t("1T10:00:00"), removedAt: t("3T12:00:00"), points: 1 },
  { cardId: "C", addedAt: t("4T09:00:00"), removedAt: null, points: 5 },
];
const changes: StateChange[] = [
  { cardId: "A", toStateGroup: "unstarted", at: t("1T09:00:00") },
  { cardId: "B", toStateGroup: "unstarted", at: t("1T09:00:00") },
  { cardId: "C", toStateGroup: "unstarted", at: t("1T09:00:00") },
  { cardId: "D", toStateGroup: "unstarted", at: t("1T09:00:00") },
  { cardId: "A", toStateGroup: "started", at: t("2T10:00:00") },
  { cardId: "A", toStateGroup: "completed", at: t("3T15:00:00") },
  { cardId: "B", toStateGroup: "started", at: t("3T10:00:00") },
  { cardId: "C", toStateGroup: "completed", at: t("5T11:00:00") },
];
const cycle = { startsOn: "2026-03-02", endsOn: "2026-03-06" };
const cards = new Map(["A", "B", "C", "D"].map((id, i) => [id, { number: i + 1, title: `Card ${id}` }]));

describe("burn-up from membership history", () => {
  it("added scope is a step on the day it was added, and removed scope leaves on its day", () => {
    const series = burnSeries(stays, changes, "2026-03-02", "2026-03-06", t("6T18:00:00"));
    expect(series.map((p) => [p.day, p.scopeCards, p.scopePoints, p.doneCards, p.donePoints])).toEqual([
      ["2026-03-02", 3, 6, 0, 0],
      ["2026-03-03", 2, 5, 1, 3],
      ["2026-03-04", 3, 10, 1, 3],
      ["2026-03-05", 3, 10, 2, 8],
      ["2026-03-06", 3, 10, 2, 8],
    ]);
  });

  it("a card completed and then moved back is not done from then on", () => {
    const back: StateChange[] = [...changes, { cardId: "C", toStateGroup: "started", at: t("6T09:00:00") }];
    const series = burnSeries(stays, back, "2026-03-05", "2026-03-06");
    expect(series.map((p) => p.doneCards)).toEqual([2, 1]);
  });

  it("the report at the close: scope at start, added, removed, completed, carried over and the series", () => {
    const report = cycleReport(cycle, stays, changes, cards, t("6T18:00:00"));
    expect(report).toMatchObject({
      scopeAtStart: { cards: 3, points: 6 },
      scopeAdded: { cards: 1, points: 5 },
      scopeRemoved: { cards: 1, points: 1 },
      completed: { cards: 2, points: 8 },
      carriedOver: { cards: 1, points: 2 },
      closedAt: "2026-03-06T18:00:00.000Z",
    });
    expect(report.series).toHaveLength(5);
    expect(report.series.at(-1)).toEqual({ day: "2026-03-06", scopeCards: 3, scopePoints: 10, doneCards: 2, donePoints: 8 });
    expect(report.cards.map((c) => [c.number, c.outcome, c.added])).toEqual([
      [1, "completed", false],
      [2, "carried-over", false],
      [3, "completed", true],
      [4, "removed", false],
    ]);
  });

  it("a cycle closed early charts only up to the close", () => {
    const report = cycleReport(cycle, stays, changes, cards, t("3T20:00:00"));
    expect(report.series.map((p) => p.day)).toEqual(["2026-03-02", "2026-03-03"]);
    expect(report.completed).toEqual({ cards: 1, points: 3 });
    expect(report.carriedOver).toEqual({ cards: 1, points: 2 });
  });
});

describe("burn-up and burndown charts", () => {
  const series = burnSeries(stays, changes, "2026-03-02", "2026-03-06", t("6T18:00:00"));
  const window = { from: "2026-03-02", to: "2026-03-06", name: "Sprint 9" };

  it("burn-up: scope as steps (Wednesday's added card is a step on Wednesday), done over it, the ideal line, a table", () => {
    const chart = burnupChart(series, window);
    expect(chart.title).toBe("Burn-up: Sprint 9");
    expect(chart.summary).toBe("By Mar 6, 2026: 8 points done of 10 points; the scope went from 6 points on Mar 2, 2026 to 10 points.");
    expect(chart.paths.map((p) => [p.key, p.kind])).toEqual([
      ["scope", "area"],
      ["done", "area"],
      ["ideal", "line"],
    ]);
    // A step area: the scope's top edge is flat within a day and jumps at the day's start.
    expect(chart.paths[0]!.d).toMatch(/^M/);
    expect(chart.table.rows[2]).toEqual(["2026-03-04", 3, 1, 10, 3]);
    expect(chartCsv(chart).split("\r\n")[0]).toBe("Day,Scope (cards),Done (cards),Scope (points),Done (points)");
  });

  it("burndown: what is left each day against the ideal from the first day's scope to nothing", () => {
    const chart = burndownChart(series, window);
    expect(chart.table.rows).toEqual([
      ["2026-03-02", 6, 4.8],
      ["2026-03-03", 2, 3.6],
      ["2026-03-04", 7, 2.4],
      ["2026-03-05", 2, 1.2],
      ["2026-03-06", 2, 0],
    ]);
    expect(chart.summary).toBe("2 points left at the end of Mar 6, 2026; the ideal line has 0 points left by then.");
  });

  it("an empty cycle says so", () => {
    const chart = burnupChart(burnSeries([], [], "2026-03-02", "2026-03-03"), window);
    expect(chart.empty).toBe(true);
    expect(chart.summary).toBe("No cards in Sprint 9 yet.");
  });
});
