import type { CfdPoint, FinishedCard, ThroughputWeek } from "~/lib/analytics";
import type { Chart, MoreChartId } from "~/lib/analytics-charts";
import type { MemberContext } from "../workspaces";
import { distributionChart, histogramChart, wipChart, withThroughputTrend } from "./breakdown-charts";
import { openDistribution } from "./distribution";
import { projectForecast, type ProjectForecast } from "./forecast-project";
import { projectFlow } from "./reports";

/**
 * What the project analytics page shows beside ./charts.ts's charts: the histograms, work in
 * progress over time, the open cards' distributions (in page order) and the forecasts. The
 * flow is the one projectFlow read (so the project is already checked to be the member's).
 */
type Flow = { project: { id: string }; cfd: CfdPoint[]; finished: FinishedCard[]; throughput: ThroughputWeek[] };

export async function moreProjectCharts(member: MemberContext, flow: Flow, range: { from: string; to: string }): Promise<Chart[]> {
  const dist = await openDistribution({ workspaceId: member.workspace.id, projectId: flow.project.id });
  return [
    histogramChart("cycle", flow.finished),
    histogramChart("lead", flow.finished),
    wipChart(flow.cfd, range),
    distributionChart("assignee", dist),
    distributionChart("label", dist),
    distributionChart("priority", dist),
  ];
}

export async function projectExtras(
  member: MemberContext,
  flow: Flow,
  range: { from: string; to: string },
  now = new Date(),
): Promise<{ charts: Chart[]; forecast: ProjectForecast }> {
  const [charts, forecast] = await Promise.all([moreProjectCharts(member, flow, range), projectForecast(member, flow.project.id, now)]);
  return { charts, forecast };
}

/** The weekly throughput chart of ./charts.ts with its trend line. */
export const withTrend = (charts: Chart[], flow: Flow | null) =>
  flow ? charts.map((c) => (c.id === "throughput" ? withThroughputTrend(c, flow.throughput) : c)) : charts;

/** The file name part of each new chart's CSV download. */
export const MORE_FILE_NAMES: Record<MoreChartId, string> = {
  "cycle-histogram": "cycle-time-histogram",
  "lead-histogram": "lead-time-histogram",
  wip: "work-in-progress",
  assignee: "open-cards-by-assignee",
  label: "open-cards-by-label",
  priority: "open-cards-by-priority",
};

export const isMoreChartId = (id: string): id is MoreChartId => Object.hasOwn(MORE_FILE_NAMES, id);

/** One of the new charts of a project for the CSV download (404 for a project outside the workspace). */
export async function moreChartFor(
  member: MemberContext,
  projectId: string,
  range: { from: string; to: string },
  id: MoreChartId,
): Promise<{ chart: Chart; projectName: string }> {
  const flow = await projectFlow(member, projectId, range);
  const chart = (await moreProjectCharts(member, flow, range)).find((c) => c.id === id)!;
  return { chart, projectName: flow.project.name };
}
