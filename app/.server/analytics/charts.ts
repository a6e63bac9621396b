import { scaleBand, scaleLinear, scaleUtc } from "d3-scale";
import { area, line, stack, type SeriesPoint } from "d3-shape";
import type { CfdPoint, ThroughputWeek } from "~/lib/analytics";
import type { Chart, ChartTick } from "~/lib/analytics-charts";
import { STATE_GROUP_LABELS, STATE_GROUPS, type StateGroup } from "~/lib/board";
import { formatDay, formatMonthDay } from "~/lib/dates";
import { startOfDay } from "./days";

/**
 * The analytics charts' geometry, drawn here with d3-scale and d3-shape so the page gets
 * plain paths, ticks and labels (d3 never ships to the browser), plus each chart's summary
 * and data table. Pure functions of the flow data (./flow.ts).
 */
const WIDTH = 640;
const HEIGHT = 280;
const PLOT = { left: 40, top: 12, right: WIDTH - 12, bottom: HEIGHT - 28 };

/** Bottom to top: finished work settles at the bottom, the backlog rides on top. */
const CFD_ORDER: StateGroup[] = ["cancelled", "completed", "started", "unstarted", "backlog"];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const round1 = (n: number) => Math.round(n * 10) / 10;

function yTicks(max: number): { scale: (n: number) => number; ticks: ChartTick[] } {
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice(5)
    .range([PLOT.bottom, PLOT.top]);
  const ticks = y
    .ticks(5)
    .filter((t) => Number.isInteger(t))
    .map((t) => ({ at: round1(y(t)), label: String(t) }));
  return { scale: (n) => y(n), ticks };
}

/** Cumulative flow: one stacked area per state group (cancelled only when some card was). */
export function cfdChart(points: CfdPoint[], range: { from: string; to: string }): Chart {
  const keys = CFD_ORDER.filter((g) => g !== "cancelled" || points.some((p) => p.cancelled > 0));
  const totals = points.map((p) => keys.reduce((s, k) => s + p[k], 0));
  const empty = totals.every((t) => t === 0);
  const x = scaleUtc()
    .domain([startOfDay(range.from), startOfDay(range.to)])
    .range([PLOT.left, PLOT.right]);
  const { scale: y, ticks } = yTicks(Math.max(0, ...totals));
  const layers = stack<CfdPoint, StateGroup>().keys(keys)(points);
  const shape = area<SeriesPoint<CfdPoint>>()
    .x((d) => x(startOfDay(d.data.day)))
    .y0((d) => y(d[0]))
    .y1((d) => y(d[1]))
    .digits(1);
  const last = points.at(-1);
  const summary =
    empty || !last
      ? `No cards on this board between ${formatDay(range.from)} and ${formatDay(range.to)}.`
      : `On ${formatDay(last.day)}: ${last.completed} completed, ${last.started} in progress, ${last.unstarted} not started and ${last.backlog} in the backlog.`;
  return {
    id: "cfd",
    title: "Cumulative flow",
    summary,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: empty
      ? []
      : layers.map((layer) => ({ key: layer.key, label: STATE_GROUP_LABELS[layer.key], kind: "area" as const, d: shape(layer) ?? "" })),
    bars: [],
    xTicks: x.ticks(6).map((t) => ({ at: round1(x(t)), label: formatMonthDay(t) })),
    yTicks: ticks,
    legend: [...keys].reverse().map((k) => ({ key: k, label: STATE_GROUP_LABELS[k] })),
    table: {
      columns: ["Day", ...STATE_GROUPS.map((g) => STATE_GROUP_LABELS[g])],
      rows: points.map((p) => [p.day, ...STATE_GROUPS.map((g) => p[g])]),
    },
    empty,
  };
}

/** Weekly throughput: a bar per week, and a dashed line at the weekly average. */
export function throughputChart(weeks: ThroughputWeek[], range: { from: string; to: string }): Chart {
  const total = weeks.reduce((s, w) => s + w.completed, 0);
  const mean = weeks.length ? total / weeks.length : 0;
  const empty = total === 0;
  const x = scaleBand<string>()
    .domain(weeks.map((w) => w.week))
    .range([PLOT.left, PLOT.right])
    .padding(0.25);
  const { scale: y, ticks } = yTicks(Math.max(0, ...weeks.map((w) => w.completed)));
  const average = line<number>()
    .x((d) => d)
    .y(() => y(mean))
    .digits(1);
  // A label every few weeks, so long ranges stay readable on a phone.
  const every = Math.max(1, Math.ceil(weeks.length / 8));
  const summary = empty
    ? `No cards finished between ${formatDay(range.from)} and ${formatDay(range.to)}.`
    : `${plural(total, "card")} finished in ${plural(weeks.length, "week")}, ${round1(mean)} a week on average.`;
  return {
    id: "throughput",
    title: "Weekly throughput",
    summary,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: empty
      ? []
      : [{ key: "average", label: `Average: ${round1(mean)} a week`, kind: "line", d: average([PLOT.left, PLOT.right]) ?? "" }],
    bars: weeks.map((w) => ({
      x: round1(x(w.week) ?? 0),
      y: round1(y(w.completed)),
      width: round1(x.bandwidth()),
      height: round1(y(0) - y(w.completed)),
      label: `Week of ${formatMonthDay(w.week)}: ${plural(w.completed, "card")}`,
    })),
    xTicks: weeks
      .filter((_, i) => i % every === 0)
      .map((w) => ({ at: round1((x(w.week) ?? 0) + x.bandwidth() / 2), label: formatMonthDay(w.week) })),
    yTicks: ticks,
    legend: empty
      ? []
      : [
          { key: "throughput", label: "Cards finished" },
          { key: "average", label: `Average: ${round1(mean)} a week` },
        ],
    table: { columns: ["Week starting", "Cards finished"], rows: weeks.map((w) => [w.week, w.completed]) },
    empty,
  };
}

/** A chart's table as CSV (RFC 4180: CRLF lines, fields with commas, quotes or breaks quoted). */
export function chartCsv(chart: Chart): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [chart.table.columns, ...chart.table.rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}
