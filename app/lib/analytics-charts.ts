/**
 * A chart as plain data: everything the page needs to draw it as SVG and as a table, worked
 * out on the server (app/.server/analytics/charts.ts) so no charting code reaches the browser.
 */
export type ChartId = "cfd" | "cfd-column" | "throughput" | "cycle" | "lead" | "aging" | "burnup" | "burndown";

/** The charts of app/.server/analytics/breakdown-charts.ts (histograms, work in progress, distributions). */
export type MoreChartId = "cycle-histogram" | "lead-histogram" | "wip" | "assignee" | "label" | "priority";

/** A filled area (cumulative flow) or a line (throughput's average); `key` picks its colour. */
export type ChartPath = { key: string; label: string; d: string; kind: "area" | "line" };
/** A point of a scatter (cycle and lead time, aging): one card; `flag`: drawn as needing attention. */
export type ChartDot = { cx: number; cy: number; label: string; flag?: boolean };
export type ChartBar = { x: number; y: number; width: number; height: number; label: string };
export type ChartTick = { at: number; label: string };
/** `note`: said beside a table the page shortened (its CSV has every row). */
export type ChartTable = { columns: string[]; rows: (string | number)[][]; note?: string };

export type Chart = {
  id: ChartId | MoreChartId;
  title: string;
  /** One sentence a reader takes away. */
  summary: string;
  /** Geometry in the SVG's own units (viewBox `0 0 width height`). */
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  paths: ChartPath[];
  bars: ChartBar[];
  dots?: ChartDot[];
  xTicks: ChartTick[];
  yTicks: ChartTick[];
  /** Legend entries, in drawing order (key: colour, label). */
  legend: { key: string; label: string }[];
  table: ChartTable;
  /** True when the range holds nothing to draw. */
  empty: boolean;
  /** What the empty chart says (default: "No data in this range"). */
  emptyText?: string;
  /**
   * Time series: where each row of `table` sits on the x axis (SVG units), for the tooltips
   * that JavaScript adds (./chart-interaction in components/analytics). Scatters and bars
   * use their dots' and bars' own labels instead.
   */
  rowX?: number[];
  /**
   * The x axis is the page's date range: dragging across it (with JavaScript) picks a new one.
   * Each row's first cell is its day ("day") or the Monday of its week ("week").
   */
  select?: "day" | "week";
};
