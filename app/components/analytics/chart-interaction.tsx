import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from "react";
import type { Chart } from "~/lib/analytics-charts";
import { formatDay } from "~/lib/dates";

/**
 * What JavaScript adds to a server-drawn chart (./chart-figure.tsx), and nothing more: a
 * tooltip for the data point under the pointer or chosen with the keyboard (the chart takes
 * focus; the arrow keys, Home and End move between points, Escape hides the tooltip; the value
 * is announced), and on time series of the page's date range, dragging across the chart with
 * a mouse picks a new range: the page navigates to its own URL with `from` and `to` set, so
 * the range form stays the one source of truth. No charting library and no server code: the
 * points are the chart's own (table rows with `rowX`, dots, bars). Without JavaScript none of
 * this renders, and the chart is the plain SVG with its data table.
 */
type Mark = { x: number; y: number | null; title: string; lines: string[] };

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;
const cell = (v: string | number) => (typeof v === "string" && BARE_DAY.test(v) ? formatDay(v) : String(v));

/** The chart's data points, left to right: a time series' rows, else its dots, else its bars. */
export function chartMarks(chart: Chart): Mark[] {
  if (chart.empty) return [];
  const { columns, rows } = chart.table;
  if (chart.rowX && chart.rowX.length === rows.length) {
    return rows.map((r, i) => ({
      x: chart.rowX![i]!,
      y: null,
      title: `${columns[0]?.startsWith("Week") ? "Week of " : ""}${cell(r[0] ?? "")}`,
      lines: r.slice(1).map((v, k) => `${columns[k + 1]}: ${cell(v)}`),
    }));
  }
  const split = (label: string) => {
    const at = label.indexOf(": ");
    return at > 0 ? { title: label.slice(0, at), lines: [label.slice(at + 2)] } : { title: label, lines: [] };
  };
  if (chart.dots?.length) return [...chart.dots].sort((a, b) => a.cx - b.cx).map((d) => ({ x: d.cx, y: d.cy, ...split(d.label) }));
  return chart.bars.map((b) => ({ x: b.x + b.width / 2, y: b.y, ...split(b.label) }));
}

/** The nearest mark: by x for series and bars, by distance for a scatter's dots (within reach). */
function nearest(marks: Mark[], x: number, y: number, scatter: boolean): number | null {
  let best: number | null = null;
  let bestD = Infinity;
  marks.forEach((m, i) => {
    const d = scatter && m.y !== null ? Math.hypot(m.x - x, m.y - y) : Math.abs(m.x - x);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return scatter && bestD > 24 ? null : best;
}

/** The first and last row a drag from `a` to `b` (SVG x) covers; the nearest one when it falls between two. */
function coveredRows(marks: Mark[], a: number, b: number): [number, number] | null {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const inside = marks.map((m, i) => (m.x >= lo && m.x <= hi ? i : -1)).filter((i) => i >= 0);
  if (inside.length) return [inside[0]!, inside.at(-1)!];
  const i = nearest(marks, (lo + hi) / 2, 0, false);
  return i === null ? null : [i, i];
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The date range a drag from `a` to `b` (SVG x) picks on a time series: its first row's day to its last (a week's Sunday). */
export function pickedRange(chart: Chart, a: number, b: number): { from: string; to: string } | null {
  const marks = chartMarks(chart);
  const rows = chart.select && chart.rowX ? coveredRows(marks, a, b) : null;
  if (!rows) return null;
  const day = (i: number) => String(chart.table.rows[i]![0]);
  return { from: day(rows[0]), to: chart.select === "week" ? addDays(day(rows[1]), 6) : day(rows[1]) };
}

/** Drags shorter than this (SVG units) are clicks. */
const MIN_DRAG = 6;

export function useChartInteraction(chart: Chart, enabled: boolean) {
  const marks = enabled ? chartMarks(chart) : [];
  const scatter = !chart.rowX && Boolean(chart.dots?.length);
  const selectable = enabled && Boolean(chart.select) && Boolean(chart.rowX?.length) && !chart.empty;
  const [active, setActive] = useState<number | null>(null);
  const [viaKeyboard, setViaKeyboard] = useState(false);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  // The band picked, kept while the new range loads (the chart says it is busy), gone once it shows.
  const [pending, setPending] = useState<{ from: number; to: number } | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => setPending(null), [location.search]);
  const { plot } = chart;

  const toSvg = (event: PointerEvent) => {
    const box = svgRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return null;
    return { x: ((event.clientX - box.left) / box.width) * chart.width, y: ((event.clientY - box.top) / box.height) * chart.height };
  };
  const clampX = (x: number) => Math.min(plot.right, Math.max(plot.left, x));

  const pickRange = (a: number, b: number) => {
    const range = pickedRange(chart, a, b);
    if (!range) return;
    const params = new URLSearchParams(location.search);
    params.set("from", range.from);
    params.set("to", range.to);
    setPending({ from: a, to: b });
    navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { preventScrollReset: true });
  };

  const svgProps = marks.length
    ? {
        ref: svgRef,
        onPointerMove(event: PointerEvent<SVGSVGElement>) {
          const p = toSvg(event);
          if (!p) return;
          if (drag) setDrag({ ...drag, to: clampX(p.x) });
          const inPlot = p.x >= plot.left - 8 && p.x <= plot.right + 8;
          setViaKeyboard(false);
          setActive(inPlot ? nearest(marks, p.x, p.y, scatter) : null);
        },
        onPointerLeave() {
          if (!drag) setActive(null);
        },
        onPointerDown(event: PointerEvent<SVGSVGElement>) {
          if (!selectable || event.button !== 0 || event.pointerType === "touch") return;
          const p = toSvg(event);
          if (!p || p.x < plot.left || p.x > plot.right) return;
          event.preventDefault();
          event.currentTarget.setPointerCapture(event.pointerId);
          setDrag({ from: p.x, to: p.x });
        },
        onPointerUp(event: PointerEvent<SVGSVGElement>) {
          if (!drag) return;
          const p = toSvg(event);
          const end = p ? clampX(p.x) : drag.to;
          setDrag(null);
          if (Math.abs(end - drag.from) >= MIN_DRAG) pickRange(drag.from, end);
        },
        onPointerCancel() {
          setDrag(null);
        },
        className: selectable ? "cursor-crosshair select-none" : undefined,
      }
    : { ref: svgRef };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!marks.length) return;
    const last = marks.length - 1;
    const at = active ?? -1;
    const next: Record<string, number | null> = {
      ArrowRight: Math.min(last, at + 1),
      ArrowDown: Math.min(last, at + 1),
      ArrowLeft: Math.max(0, at - 1),
      ArrowUp: Math.max(0, at - 1),
      Home: 0,
      End: last,
      Escape: null,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    setViaKeyboard(true);
    setActive(next[event.key]!);
  };

  const focusProps = marks.length
    ? {
        tabIndex: 0,
        role: "group",
        "aria-label": `${chart.title}: ${marks.length} data points. Use the arrow keys to read them.`,
        onKeyDown,
        onFocus(event: FocusEvent<HTMLDivElement>) {
          // A click focuses the chart too: only keyboard focus picks the first point.
          if (!event.currentTarget.matches(":focus-visible")) return;
          setViaKeyboard(true);
          setActive((a) => a ?? 0);
        },
        onBlur() {
          setActive(null);
        },
      }
    : {};

  const mark = active !== null ? marks[active] : undefined;
  const band = drag ?? pending;

  /** Inside the SVG: the guide line or ring at the active point, and the drag's band. */
  const overlay = (
    <>
      {mark ? (
        mark.y !== null && scatter ? (
          <circle cx={mark.x} cy={mark.y} r={8} fill="none" strokeWidth={2} className="pointer-events-none stroke-slate-500" />
        ) : (
          <line
            x1={mark.x}
            x2={mark.x}
            y1={plot.top}
            y2={plot.bottom}
            strokeWidth={1.5}
            className="pointer-events-none stroke-slate-500"
            data-testid="chart-guide"
          />
        )
      ) : null}
      {band && Math.abs(band.to - band.from) > 0 ? (
        <rect
          x={Math.min(band.from, band.to)}
          y={plot.top}
          width={Math.abs(band.to - band.from)}
          height={plot.bottom - plot.top}
          className="pointer-events-none fill-brand-500/20 stroke-brand-600"
          data-testid="chart-selection"
        />
      ) : null}
    </>
  );

  // A series' tooltip sits at the top of the plot beside the guide line (on the side with more
  // room); a dot's or bar's above its point, or below it when the point is near the top.
  const place = (m: Mark) => {
    const right = m.x / chart.width > 0.5;
    if (m.y === null) return `translate(${right ? "calc(-100% - 8px)" : "8px"}, 0)`;
    const across = m.x / chart.width < 0.3 ? "0%" : m.x / chart.width > 0.7 ? "-100%" : "-50%";
    return `translate(${across}, ${m.y / chart.height < 0.35 ? "12px" : "calc(-100% - 8px)"})`;
  };
  /** Beside the SVG: the tooltip (for the eye) and the announcement (for screen readers). */
  const tooltip = marks.length ? (
    <>
      {mark ? (
        <div
          aria-hidden="true"
          data-testid={`chart-${chart.id}-tooltip`}
          className="pointer-events-none absolute z-10 w-max max-w-[16rem] rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-lg"
          style={{
            left: `${(mark.x / chart.width) * 100}%`,
            top: `${((mark.y ?? plot.top) / chart.height) * 100}%`,
            transform: place(mark),
          }}
        >
          <p className="font-semibold">{mark.title}</p>
          {mark.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
        </div>
      ) : null}
      <p className="sr-only" role="status">
        {mark && viaKeyboard ? [mark.title, ...mark.lines].join(", ") : ""}
      </p>
    </>
  ) : null;

  return { svgProps, focusProps, overlay, tooltip, busy: pending !== null };
}
