import { describe, expect, it } from "vitest";
import type { CfdPoint } from "~/lib/analytics";
import { cfdChart, chartCsv, columnCfdChart, throughputChart } from "./charts";

const point = (day: string, g: Partial<Omit<CfdPoint, "day">>): CfdPoint => ({
  day,
  backlog: 0,
  unstarted: 0,
  started: 0,
  completed: 0,
  cancelled: 0,
  ...g,
});

describe("cumulative flow chart", () => {
  const range = { from: "2026-03-01", to: "2026-03-03" };
  const points = [
    point("2026-03-01", { unstarted: 2 }),
    point("2026-03-02", { unstarted: 1, started: 1 }),
    point("2026-03-03", { started: 1, completed: 1 }),
  ];

  it("stacks the state groups over the range on a 0..2 scale (plot 40..628 by 12..252)", () => {
    const chart = cfdChart(points, range);
    expect(chart.empty).toBe(false);
    expect(chart.paths.map((p) => p.key)).toEqual(["completed", "started", "unstarted", "backlog"]);
    expect(chart.legend.map((l) => l.label)).toEqual(["Backlog", "Not started", "In progress", "Completed"]);
    expect(chart.yTicks.map((t) => [t.label, t.at])).toEqual([
      ["0", 252],
      ["1", 132],
      ["2", 12],
    ]);
    // Completed: nothing, nothing, then one card on the last day (x = 628).
    expect(chart.paths[0]!.d).toBe("M40,252L334,252L628,132L628,252L334,252L40,252Z");
    // Not started sits on completed + in progress: 0..2, 1..2, 2..2.
    expect(chart.paths[2]!.d).toBe("M40,12L334,12L628,12L628,12L334,132L40,252Z");
    expect(chart.summary).toBe("On Mar 3, 2026: 1 completed, 1 in progress, 0 not started and 0 in the backlog.");
    expect(chart.table.columns).toEqual(["Day", "Backlog", "Not started", "In progress", "Completed", "Cancelled"]);
    expect(chart.table.rows[1]).toEqual(["2026-03-02", 0, 1, 1, 0, 0]);
  });

  it("shows cancelled work only when there is some", () => {
    const chart = cfdChart([...points.slice(0, 2), point("2026-03-03", { cancelled: 1 })], range);
    expect(chart.paths[0]!.key).toBe("cancelled");
  });

  it("draws nothing for an empty range and says so", () => {
    const chart = cfdChart([point("2026-03-01", {}), point("2026-03-02", {})], { from: "2026-03-01", to: "2026-03-02" });
    expect(chart.empty).toBe(true);
    expect(chart.paths).toEqual([]);
    expect(chart.summary).toBe("No cards on this board between Mar 1, 2026 and Mar 2, 2026.");
    expect(chart.yTicks.map((t) => t.label)).toEqual(["0", "1"]);
  });
});

describe("weekly throughput chart", () => {
  const range = { from: "2026-03-02", to: "2026-03-29" };
  const weeks = [
    { week: "2026-03-02", completed: 2 },
    { week: "2026-03-09", completed: 0 },
    { week: "2026-03-16", completed: 4 },
    { week: "2026-03-23", completed: 2 },
  ];

  it("draws a bar per week and the average line, and sums it up", () => {
    const chart = throughputChart(weeks, range);
    expect(chart.summary).toBe("8 cards finished in 4 weeks, 2 a week on average.");
    expect(chart.bars).toHaveLength(4);
    // y: 0..4 onto 252..12, 60 units a card; band step 588/4.25 = 138.4, padding 25 %.
    expect(chart.bars[2]).toMatchObject({ y: 12, height: 240, label: "Week of Mar 16: 4 cards" });
    expect(chart.bars[1]).toMatchObject({ height: 0 });
    expect(chart.bars[0]!.x).toBeCloseTo(40 + 138.35 * 0.25, 0);
    expect(chart.bars[0]!.width).toBeCloseTo(103.8, 0);
    expect(chart.paths).toEqual([{ key: "average", label: "Average: 2 a week", kind: "line", d: "M40,132L628,132" }]);
    expect(chart.xTicks.map((t) => t.label)).toEqual(["Mar 2", "Mar 9", "Mar 16", "Mar 23"]);
    expect(chart.table.rows).toEqual(weeks.map((w) => [w.week, w.completed]));
  });

  it("says when nothing finished, with no average line", () => {
    const chart = throughputChart(
      weeks.map((w) => ({ ...w, completed: 0 })),
      range,
    );
    expect(chart.empty).toBe(true);
    expect(chart.paths).toEqual([]);
    expect(chart.summary).toBe("No cards finished between Mar 2, 2026 and Mar 29, 2026.");
  });

  it("thins the week labels on a long range", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ week: `2026-01-${String(i + 1).padStart(2, "0")}`, completed: 1 }));
    expect(throughputChart(many, range).xTicks).toHaveLength(7);
  });
});

describe("chart CSV", () => {
  it("writes the table with a header and CRLF lines", () => {
    const chart = throughputChart([{ week: "2026-03-02", completed: 3 }], { from: "2026-03-02", to: "2026-03-08" });
    expect(chartCsv(chart)).toBe("Week starting,Cards finished\r\n2026-03-02,3\r\n");
  });
});

describe("cumulative flow by column chart", () => {
  it("stacks the columns with the last (done) at the bottom, coloured by board index", () => {
    const columns = [
      { id: "a", name: "To do" },
      { id: "b", name: "Done" },
    ];
    const points = [
      { day: "2026-03-01", counts: [2, 0] },
      { day: "2026-03-02", counts: [1, 1] },
    ];
    const chart = columnCfdChart(columns, points, { from: "2026-03-01", to: "2026-03-02" });
    expect(chart.paths.map((p) => [p.key, p.label])).toEqual([
      ["col1", "Done"],
      ["col0", "To do"],
    ]);
    // Done: 0 then 1 on a 0..2 scale (252..12).
    expect(chart.paths[0]!.d).toBe("M40,252L628,132L628,252L40,252Z");
    expect(chart.summary).toBe("On Mar 2, 2026: 1 in To do, 1 in Done.");
    expect(chart.table).toEqual({
      columns: ["Day", "To do", "Done"],
      rows: [
        ["2026-03-01", 2, 0],
        ["2026-03-02", 1, 1],
      ],
    });
    expect(columnCfdChart(columns, [{ day: "2026-03-01", counts: [0, 0] }], { from: "2026-03-01", to: "2026-03-01" }).empty).toBe(true);
  });
});
