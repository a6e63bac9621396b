import { useHydrated } from "~/components/ui/form";
import type { Chart } from "~/lib/analytics-charts";
import { useChartInteraction } from "./chart-interaction";

/**
 * One server-drawn chart: title, one-sentence summary, the SVG (an image named by its
 * summary), a legend, the data table behind 'Show data', and the CSV download. Draws only
 * the geometry it is given (app/.server/analytics/charts.ts); no charting code here.
 * Screen readers always get the table: it is only visually hidden while 'Show data' is closed.
 * With JavaScript, ./chart-interaction.tsx adds tooltips and drag-to-pick a date range.
 */
const FILL: Record<string, string> = {
  backlog: "fill-slate-300",
  unstarted: "fill-sky-300",
  started: "fill-brand-500",
  completed: "fill-emerald-500",
  cancelled: "fill-slate-200",
  throughput: "fill-brand-500",
  scope: "fill-sky-200",
  done: "fill-emerald-500",
  remaining: "fill-brand-500",
};
const SWATCH: Record<string, string> = {
  backlog: "bg-slate-300",
  unstarted: "bg-sky-300",
  started: "bg-brand-500",
  completed: "bg-emerald-500",
  cancelled: "bg-slate-200",
  throughput: "bg-brand-500",
  scope: "bg-sky-200",
  done: "bg-emerald-500",
  remaining: "bg-brand-500",
  ideal: "border-t-2 border-dashed border-slate-600 h-0",
  average: "border-t-2 border-dashed border-amber-600 h-0",
  dot: "h-2.5 w-2.5 rounded-full bg-brand-600",
  flag: "h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-red-300",
  p50: "border-t-2 border-dashed border-emerald-600 h-0",
  p85: "border-t-2 border-dashed border-amber-600 h-0",
  p95: "border-t-2 border-dashed border-red-600 h-0",
  trend: "border-t-2 border-dashed border-violet-600 h-0",
};
/** Columns of the cumulative flow by column, by board index (cycling past eight). */
const COLUMN_FILL = [
  "fill-slate-300",
  "fill-sky-300",
  "fill-brand-500",
  "fill-violet-400",
  "fill-amber-400",
  "fill-emerald-500",
  "fill-rose-400",
  "fill-teal-400",
];
const COLUMN_SWATCH = [
  "bg-slate-300",
  "bg-sky-300",
  "bg-brand-500",
  "bg-violet-400",
  "bg-amber-400",
  "bg-emerald-500",
  "bg-rose-400",
  "bg-teal-400",
];
const byColumn = (key: string, list: string[]) => (/^col\d+$/.test(key) ? list[Number(key.slice(3)) % list.length] : undefined);
/** Lines: throughput's average and the percentile lines of cycle and lead time. */
const STROKE: Record<string, string> = {
  p50: "stroke-emerald-600",
  p85: "stroke-amber-600",
  p95: "stroke-red-600",
  ideal: "stroke-slate-600",
  trend: "stroke-violet-600",
};
const LINE_KEYS = new Set(["average", "dot", "flag", "p50", "p85", "p95", "ideal", "trend"]);

export function ChartFigure({ chart, csvHref }: { chart: Chart; csvHref: string }) {
  const headingId = `chart-${chart.id}-title`;
  const { plot } = chart;
  const hydrated = useHydrated();
  const { svgProps, focusProps, overlay, tooltip, busy } = useChartInteraction(chart, hydrated);
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {chart.title}
        </h3>
        <a href={csvHref} download className="text-sm font-medium text-brand-700 hover:underline">
          Download CSV<span className="sr-only"> of {chart.title.toLowerCase()}</span>
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid={`chart-${chart.id}-summary`}>
        {chart.summary}
      </p>
      <div
        {...focusProps}
        aria-busy={busy || undefined}
        className={`relative mt-4 rounded-md transition-opacity focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${busy ? "opacity-60" : ""}`}
      >
        <svg
          {...svgProps}
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          role="img"
          aria-label={`${chart.title}. ${chart.summary}`}
          className={`block h-auto w-full ${svgProps.className ?? ""}`}
          data-testid={`chart-${chart.id}`}
        >
          {chart.yTicks.map((t) => (
            <g key={`y${t.label}`}>
              <line x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} className="stroke-slate-200" />
              <text x={plot.left - 8} y={t.at} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px]">
                {t.label}
              </text>
            </g>
          ))}
          {chart.paths
            .filter((p) => p.kind === "area")
            .map((p) => (
              <path key={p.key} d={p.d} className={FILL[p.key] ?? byColumn(p.key, COLUMN_FILL) ?? "fill-slate-400"} />
            ))}
          {chart.bars.map((b) => (
            <rect key={b.label} x={b.x} y={b.y} width={b.width} height={b.height} rx={2} className={FILL.throughput}>
              <title>{b.label}</title>
            </rect>
          ))}
          {chart.paths
            .filter((p) => p.kind === "line")
            .map((p) => (
              <path key={p.key} d={p.d} fill="none" strokeWidth={2} strokeDasharray="6 4" className={STROKE[p.key] ?? "stroke-amber-600"} />
            ))}
          {chart.dots?.length ? (
            // What every dot shares is said once, on the group (a scatter can hold hundreds of dots).
            <g fillOpacity={0.8} className="fill-brand-600">
              {chart.dots.map((d, i) =>
                d.flag ? (
                  <circle key={i} cx={d.cx} cy={d.cy} r={5} strokeWidth={2} className="fill-red-600 stroke-red-300">
                    <title>{d.label}</title>
                  </circle>
                ) : (
                  <circle key={i} cx={d.cx} cy={d.cy} r={4}>
                    <title>{d.label}</title>
                  </circle>
                ),
              )}
            </g>
          ) : null}
          <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className="stroke-slate-400" />
          {chart.xTicks.map((t) => (
            <text key={`x${t.at}`} x={t.at} y={plot.bottom + 18} textAnchor="middle" className="fill-slate-500 text-[11px]">
              {t.label}
            </text>
          ))}
          {chart.empty ? (
            <text x={(plot.left + plot.right) / 2} y={(plot.top + plot.bottom) / 2} textAnchor="middle" className="fill-slate-500 text-sm">
              {chart.emptyText ?? "No data in this range"}
            </text>
          ) : null}
          {overlay}
        </svg>
        {tooltip}
      </div>
      {chart.legend.length ? (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label={`${chart.title} legend`}>
          {chart.legend.map((l) => (
            <li key={l.key} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={`inline-block ${LINE_KEYS.has(l.key) ? "" : "h-3 w-3 rounded-sm"} ${l.key === "dot" || l.key === "flag" ? "" : "w-3"} ${SWATCH[l.key] ?? byColumn(l.key, COLUMN_SWATCH) ?? ""}`}
              />
              {l.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="peer mt-4">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">Show data</summary>
      </details>
      <div
        role="region"
        aria-label={`${chart.title} data`}
        // A scrolling region must take focus so keyboard users can scroll it (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="sr-only max-h-80 rounded-lg border border-slate-200 peer-open:not-sr-only peer-open:mt-2 peer-open:overflow-auto"
      >
        <table className="w-full text-left text-sm" data-testid={`chart-${chart.id}-table`}>
          <caption className="sr-only">{chart.title}: the data</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              {chart.table.columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          {/* The cells' styles are said once, on the body (a table can hold hundreds of rows). */}
          <tbody className="divide-y divide-slate-100 text-slate-700 [&_td]:px-3 [&_td]:py-1.5 [&_td]:tabular-nums [&_th]:px-3 [&_th]:py-1.5 [&_th]:font-normal [&_th]:whitespace-nowrap">
            {chart.table.rows.map((r, ri) => (
              <tr key={ri}>
                {r.map((v, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {v}
                    </th>
                  ) : (
                    <td key={i}>{v}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {chart.table.note ? (
          <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600" data-testid={`chart-${chart.id}-table-note`}>
            {chart.table.note}
          </p>
        ) : null}
      </div>
    </section>
  );
}
