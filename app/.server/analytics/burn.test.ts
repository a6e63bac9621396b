import { describe, expect, it } from "vitest";
import { burnSeries, cycleReport, type CycleHistory, type StateChange, type Stay } from "./burn";
import { burndownChart, burnupChart } from "./burn-charts";
import { chartCsv } from "./charts";

/**
 * A five-day cycle worked out by hand (Mon 2 to Fri 6 March 2026, UTC):
 *   A (3 points) and B (2) and D (1) join before it starts (estimated the day before, with C (5));
 *   D is taken out on Tuesday at noon;
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
  { cardId: "A", addedAt: t("1T10:00:00"), removedAt: null },
  { cardId: "B", addedAt: t("1T10:00:00"), removedAt: null },
  { cardId: "D", addedAt: t("1T10:00:00"), removedAt: t("3T12:00:00") },
  { cardId: "C", addedAt: t("4T09:00:00"), removedAt: null },
];
const estimated = (cardId: string, points: number | null, at: string) => ({ cardId, points, at: t(at) });
const estimates = [
  estimated("A", 3, "1T08:00:00"),
  estimated("B", 2, "1T08:00:00"),
  estimated("C", 5, "1T08:00:00"),
  estimated("D", 1, "1T08:00:00"),
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
const history: CycleHistory = { stays, changes, estimates };

describe("burn-up from membership history", () => {
  it("added scope is a step on the day it was added, and removed scope leaves on its day", () => {
    const series = burnSeries(history, "2026-03-02", "2026-03-06", t("6T18:00:00"));
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
    const series = burnSeries({ ...history, changes: back }, "2026-03-05", "2026-03-06");
    expect(series.map((p) => p.doneCards)).toEqual([2, 1]);
  });

  it("the report at the close: scope at start, added, removed, completed, carried over and the series", () => {
    const report = cycleReport(cycle, history, cards, t("6T18:00:00"));
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

  /*
   * The same cycle with estimates changed during it: B 2 → 4 on Wednesday at noon (not done),
   * C 5 → 3 on Thursday at 15:00 (after it was done), and D 1 → 9 on Thursday at 09:00 (after it
   * was taken out). End of each day:  scope (cards/points)   done (cards/points)
   *   Mon 2             3 / 6   (as before)     0 / 0
   *   Tue 3             2 / 5   (B still 2)     1 / 3
   *   Wed 4             3 / 12  (A 3, B 4, C 5) 1 / 3
   *   Thu 5             3 / 10  (C now 3)       2 / 6  (A, C)
   *   Fri 6 (18:00)     3 / 10                  2 / 6
   * Report: at start 3 / 6; added 1 card, 7 points (C joined at 5, B grew by 2); removed 1 card,
   * 3 points (D left at 1, C shrank by 2; D's later 9 is not the cycle's); completed 2 / 6;
   * carried over 1 / 4 (B). 6 + 7 - 3 = 6 + 4. Each card's points are those it left with.
   */
  const reestimated: CycleHistory = {
    stays,
    changes,
    estimates: [...estimates, estimated("B", 4, "4T12:00:00"), estimated("C", 3, "5T15:00:00"), estimated("D", 9, "5T09:00:00")],
  };

  it("a re-estimate is a step on its day: the days before keep the points they had", () => {
    const series = burnSeries(reestimated, "2026-03-02", "2026-03-06", t("6T18:00:00"));
    expect(series.map((p) => [p.day, p.scopeCards, p.scopePoints, p.doneCards, p.donePoints])).toEqual([
      ["2026-03-02", 3, 6, 0, 0],
      ["2026-03-03", 2, 5, 1, 3],
      ["2026-03-04", 3, 12, 1, 3],
      ["2026-03-05", 3, 10, 2, 6],
      ["2026-03-06", 3, 10, 2, 6],
    ]);
  });

  it("the report counts each card's points when it entered and left the scope; re-estimates are added or removed points", () => {
    const report = cycleReport(cycle, reestimated, cards, t("6T18:00:00"));
    expect(report).toMatchObject({
      scopeAtStart: { cards: 3, points: 6 },
      scopeAdded: { cards: 1, points: 7 },
      scopeRemoved: { cards: 1, points: 3 },
      completed: { cards: 2, points: 6 },
      carriedOver: { cards: 1, points: 4 },
    });
    expect(report.cards.map((c) => [c.id, c.points, c.outcome])).toEqual([
      ["A", 3, "completed"],
      ["B", 4, "carried-over"],
      ["C", 3, "completed"],
      ["D", 1, "removed"],
    ]);
    expect(report.series.map((p) => p.scopePoints)).toEqual([6, 5, 12, 10, 10]);
  });

  it("a card estimated only after it joined counts from its estimate on", () => {
    const late: CycleHistory = {
      stays,
      changes,
      estimates: estimates.filter((e) => e.cardId !== "C").concat(estimated("C", 5, "5T08:00:00")),
    };
    expect(burnSeries(late, "2026-03-04", "2026-03-05").map((p) => p.scopePoints)).toEqual([5, 10]);
    const report = cycleReport(cycle, late, cards, t("6T18:00:00"));
    expect([report.scopeAdded, report.cards.find((c) => c.id === "C")!.points]).toEqual([{ cards: 1, points: 5 }, 5]);
  });

  it("a cycle closed early charts only up to the close", () => {
    const report = cycleReport(cycle, history, cards, t("3T20:00:00"));
    expect(report.series.map((p) => p.day)).toEqual(["2026-03-02", "2026-03-03"]);
    expect(report.completed).toEqual({ cards: 1, points: 3 });
    expect(report.carriedOver).toEqual({ cards: 1, points: 2 });
  });
});

describe("burn-up and burndown charts", () => {
  const series = burnSeries(history, "2026-03-02", "2026-03-06", t("6T18:00:00"));
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
    const chart = burnupChart(burnSeries({ stays: [], changes: [], estimates: [] }, "2026-03-02", "2026-03-03"), window);
    expect(chart.empty).toBe(true);
    expect(chart.summary).toBe("No cards in Sprint 9 yet.");
  });
});
