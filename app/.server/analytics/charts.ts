import { scaleBand, scaleLinear, scaleUtc } from "d3-scale";
import { area, line, stack, type SeriesPoint } from "d3-shape";
import type { AgingColumn, CfdPoint, FinishedCard, Percentiles, ThroughputWeek } from "~/lib/analytics";
import type { Chart, ChartPath, ChartTick } from "~/lib/analytics-charts";
import { STATE_GROUP_LABELS, STATE_GROUPS, type StateGroup } from "~/lib/board";
import { formatDay, formatMonthDay } from "~/lib/dates";
import { percentiles } from "./cycle-time";
import { addDays, startOfDay } from "./days";
import { plural } from "~/lib/plural";

/**
 * The analytics charts' geometry, drawn here with d3-scale and d3-shape so the page gets
 * plain paths, ticks and labels (d3 never ships to the browser), plus each chart's summary
 * and data table. Pure functions of the flow data (./flow.ts).
 */

/** A finished card's day, as formatDay writes a moment in UTC; one date formatting per day, not per card (thousands of dots). */
const dayLabels = new Map<string, string>();
function finishedDay(completedAt: string): string {
  const day = completedAt.slice(0, 10);
  let label = dayLabels.get(day);
  if (label === undefined) {
    label = formatDay(day);
    if (dayLabels.size > 2000) dayLabels.clear();
    dayLabels.set(day, label);
  }
  return label;
}

const WIDTH = 640;
const HEIGHT = 280;
const PLOT = { left: 40, top: 12, right: WIDTH - 12, bottom: HEIGHT - 28 };

/** Bottom to top: finished work settles at the bottom, the backlog rides on top. */
const CFD_ORDER: StateGroup[] = ["cancelled", "completed", "started", "unstarted", "backlog"];

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
    rowX: points.map((p) => round1(x(startOfDay(p.day)))),
    select: "day",
  };
}

/**
 * Cumulative flow by column: one stacked area per board column, the board's last column (work
 * done) at the bottom. Each path's key is `col<board index>`, which picks its colour.
 */
export function columnCfdChart(
  columns: { id: string; name: string }[],
  points: { day: string; counts: number[] }[],
  range: { from: string; to: string },
): Chart {
  const totals = points.map((p) => p.counts.reduce((a, b) => a + b, 0));
  const empty = totals.every((t) => t === 0);
  const x = scaleUtc()
    .domain([startOfDay(range.from), startOfDay(range.to)])
    .range([PLOT.left, PLOT.right]);
  const { scale: y, ticks } = yTicks(Math.max(0, ...totals));
  const order = columns.map((_, k) => k).reverse();
  const layers = stack<{ day: string; counts: number[] }, number>()
    .keys(order)
    .value((p, k) => p.counts[k] ?? 0)(points);
  const shape = area<SeriesPoint<{ day: string; counts: number[] }>>()
    .x((d) => x(startOfDay(d.data.day)))
    .y0((d) => y(d[0]))
    .y1((d) => y(d[1]))
    .digits(1);
  const last = points.at(-1);
  const summary =
    empty || !last
      ? `No cards on this board between ${formatDay(range.from)} and ${formatDay(range.to)}.`
      : `On ${formatDay(last.day)}: ${columns.map((c, k) => `${last.counts[k] ?? 0} in ${c.name}`).join(", ")}.`;
  return {
    id: "cfd-column",
    title: "Cumulative flow by column",
    summary,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: empty
      ? []
      : layers.map((layer) => ({ key: `col${layer.key}`, label: columns[layer.key]!.name, kind: "area" as const, d: shape(layer) ?? "" })),
    bars: [],
    xTicks: x.ticks(6).map((t) => ({ at: round1(x(t)), label: formatMonthDay(t) })),
    yTicks: ticks,
    legend: columns.map((c, k) => ({ key: `col${k}`, label: c.name })),
    table: { columns: ["Day", ...columns.map((c) => c.name)], rows: points.map((p) => [p.day, ...p.counts]) },
    empty,
    rowX: points.map((p) => round1(x(startOfDay(p.day)))),
    select: "day",
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
    rowX: weeks.map((w) => round1((x(w.week) ?? 0) + x.bandwidth() / 2)),
    select: "week",
  };
}

/** Dashed horizontal lines at the 50th, 85th and 95th percentiles (none without percentiles). */
function percentileLines(stats: Percentiles | null, y: (n: number) => number, what: string): ChartPath[] {
  if (!stats) return [];
  return (["p50", "p85", "p95"] as const).map((key) => ({
    key,
    label: `${key.slice(1)}th percentile${what}: ${round1(stats[key])} days`,
    kind: "line",
    d: `M${PLOT.left},${round1(y(stats[key]))}H${PLOT.right}`,
  }));
}

/** What a scatter with no finished card says. */
export const NOT_ENOUGH_FINISHED = "Not enough finished cards yet: finish a card in this range to see how long work takes.";

const TIME_METRIC = {
  cycle: { title: "Cycle time", what: "from first start to done", field: "cycleDays" },
  lead: { title: "Lead time", what: "from creation to done", field: "leadDays" },
} as const;

/**
 * Cycle or lead time: a dot per finished card (x: when it finished, y: days), with dashed
 * lines at the 50th, 85th and 95th percentiles. Cycle time leaves out cards never started.
 */
export function timeChart(metric: "cycle" | "lead", finished: FinishedCard[], range: { from: string; to: string }): Chart {
  const m = TIME_METRIC[metric];
  const rows = finished.flatMap((c) => {
    const v = c[m.field];
    return v === null ? [] : [{ card: c, days: v }];
  });
  const stats = percentiles(rows.map((r) => r.days));
  const x = scaleUtc()
    .domain([startOfDay(range.from), startOfDay(addDays(range.to, 1))])
    .range([PLOT.left, PLOT.right]);
  const { scale: y, ticks } = yTicks(Math.max(0, ...rows.map((r) => r.days)));
  // x's own arithmetic (d3's normalise, then interpolate), on the ISO time parsed once: no Date per dot.
  const [d0, d1] = x.domain().map((d) => d.getTime()) as [number, number];
  const [r0, r1] = x.range() as [number, number];
  const xAt = (iso: string) => {
    const t = (Date.parse(iso) - d0) / (d1 - d0);
    return r0 * (1 - t) + r1 * t;
  };
  const lines = percentileLines(stats, y, "");
  const summary = stats
    ? `${plural(stats.count, "card")} finished; ${m.title.toLowerCase()} (${m.what}): half took ${round1(stats.p50)} days or less, 85 % took ${round1(stats.p85)} days or less.`
    : NOT_ENOUGH_FINISHED;
  return {
    id: metric,
    title: m.title,
    summary,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: lines,
    bars: [],
    dots: rows.map(({ card, days }) => ({
      cx: round1(xAt(card.completedAt)),
      cy: round1(y(days)),
      // Written when read: the page keeps a few hundred of thousands of dots (./page-charts.ts).
      get label() {
        return `${card.title}: ${round1(days)} days, finished ${finishedDay(card.completedAt)}`;
      },
    })),
    xTicks: x.ticks(6).map((t) => ({ at: round1(x(t)), label: formatMonthDay(t) })),
    yTicks: ticks,
    legend: stats ? [{ key: "dot", label: "A finished card" }, ...lines.map(({ key, label }) => ({ key, label }))] : [],
    table: {
      columns: ["Card", "Finished", `${m.title} (days)`],
      rows: rows.map((r) => [r.card.title, r.card.completedAt.slice(0, 10), r.days]),
    },
    empty: !stats,
    emptyText: "Not enough finished cards yet",
  };
}

/**
 * Aging work in progress: a lane per started column, a dot per card at its age in days
 * (spread across the lane so equal ages stay apart), against the cycle time percentile lines;
 * cards older than the 85th percentile are flagged.
 */
export function agingChart(columns: AgingColumn[], cycle: Percentiles | null): Chart {
  const all = columns.flatMap((c) => c.cards);
  const over = all.filter((c) => c.overP85).length;
  const x = scaleBand<string>()
    .domain(columns.map((c) => c.id))
    .range([PLOT.left, PLOT.right])
    .padding(0.2);
  const { scale: y, ticks } = yTicks(Math.max(0, ...all.map((c) => c.ageDays), cycle?.p95 ?? 0));
  const lines = percentileLines(all.length ? cycle : null, y, " cycle time");
  const summary =
    all.length === 0
      ? "No cards in progress right now."
      : `${plural(all.length, "card")} in progress; ` +
        (cycle
          ? `${over} older than the 85th percentile cycle time (${round1(cycle.p85)} days).`
          : "not enough finished cards yet to compare their age with.");
  return {
    id: "aging",
    title: "Aging work in progress",
    summary,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: lines,
    bars: [],
    dots: columns.flatMap((col) =>
      col.cards.map((c, i) => ({
        cx: round1((x(col.id) ?? 0) + (x.bandwidth() * (i + 1)) / (col.cards.length + 1)),
        cy: round1(y(c.ageDays)),
        label: `${c.title} (#${c.number}) in ${col.name}: ${round1(c.ageDays)} days${c.overP85 ? ", older than the 85th percentile" : ""}`,
        flag: c.overP85,
      })),
    ),
    xTicks: columns.map((c) => ({ at: round1((x(c.id) ?? 0) + x.bandwidth() / 2), label: c.name })),
    yTicks: ticks,
    legend: all.length
      ? [
          { key: "dot", label: "A card in progress" },
          ...(cycle ? [{ key: "flag", label: "Older than the 85th percentile" }] : []),
          ...lines.map(({ key, label }) => ({ key, label })),
        ]
      : [],
    table: {
      columns: ["Card", "Column", "Age (days)", "Older than the 85th percentile"],
      rows: columns.flatMap((col) => col.cards.map((c) => [`#${c.number} ${c.title}`, col.name, c.ageDays, c.overP85 ? "Yes" : "No"])),
    },
    empty: all.length === 0,
    emptyText: "No work in progress",
  };
}

/** Every chart of a project's page, in page order (the page and the CSV export draw the same). */
export function projectCharts(
  flow: {
    cfd: CfdPoint[];
    throughput: ThroughputWeek[];
    finished: FinishedCard[];
    aging: AgingColumn[];
    columns: { id: string; name: string }[];
    columnCfd: { day: string; counts: number[] }[];
    times: { cycle: Percentiles | null };
  },
  range: { from: string; to: string },
  cfdBy: "group" | "column" = "group",
): Chart[] {
  return [
    cfdBy === "column" ? columnCfdChart(flow.columns, flow.columnCfd, range) : cfdChart(flow.cfd, range),
    throughputChart(flow.throughput, range),
    timeChart("cycle", flow.finished, range),
    timeChart("lead", flow.finished, range),
    agingChart(flow.aging, flow.times.cycle),
  ];
}

/** A chart's table as CSV (RFC 4180: CRLF lines, fields with commas, quotes or breaks quoted). */
export function chartCsv(chart: Chart): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [chart.table.columns, ...chart.table.rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}
