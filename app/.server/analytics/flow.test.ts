import { describe, expect, it } from "vitest";
import { columnFlow, cumulativeFlow, weeklyThroughput, type FlowTransition } from "./flow";

const t = (cardId: string, from: FlowTransition["fromStateGroup"], to: FlowTransition["toStateGroup"], at: string): FlowTransition => ({
  cardId,
  fromStateGroup: from,
  toStateGroup: to,
  at: new Date(at),
});

// Worked out by hand: A created 2 Mar, started 3 Mar, done 4 Mar; B created 2 Mar, started 5 Mar;
// C created 3 Mar and deleted 4 Mar; D done 9 Mar (the next week), reopened and done again the same week.
const log = [
  t("A", null, "unstarted", "2026-03-02T09:00:00Z"),
  t("B", null, "unstarted", "2026-03-02T10:00:00Z"),
  t("A", "unstarted", "started", "2026-03-03T09:00:00Z"),
  t("C", null, "backlog", "2026-03-03T12:00:00Z"),
  t("A", "started", "completed", "2026-03-04T09:00:00Z"),
  t("C", "backlog", null, "2026-03-04T23:59:59Z"),
  t("B", "unstarted", "started", "2026-03-05T00:00:00Z"),
  t("D", null, "started", "2026-03-06T00:00:00Z"),
  t("D", "started", "completed", "2026-03-09T10:00:00Z"),
  t("D", "completed", "started", "2026-03-10T10:00:00Z"),
  t("D", "started", "completed", "2026-03-11T10:00:00Z"),
];

describe("flow metrics from the transition log", () => {
  it("cumulative flow counts each state group at the end of each day", () => {
    const cfd = cumulativeFlow(log, "2026-03-01", "2026-03-05");
    expect(cfd.map((p) => [p.day, p.backlog, p.unstarted, p.started, p.completed])).toEqual([
      ["2026-03-01", 0, 0, 0, 0],
      ["2026-03-02", 0, 2, 0, 0],
      ["2026-03-03", 1, 1, 1, 0],
      ["2026-03-04", 0, 1, 0, 1],
      ["2026-03-05", 0, 0, 1, 1],
    ]);
  });

  it("cumulative flow in points: each card's estimate as it was at the end of each day", () => {
    // A 3, then 5 on the evening it started; B 2, then 0.5 at the very start of the 5th (so on the
    // 5th, not the 4th); C 1.5, then 4 before it was deleted; D 2 before it was on the board.
    const e = (cardId: string, points: number | null, at: string) => ({ cardId, points, at: new Date(at) });
    const estimates = [
      e("D", 2, "2026-03-01T12:00:00Z"),
      e("A", 3, "2026-03-02T09:30:00Z"),
      e("B", 2, "2026-03-02T11:00:00Z"),
      e("C", 1.5, "2026-03-03T12:30:00Z"),
      e("A", 5, "2026-03-03T20:00:00Z"),
      e("C", 4, "2026-03-04T10:00:00Z"),
      e("B", 0.5, "2026-03-05T00:00:00Z"),
    ];
    const cfd = cumulativeFlow(log, "2026-03-01", "2026-03-06", estimates);
    expect(cfd.map((p) => [p.day, p.backlog, p.unstarted, p.started, p.completed])).toEqual([
      ["2026-03-01", 0, 0, 0, 0],
      ["2026-03-02", 0, 5, 0, 0],
      ["2026-03-03", 1.5, 2, 5, 0],
      ["2026-03-04", 0, 2, 0, 5],
      ["2026-03-05", 0, 0, 0.5, 5],
      ["2026-03-06", 0, 0, 2.5, 5],
    ]);
  });

  it("weekly throughput counts cards entering a completed column, once per card and week", () => {
    expect(weeklyThroughput(log, "2026-03-01", "2026-03-15")).toEqual([
      { week: "2026-02-23", completed: 0 },
      { week: "2026-03-02", completed: 1 },
      { week: "2026-03-09", completed: 1 },
    ]);
  });
});

describe("cumulative flow by column", () => {
  it("counts the cards in each column at the end of each day; a deleted card or a removed column drops out", () => {
    const moves = [
      { cardId: "A", toColumnId: "todo", at: new Date("2026-03-02T09:00:00Z") },
      { cardId: "B", toColumnId: "todo", at: new Date("2026-03-02T10:00:00Z") },
      { cardId: "A", toColumnId: "doing", at: new Date("2026-03-03T09:00:00Z") },
      { cardId: "C", toColumnId: "gone", at: new Date("2026-03-03T10:00:00Z") },
      { cardId: "B", toColumnId: null, at: new Date("2026-03-04T09:00:00Z") },
      { cardId: "A", toColumnId: "done", at: new Date("2026-03-04T10:00:00Z") },
    ];
    expect(columnFlow(moves, ["todo", "doing", "done"], "2026-03-01", "2026-03-04")).toEqual([
      { day: "2026-03-01", counts: [0, 0, 0] },
      { day: "2026-03-02", counts: [2, 0, 0] },
      { day: "2026-03-03", counts: [1, 1, 0] },
      { day: "2026-03-04", counts: [0, 0, 1] },
    ]);
  });
});
