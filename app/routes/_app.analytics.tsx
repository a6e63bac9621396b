import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AskAboutProject } from "~/components/analytics/ask";
import { BurnSection } from "~/components/analytics/burn-section";
import { ChartFigure } from "~/components/analytics/chart-figure";
import { MoreCharts } from "~/components/analytics/more-charts";
import { WorkspaceOverview } from "~/components/analytics/overview";
import { RangeForm } from "~/components/analytics/range-form";
import { ProjectSummary } from "~/components/analytics/summary";
import { TimeStats } from "~/components/analytics/time-stats";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { InsightsSection } from "~/components/insights/insights-section";
import { EmptyState, ScreenHeader, screenMeta } from "~/components/shell/screen";
import { formatDay } from "~/lib/dates";
import type { action, loader } from "./_app.analytics.server";

export { action, loader } from "./_app.analytics.server";

export const meta: MetaFunction = screenMeta("Analytics");

export default function Analytics() {
  const { overview, range, flow, charts, times, cfdBy, llm, burn, insights, more } = useLoaderData<typeof loader>();
  const asked = useActionData<typeof action>();
  const query = (projectId: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({ project: projectId, from: range.from, to: range.to, ...extra }).toString();
  return (
    <>
      <ScreenHeader title="Analytics" description="Velocity, cycle time and progress across your projects." />
      {overview.length === 0 ? (
        <EmptyState icon="analytics" title="No projects yet" action={{ to: "/projects", label: "Go to Projects" }}>
          <p>Charts appear here once your team has a project and has moved a few cards across its board.</p>
        </EmptyState>
      ) : (
        <div className="space-y-8">
          <WorkspaceOverview projects={overview} query={query} atRisk={insights.insights.filter((i) => i.type === "cycle-at-risk")} />
          <InsightsSection insights={insights.insights} hidden={insights.hidden} project={flow?.project ?? null} />
          <section id="project-flow" aria-labelledby="project-flow-title" className="scroll-mt-20 space-y-4">
            <h2 id="project-flow-title" className="text-lg font-semibold text-slate-900">
              {flow ? `${flow.project.name}: ${formatDay(range.from)} to ${formatDay(range.to)}` : "Project charts"}
            </h2>
            <RangeForm projects={overview} projectId={flow?.project.id ?? null} range={range} />
            {flow ? (
              <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
                {llm?.summary ? <ProjectSummary summary={llm.summary} /> : null}
                {llm ? (
                  <AskAboutProject
                    projectId={flow.project.id}
                    action={`/analytics?${query(flow.project.id, cfdBy === "column" ? { cfd: "column" } : {})}`}
                    reply={asked?.reply}
                    answer={asked?.answer ?? null}
                  />
                ) : null}
                <nav aria-label="Cumulative flow view" className="flex flex-wrap gap-2 text-sm xl:col-span-2">
                  <span className="text-slate-600">Cumulative flow:</span>
                  {(
                    [
                      ["group", "By state group"],
                      ["column", "By column"],
                    ] as const
                  ).map(([by, label]) => (
                    <Link
                      key={by}
                      to={`/analytics?${query(flow.project.id, by === "column" ? { cfd: "column" } : {})}#project-flow`}
                      aria-current={cfdBy === by ? "page" : undefined}
                      className={`rounded-md px-2 py-0.5 font-medium ${cfdBy === by ? "bg-slate-200 text-slate-900" : "text-brand-700 hover:underline"}`}
                    >
                      {label}
                    </Link>
                  ))}
                </nav>
                {charts.map((chart) => (
                  <ChartFigure key={chart.id} chart={chart} csvHref={`/analytics/export?${query(flow.project.id, { chart: chart.id })}`} />
                ))}
                {times ? <TimeStats cycle={times.cycle} lead={times.lead} /> : null}
                {more ? (
                  <MoreCharts
                    charts={more.charts}
                    forecast={more.forecast}
                    csvHref={(id) => `/analytics/export?${query(flow.project.id, { chart: id })}`}
                  />
                ) : null}
                {burn ? <BurnSection projectId={flow.project.id} range={range} burn={burn} cfdBy={cfdBy} /> : null}
              </div>
            ) : (
              <p className="text-sm text-slate-600">
                Choose a project and a date range to see its cumulative flow, weekly throughput, cycle time and lead time.
              </p>
            )}
          </section>
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
