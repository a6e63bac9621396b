import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import type { Chart } from "~/lib/analytics-charts";
import { CYCLE_STATUS_LABELS, type CycleChoice } from "~/lib/cycles";
import { ChartFigure } from "./chart-figure";

/**
 * /analytics' burn-up and burndown: a GET form picks a cycle of the project or the page's
 * date range (it works without JavaScript, and the URL can be shared), then both charts with
 * their summaries, data tables and CSV downloads.
 */
export function BurnSection({
  projectId,
  range,
  burn,
  cfdBy,
}: {
  projectId: string;
  range: { from: string; to: string };
  burn: { cycles: CycleChoice[]; cycleId: string | null; charts: Chart[] };
  cfdBy: string;
}) {
  const csv = (chart: Chart) =>
    `/analytics/export?${new URLSearchParams({
      project: projectId,
      from: range.from,
      to: range.to,
      chart: chart.id,
      ...(burn.cycleId ? { cycle: burn.cycleId } : {}),
    }).toString()}`;
  return (
    <section aria-labelledby="burn-title" id="burn" className="scroll-mt-20 space-y-4 xl:col-span-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="burn-title" className="text-base font-semibold text-slate-900">
          Burn-up and burndown
        </h3>
        <Form method="get" action="/analytics#burn" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="project" value={projectId} />
          <input type="hidden" name="from" value={range.from} />
          <input type="hidden" name="to" value={range.to} />
          {cfdBy === "column" ? <input type="hidden" name="cfd" value="column" /> : null}
          <label className="text-sm font-medium text-slate-700">
            Burn-up of
            <select
              name="cycle"
              defaultValue={burn.cycleId ?? ""}
              className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm"
            >
              <option value="">The date range above</option>
              {burn.cycles.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.name} (${CYCLE_STATUS_LABELS[c.status].toLowerCase()})`}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass("secondary", "md")}>
            Show burn-up
          </button>
        </Form>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        {burn.charts.map((chart) => (
          <ChartFigure key={chart.id} chart={chart} csvHref={csv(chart)} />
        ))}
      </div>
    </section>
  );
}
