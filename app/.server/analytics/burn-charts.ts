import { scaleLinear, scaleUtc } from "d3-scale";
import { area, curveStepAfter, line } from "d3-shape";
import type { Chart, ChartTick } from "~/lib/analytics-charts";
import type { BurnPoint } from "~/lib/cycles";
import { formatDay, formatMonthDay } from "~/lib/dates";
import { addDays, startOfDay } from "./days";

/**
 * Burn-up and burndown (issue 10), drawn like the other charts (./charts.ts): plain paths,
 * ticks, a summary and a data table. Each day's value holds from the start of that day, so
 * scope added on a day is a step at that day; the ideal line runs from nothing done on the
 * first day to everything done at the end of the last.
 */
const WIDTH = 640;
const HEIGHT = 280;
const PLOT = { left: 40, top: 12, right: WIDTH - 12, bottom: HEIGHT - 28 };
const round1 = (n: number) => Math.round(n * 10) / 10;

/** `selectable`: the window is the page's date range (dragging across the chart picks another); a cycle's is not. */
export type BurnWindow = { from: string; to: string; name: string; selectable?: boolean };
export type BurnUnit = "cards" | "points";

/** Points when any card in the series is estimated, else cards. */
export function burnUnit(series: BurnPoint[]): BurnUnit {
  return series.some((p) => p.scopePoints > 0) ? "points" : "cards";
}

function frame(series: BurnPoint[], window: BurnWindow, max: number) {
  const x = scaleUtc()
    .domain([startOfDay(window.from), startOfDay(addDays(window.to, 1))])
    .range([PLOT.left, PLOT.right]);
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice(5)
    .range([PLOT.bottom, PLOT.top]);
  const yTicks: ChartTick[] = y
    .ticks(5)
    .filter((t) => Number.isInteger(t))
    .map((t) => ({ at: round1(y(t)), label: String(t) }));
  const xTicks = x.ticks(Math.min(6, Math.max(2, series.length))).map((t) => ({ at: round1(x(t)), label: formatMonthDay(t) }));
  return { x, y, xTicks, yTicks };
}

/** Where each day's row sits on the x axis: the middle of its step. */
const dayX = (series: BurnPoint[], x: (at: Date) => number) =>
  series.map((p) => round1(x(new Date(startOfDay(p.day).getTime() + 43_200_000))));
const selectOf = (window: BurnWindow) => (window.selectable ? { select: "day" as const } : {});

/** The series as steps: each day's value from its start, the last one held to the end of its day. */
function stepped(series: BurnPoint[], value: (p: BurnPoint) => number) {
  const last = series.at(-1);
  const pts = series.map((p) => ({ at: startOfDay(p.day), v: value(p) }));
  if (last) pts.push({ at: startOfDay(addDays(last.day, 1)), v: value(last) });
  return pts;
}

const table = (series: BurnPoint[]) => ({
  columns: ["Day", "Scope (cards)", "Done (cards)", "Scope (points)", "Done (points)"],
  rows: series.map((p) => [p.day, p.scopeCards, p.doneCards, p.scopePoints, p.donePoints]),
});

const scopeOf = (unit: BurnUnit) => (p: BurnPoint) => (unit === "points" ? p.scopePoints : p.scopeCards);
const doneOf = (unit: BurnUnit) => (p: BurnPoint) => (unit === "points" ? p.donePoints : p.doneCards);
const count = (n: number, unit: BurnUnit) =>
  `${round1(n)} ${unit === "points" ? (n === 1 ? "point" : "points") : n === 1 ? "card" : "cards"}`;

/** A filled step area from the axis up to each day's value (the burn charts' scope, done and left). */
function stepArea(x: (at: Date) => number, y: (v: number) => number) {
  return area<{ at: Date; v: number }>()
    .x((d) => x(d.at))
    .y0(y(0))
    .y1((d) => y(d.v))
    .curve(curveStepAfter)
    .digits(1);
}

/** Burn-up: the scope (a filled step area, added scope a step on its day), the completed work over it, and the ideal line. */
export function burnupChart(series: BurnPoint[], window: BurnWindow, unit = burnUnit(series)): Chart {
  const scope = scopeOf(unit);
  const done = doneOf(unit);
  const empty = series.every((p) => scope(p) === 0);
  const { x, y, xTicks, yTicks } = frame(series, window, Math.max(0, ...series.map(scope)));
  const shape = stepArea(x, y);
  const first = series[0];
  const last = series.at(-1);
  const ideal = line<[Date, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]))
    .digits(1)([
    [startOfDay(window.from), 0],
    [startOfDay(addDays(window.to, 1)), last ? scope(last) : 0],
  ]);
  const summary =
    empty || !first || !last
      ? `No cards in ${window.name} yet.`
      : `By ${formatDay(last.day)}: ${count(done(last), unit)} done of ${count(scope(last), unit)}; the scope went from ${count(scope(first), unit)} on ${formatDay(first.day)} to ${count(scope(last), unit)}.`;
  return {
    id: "burnup",
    title: `Burn-up: ${window.name}`,
    summary,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: empty
      ? []
      : [
          { key: "scope", label: "Scope", kind: "area", d: shape(stepped(series, scope)) ?? "" },
          { key: "done", label: "Done", kind: "area", d: shape(stepped(series, done)) ?? "" },
          { key: "ideal", label: "Ideal", kind: "line", d: ideal ?? "" },
        ],
    bars: [],
    xTicks,
    yTicks,
    legend: empty
      ? []
      : [
          { key: "scope", label: `Scope (${unit})` },
          { key: "done", label: `Done (${unit})` },
          { key: "ideal", label: "Ideal" },
        ],
    table: table(series),
    empty,
    emptyText: "No cards in it yet",
    rowX: dayX(series, x),
    ...selectOf(window),
  };
}

/** Burndown: what is left (scope minus done) each day, against the ideal line from the first day's scope down to nothing. */
export function burndownChart(series: BurnPoint[], window: BurnWindow, unit = burnUnit(series)): Chart {
  const scope = scopeOf(unit);
  const done = doneOf(unit);
  const left = (p: BurnPoint) => round1(scope(p) - done(p));
  const empty = series.every((p) => scope(p) === 0);
  const { x, y, xTicks, yTicks } = frame(series, window, Math.max(0, ...series.map(left)));
  const shape = stepArea(x, y);
  const first = series[0];
  const last = series.at(-1);
  const total =
    window.to >= window.from ? (startOfDay(addDays(window.to, 1)).getTime() - startOfDay(window.from).getTime()) / 86_400_000 : 1;
  const start = first ? left(first) : 0;
  const idealAt = (day: string) =>
    round1(Math.max(0, start * (1 - (startOfDay(addDays(day, 1)).getTime() - startOfDay(window.from).getTime()) / 86_400_000 / total)));
  const ideal = line<[Date, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]))
    .digits(1)([
    [startOfDay(window.from), start],
    [startOfDay(addDays(window.to, 1)), 0],
  ]);
  const summary =
    empty || !last
      ? `No cards in ${window.name} yet.`
      : `${count(left(last), unit)} left at the end of ${formatDay(last.day)}; the ideal line has ${count(idealAt(last.day), unit)} left by then.`;
  return {
    id: "burndown",
    title: `Burndown: ${window.name}`,
    summary,
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    paths: empty
      ? []
      : [
          { key: "remaining", label: "Left to do", kind: "area", d: shape(stepped(series, left)) ?? "" },
          { key: "ideal", label: "Ideal", kind: "line", d: ideal ?? "" },
        ],
    bars: [],
    xTicks,
    yTicks,
    legend: empty
      ? []
      : [
          { key: "remaining", label: `Left to do (${unit})` },
          { key: "ideal", label: "Ideal" },
        ],
    table: {
      columns: ["Day", `Left to do (${unit})`, `Ideal (${unit})`],
      rows: series.map((p) => [p.day, left(p), idealAt(p.day)]),
    },
    empty,
    emptyText: "No cards in it yet",
    rowX: dayX(series, x),
    ...selectOf(window),
  };
}

type FlowDay = { day: string; backlog: number; unstarted: number; started: number; completed: number };

/**
 * A date range's burn-up from the cumulative flow: the scope is every card on the board but the
 * cancelled, done is the completed; in points from the flow weighted by estimates (`cfdPoints`,
 * day for day; none when no card is estimated).
 */
export function rangeBurnSeries(cfd: FlowDay[], cfdPoints?: FlowDay[] | null): BurnPoint[] {
  const scopeOf = (p: FlowDay) => p.backlog + p.unstarted + p.started + p.completed;
  return cfd.map((p, i) => {
    const pts = cfdPoints?.[i];
    return {
      day: p.day,
      scopeCards: scopeOf(p),
      scopePoints: pts ? round1(scopeOf(pts)) : 0,
      doneCards: p.completed,
      donePoints: pts ? round1(pts.completed) : 0,
    };
  });
}
