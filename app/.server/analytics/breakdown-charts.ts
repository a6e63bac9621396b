import { scaleBand, scaleLinear, scaleUtc } from "d3-scale";
import { area } from "d3-shape";
import type { CfdPoint, FinishedCard, ThroughputWeek } from "~/lib/analytics";
import type { Chart, ChartTick, MoreChartId } from "~/lib/analytics-charts";
import { formatDay, formatMonthDay } from "~/lib/dates";
import { startOfDay } from "./days";
import type { Distribution } from "./distribution";
import { plural } from "~/lib/plural";

/**
 * The breakdown charts, beside ./charts.ts (same geometry and shape of data): cycle and
 * lead time histograms, work in progress over time, the open cards by assignee, label and
 * priority, and the trend line of weekly throughput. Pure functions of the flow data.
 */
const WIDTH = 640;
const HEIGHT = 280;
const PLOT = { left: 40, top: 12, right: WIDTH - 12, bottom: HEIGHT - 28 };

const round1 = (n: number) => Math.round(n * 10) / 10;

function yScale(max: number): { y: (n: number) => number; ticks: ChartTick[] } {
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice(5)
    .range([PLOT.bottom, PLOT.top]);
  return {
    y: (n) => y(n),
    ticks: y
      .ticks(5)
      .filter((t) => Number.isInteger(t))
      .map((t) => ({ at: round1(y(t)), label: String(t) })),
  };
}

/** Bars over categories (days, people, labels, priorities), labelled and thinned for a phone. */
function barChart(p: {
  id: MoreChartId;
  title: string;
  summary: string;
  categories: { key: string; label: string; value: number; barLabel: string }[];
  table: { columns: string[]; rows: (string | number)[][] };
  emptyText: string;
}): Chart {
  const empty = p.categories.every((c) => c.value === 0);
  const x = scaleBand<string>()
    .domain(p.categories.map((c) => c.key))
    .range([PLOT.left, PLOT.right])
    .padding(0.2);
  const { y, ticks } = yScale(Math.max(0, ...p.categories.map((c) => c.value)));
  const every = Math.max(1, Math.ceil(p.categories.length / 8));
  const short = (s: string) => (s.length > 12 ? `${s.slice(0, 11)}…` : s);
  return {
    id: p.id,
    title: p.title,
    summary: p.summary,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: [],
    bars: empty
      ? []
      : p.categories.map((c) => ({
          x: round1(x(c.key) ?? 0),
          y: round1(y(c.value)),
          width: round1(x.bandwidth()),
          height: round1(y(0) - y(c.value)),
          label: c.barLabel,
        })),
    xTicks: p.categories
      .filter((_, i) => i % every === 0)
      .map((c) => ({ at: round1((x(c.key) ?? 0) + x.bandwidth() / 2), label: short(c.label) })),
    yTicks: ticks,
    legend: [],
    table: p.table,
    empty,
    emptyText: p.emptyText,
  };
}

const HISTOGRAM = {
  cycle: { id: "cycle-histogram", title: "Cycle time histogram", field: "cycleDays", what: "cycle time" },
  lead: { id: "lead-histogram", title: "Lead time histogram", field: "leadDays", what: "lead time" },
} as const;

/**
 * How many finished cards took each number of days: buckets of whole days (0 to under 1, 1 to
 * under 2, ...), wider when the longest took more than 20 days, so there are at most 20 bars.
 */
export function histogramBuckets(values: number[]): { from: number; to: number; count: number }[] {
  if (values.length === 0) return [];
  const max = Math.max(...values);
  const width = Math.max(1, Math.ceil((Math.floor(max) + 1) / 20));
  const n = Math.floor(max / width) + 1;
  const buckets = Array.from({ length: n }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: 0 }));
  for (const v of values) buckets[Math.min(n - 1, Math.floor(v / width))]!.count += 1;
  return buckets;
}

export function histogramChart(metric: "cycle" | "lead", finished: FinishedCard[]): Chart {
  const m = HISTOGRAM[metric];
  const values = finished.flatMap((c) => (c[m.field] === null ? [] : [c[m.field] as number]));
  const buckets = histogramBuckets(values);
  const range = (b: { from: number; to: number }) => `${b.from} to under ${b.to} days`;
  const top = buckets.reduce<(typeof buckets)[number] | null>((a, b) => (!a || b.count > a.count ? b : a), null);
  return barChart({
    id: m.id,
    title: m.title,
    summary: top
      ? `${plural(values.length, "finished card")}; the most common ${m.what} was ${range(top)} (${plural(top.count, "card")}).`
      : "Not enough finished cards yet: finish a card in this range to see how long work takes.",
    categories: buckets.map((b) => ({
      key: String(b.from),
      label: b.to - b.from === 1 ? String(b.from) : `${b.from}–${b.to}`,
      value: b.count,
      barLabel: `${range(b)}: ${plural(b.count, "card")}`,
    })),
    table: { columns: ["Days", "Cards"], rows: buckets.map((b) => [range(b), b.count]) },
    emptyText: "Not enough finished cards yet",
  });
}

/** Work in progress over time: the cards in a started column at the end of each day. */
export function wipChart(points: CfdPoint[], range: { from: string; to: string }): Chart {
  const values = points.map((p) => p.started);
  const empty = values.every((v) => v === 0);
  const x = scaleUtc()
    .domain([startOfDay(range.from), startOfDay(range.to)])
    .range([PLOT.left, PLOT.right]);
  const { y, ticks } = yScale(Math.max(0, ...values));
  const shape = area<CfdPoint>()
    .x((d) => x(startOfDay(d.day)))
    .y0(() => y(0))
    .y1((d) => y(d.started))
    .digits(1);
  const last = points.at(-1);
  const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  return {
    id: "wip",
    title: "Work in progress over time",
    summary:
      empty || !last
        ? `No cards in progress between ${formatDay(range.from)} and ${formatDay(range.to)}.`
        : `On ${formatDay(last.day)}: ${plural(last.started, "card")} in progress; ${round1(mean)} a day on average, at most ${Math.max(...values)}.`,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: empty ? [] : [{ key: "started", label: "In progress", kind: "area", d: shape(points) ?? "" }],
    bars: [],
    xTicks: x.ticks(6).map((t) => ({ at: round1(x(t)), label: formatMonthDay(t) })),
    yTicks: ticks,
    legend: empty ? [] : [{ key: "started", label: "Cards in progress" }],
    table: { columns: ["Day", "In progress"], rows: points.map((p) => [p.day, p.started]) },
    empty,
    emptyText: "No work in progress in this range",
    rowX: points.map((p) => round1(x(startOfDay(p.day)))),
    select: "day",
  };
}

const DISTRIBUTION = {
  assignee: { id: "assignee", title: "Open cards by assignee", none: "Unassigned", what: "assignee" },
  label: { id: "label", title: "Open cards by label", none: "No label", what: "label" },
  priority: { id: "priority", title: "Open cards by priority", none: "No priority", what: "priority" },
} as const;

/** Open cards by assignee, label or priority (a card with two assignees counts for each). */
export function distributionChart(kind: "assignee" | "label" | "priority", dist: Distribution): Chart {
  const k = DISTRIBUTION[kind];
  const rows = dist[kind];
  const top = rows.reduce<(typeof rows)[number] | null>((a, b) => (!a || b.count > a.count ? b : a), null);
  return barChart({
    id: k.id,
    title: k.title,
    summary:
      dist.open === 0
        ? "No open cards."
        : `${plural(dist.open, "open card")}; the most by ${k.what}: ${top!.name} (${plural(top!.count, "card")}).`,
    categories: rows.map((r) => ({ key: r.key, label: r.name, value: r.count, barLabel: `${r.name}: ${plural(r.count, "card")}` })),
    table: { columns: [k.what[0]!.toUpperCase() + k.what.slice(1), "Open cards"], rows: rows.map((r) => [r.name, r.count]) },
    emptyText: "No open cards",
  });
}

/** Least-squares slope and intercept of `values` against 0, 1, 2, ... (null with fewer than two). */
export function linearTrend(values: number[]): { slope: number; intercept: number } | null {
  const n = values.length;
  if (n < 2) return null;
  const mx = (n - 1) / 2;
  const my = values.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  values.forEach((v, i) => {
    sxy += (i - mx) * (v - my);
    sxx += (i - mx) ** 2;
  });
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** Weekly throughput with its trend: a least-squares line through the weeks' bars, named in the legend. */
export function withThroughputTrend(chart: Chart, weeks: ThroughputWeek[]): Chart {
  const fit = linearTrend(weeks.map((w) => w.completed));
  if (chart.empty || !fit || chart.bars.length !== weeks.length) return chart;
  // The same y scale as the bars (./charts.ts throughputChart).
  const { y } = yScale(Math.max(0, ...weeks.map((w) => w.completed)));
  const first = chart.bars[0]!;
  const last = chart.bars.at(-1)!;
  const clamp = (v: number) => Math.max(0, v);
  const y0 = round1(y(clamp(fit.intercept)));
  const y1 = round1(y(clamp(fit.intercept + fit.slope * (weeks.length - 1))));
  const perWeek = round1(fit.slope);
  const label =
    Math.abs(perWeek) < 0.1 ? "Trend: flat" : `Trend: ${perWeek > 0 ? "rising" : "falling"} by ${Math.abs(perWeek)} a week, each week`;
  return {
    ...chart,
    paths: [
      ...chart.paths,
      { key: "trend", label, kind: "line", d: `M${round1(first.x + first.width / 2)},${y0}L${round1(last.x + last.width / 2)},${y1}` },
    ],
    legend: [...chart.legend, { key: "trend", label }],
  };
}
