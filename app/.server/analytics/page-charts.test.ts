import { describe, expect, it } from "vitest";
import type { Chart, ChartDot } from "~/lib/analytics-charts";
import { forPage, mergeDots, PAGE_DOTS_MAX, PAGE_TABLE_ROWS_MAX } from "./page-charts";

const chart = (over: Partial<Chart>): Chart => ({
  id: "cycle",
  title: "Cycle time",
  summary: "",
  width: 640,
  height: 280,
  plot: { left: 40, top: 12, right: 628, bottom: 252 },
  paths: [],
  bars: [],
  xTicks: [],
  yTicks: [],
  legend: [],
  table: { columns: ["Card", "Finished", "Cycle time (days)"], rows: [] },
  empty: false,
  ...over,
});

/** How many cards a dot stands for: "N cards: …" or one. */
const cardsOf = (d: ChartDot) => Number(/^(\d+) cards: /.exec(d.label)?.[1] ?? 1);

describe("charts as the page draws them", () => {
  it("a small chart is drawn as it is", () => {
    const small = chart({
      dots: [
        { cx: 50, cy: 50, label: "A: 1 days" },
        { cx: 50, cy: 50, label: "B: 1 days" },
      ],
      table: { columns: ["Card"], rows: [["A"], ["B"]] },
    });
    expect(forPage(small)).toBe(small);
  });

  it("6,000 dots become at most PAGE_DOTS_MAX, each card counted once, flags kept; the table keeps the latest rows and says so", () => {
    const dots: ChartDot[] = Array.from({ length: 6000 }, (_, i) => ({
      cx: 40 + ((i * 7919) % 588),
      cy: 12 + ((i * 104729) % 240),
      label: `Card ${i}: ${i % 30} days, finished Nov 1, 2026`,
      ...(i === 4321 ? { flag: true } : {}),
    }));
    const rows = dots.map((_, i) => [`Card ${i}`, "2026-11-01", i % 30]);
    const page = forPage(chart({ dots, table: { columns: ["Card", "Finished", "Cycle time (days)"], rows } }));
    expect(page.dots!.length).toBeLessThanOrEqual(PAGE_DOTS_MAX);
    expect(page.dots!.reduce((s, d) => s + cardsOf(d), 0)).toBe(6000);
    expect(page.dots!.filter((d) => d.flag)).toHaveLength(1);
    expect(page.dots!.find((d) => cardsOf(d) > 3)!.label).toMatch(
      /^\d+ cards: Card \d+: \d+ days, finished Nov 1, 2026; .*; and \d+ more$/,
    );
    expect(page.table.rows).toHaveLength(PAGE_TABLE_ROWS_MAX);
    expect(page.table.rows[0]![0]).toBe(`Card ${6000 - PAGE_TABLE_ROWS_MAX}`);
    expect(page.table.rows.at(-1)![0]).toBe("Card 5999");
    expect(page.table.note).toBe("The 150 most recently finished of 6,000 rows; the CSV download has them all.");
  });

  it("aging work keeps its oldest cards; a time series keeps every row", () => {
    const rows = Array.from({ length: 400 }, (_, i) => [`#${i}`, "Doing", (i * 37) % 400, "No"]);
    const aging = forPage(chart({ id: "aging", dots: [], table: { columns: ["Card", "Column", "Age (days)", "Older"], rows } }));
    expect(aging.table.rows).toHaveLength(PAGE_TABLE_ROWS_MAX);
    expect(aging.table.rows[0]![2]).toBe(399);
    expect(Math.min(...aging.table.rows.map((r) => Number(r[2])))).toBe(400 - PAGE_TABLE_ROWS_MAX);
    const days = Array.from({ length: 731 }, (_, i) => [`day ${i}`, i]);
    const series = chart({ id: "cfd", rowX: days.map((_, i) => i), table: { columns: ["Day", "Done"], rows: days } });
    expect(forPage(series)).toBe(series);
  });

  it("merging stops at the first grid that is small enough, and a dot alone keeps its own label", () => {
    const merged = mergeDots(
      [
        { cx: 10, cy: 10, label: "A: 1 days" },
        { cx: 10.2, cy: 10.1, label: "B: 2 days" },
        { cx: 300, cy: 100, label: "C: 3 days" },
      ],
      2,
    );
    expect(merged).toEqual([
      { cx: 10.1, cy: 10.1, label: "2 cards: A: 1 days; B: 2 days" },
      { cx: 300, cy: 100, label: "C: 3 days" },
    ]);
  });
});
