import type { Chart, ChartDot } from "~/lib/analytics-charts";

/**
 * A chart as the page draws it. A scatter of a big project holds a dot and a table row per card
 * (6,000 finished cards in eight weeks at 10,000 cards: the cycle and lead time charts drew
 * 12,000 dots and 12,000 table rows, about 8.7 MB of HTML and its hydration data, and took the
 * server over a second to render). The page keeps at most PAGE_DOTS_MAX dots per scatter, those
 * that fall close together drawn as one that names its cards (the drawing looks the same: the
 * dots overlapped), and at most PAGE_TABLE_ROWS_MAX rows of a scatter's or a distribution's data
 * table, saying so beside it (a time series keeps its rows: a day each, two years at most); the CSV download (../../routes/analytics.export.server.ts) keeps every row.
 */
export const PAGE_DOTS_MAX = 300;
export const PAGE_TABLE_ROWS_MAX = 150;

/** Which rows a long table keeps: the most recent (tables in time order) or the oldest cards (aging work). */
const KEEP: Partial<Record<Chart["id"], { rows: "last" | "largest"; column: number; what: string }>> = {
  cycle: { rows: "last", column: 1, what: "most recently finished" },
  lead: { rows: "last", column: 1, what: "most recently finished" },
  aging: { rows: "largest", column: 2, what: "oldest" },
};

export function forPage(chart: Chart): Chart {
  const dots = chart.dots ?? [];
  const rows = chart.table.rows;
  // A time series keeps its table whole (at most two years of days): its tooltips follow its rows.
  const trim = !chart.rowX && rows.length > PAGE_TABLE_ROWS_MAX;
  if (dots.length <= PAGE_DOTS_MAX && !trim) return chart;
  let table = chart.table;
  if (trim) {
    const keep = KEEP[chart.id] ?? { rows: "last", column: 0, what: "last" };
    const kept =
      keep.rows === "last"
        ? rows.slice(-PAGE_TABLE_ROWS_MAX)
        : [...rows].sort((a, b) => Number(b[keep.column]) - Number(a[keep.column])).slice(0, PAGE_TABLE_ROWS_MAX);
    table = {
      ...chart.table,
      rows: kept,
      note: `The ${PAGE_TABLE_ROWS_MAX} ${keep.what} of ${rows.length.toLocaleString("en-US")} rows; the CSV download has them all.`,
    };
  }
  return { ...chart, dots: dots.length > PAGE_DOTS_MAX ? mergeDots(dots, PAGE_DOTS_MAX) : chart.dots, table };
}

/**
 * Dots merged on a grid (in the SVG's units), its cells doubling from 1 until at most `max`
 * remain: each cell's dots become one at their mean, flagged when any of them is, labelled with
 * how many cards it holds and the first few.
 */
export function mergeDots(dots: ChartDot[], max: number): ChartDot[] {
  for (let cell = 1; ; cell *= 2) {
    const cells = new Map<string, ChartDot[]>();
    for (const d of dots) {
      const key = `${Math.round(d.cx / cell)}:${Math.round(d.cy / cell)}`;
      const list = cells.get(key);
      if (list) list.push(d);
      else cells.set(key, [d]);
    }
    if (cells.size > max && cell < 1024) continue;
    return [...cells.values()].map((list) => {
      if (list.length === 1) return list[0]!;
      const mean = (f: (d: ChartDot) => number) => Math.round((list.reduce((s, d) => s + f(d), 0) / list.length) * 10) / 10;
      const shown = list.slice(0, 2).map((d) => d.label);
      const more = list.length - shown.length;
      return {
        cx: mean((d) => d.cx),
        cy: mean((d) => d.cy),
        label: `${list.length} cards: ${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`,
        ...(list.some((d) => d.flag) ? { flag: true } : {}),
      };
    });
  }
}
