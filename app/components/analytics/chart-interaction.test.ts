import { describe, expect, it } from "vitest";
import type { Chart } from "~/lib/analytics-charts";
import { chartMarks, pickedRange } from "./chart-interaction";

const base: Chart = {
  id: "cfd",
  title: "Cumulative flow",
  summary: "",
  width: 640,
  height: 280,
  plot: { left: 40, top: 12, right: 628, bottom: 252 },
  paths: [],
  bars: [],
  xTicks: [],
  yTicks: [],
  legend: [],
  table: { columns: [], rows: [] },
  empty: false,
};

/** Five days at x = 40, 187, 334, 481, 628. */
const series: Chart = {
  ...base,
  table: {
    columns: ["Day", "Backlog", "Completed"],
    rows: [
      ["2026-03-01", 1, 0],
      ["2026-03-02", 2, 0],
      ["2026-03-03", 2, 1],
      ["2026-03-04", 1, 2],
      ["2026-03-05", 0, 3],
    ],
  },
  rowX: [40, 187, 334, 481, 628],
  select: "day",
};

describe("the charts' tooltips and range selection (what the browser works out)", () => {
  it("a time series' points are its table rows: the day, then each column's value", () => {
    const marks = chartMarks(series);
    expect(marks).toHaveLength(5);
    expect(marks[2]).toEqual({ x: 334, y: null, title: "Mar 3, 2026", lines: ["Backlog: 2", "Completed: 1"] });
    expect(chartMarks({ ...series, empty: true })).toEqual([]);
  });

  it("a scatter's points are its dots, left to right; bars are points at their middle", () => {
    const scatter: Chart = {
      ...base,
      id: "cycle",
      dots: [
        { cx: 300, cy: 100, label: "Beta: 2 days, finished Mar 4, 2026" },
        { cx: 100, cy: 50, label: "Alpha: 5 days, finished Mar 2, 2026" },
      ],
    };
    expect(chartMarks(scatter).map((m) => [m.x, m.y, m.title, m.lines])).toEqual([
      [100, 50, "Alpha", ["5 days, finished Mar 2, 2026"]],
      [300, 100, "Beta", ["2 days, finished Mar 4, 2026"]],
    ]);
    const bars: Chart = { ...base, id: "priority", bars: [{ x: 50, y: 20, width: 40, height: 200, label: "High: 3 cards" }] };
    expect(chartMarks(bars)).toEqual([{ x: 70, y: 20, title: "High", lines: ["3 cards"] }]);
  });

  it("a drag picks the days it covers; between two days, the nearest; weeks end on their Sunday", () => {
    expect(pickedRange(series, 150, 500)).toEqual({ from: "2026-03-02", to: "2026-03-04" });
    expect(pickedRange(series, 500, 150)).toEqual({ from: "2026-03-02", to: "2026-03-04" });
    expect(pickedRange(series, 200, 230)).toEqual({ from: "2026-03-02", to: "2026-03-02" });
    expect(pickedRange({ ...series, select: undefined }, 150, 500)).toBeNull();
    const weeks: Chart = {
      ...base,
      id: "throughput",
      table: {
        columns: ["Week starting", "Cards finished"],
        rows: [
          ["2026-03-02", 1],
          ["2026-03-09", 4],
        ],
      },
      rowX: [100, 400],
      select: "week",
    };
    expect(chartMarks(weeks)[1]!.title).toBe("Week of Mar 9, 2026");
    expect(pickedRange(weeks, 50, 450)).toEqual({ from: "2026-03-02", to: "2026-03-15" });
  });
});
