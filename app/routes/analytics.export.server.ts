import type { LoaderFunctionArgs } from "@remix-run/node";
import { chartCsv, projectCharts } from "~/.server/analytics/charts";
import { burnSection } from "~/.server/analytics/burn-section";
import { projectFlow } from "~/.server/analytics/reports";
import { isUserError } from "~/.server/errors";
import { requireMember, type MemberContext } from "~/.server/workspaces";
import type { ChartId, MoreChartId } from "~/lib/analytics-charts";
import { isMoreChartId, MORE_FILE_NAMES, moreChartFor } from "~/.server/analytics/project-breakdown-charts";
import { rangeFrom } from "~/.server/analytics/range";

/**
 * GET /analytics/export?project=<id>&chart=cfd|cfd-column|throughput|cycle|lead|aging|burnup|burndown&from=&to=(&cycle=): one chart's data as a
 * CSV download (the same range and numbers as the page's data table). Viewers may download;
 * another workspace's project, or one that does not exist, is a 404.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<Response> {
  const member = await requireMember(request);
  const url = new URL(request.url);
  const kind = url.searchParams.get("chart");
  if (kind && isMoreChartId(kind)) return moreChartDownload(member, url, kind);
  if (!kind || !Object.hasOwn(FILE_NAMES, kind))
    return text(400, "Choose a chart: cfd, cfd-column, throughput, cycle, lead, aging, burnup or burndown.");
  const range = rangeFrom(url);
  try {
    const flow = await projectFlow(member, url.searchParams.get("project") ?? "", range);
    const charts =
      kind === "burnup" || kind === "burndown"
        ? (await burnSection(member, flow, range, url.searchParams.get("cycle"))).charts
        : projectCharts(flow, range, kind === "cfd-column" ? "column" : "group");
    const chart = charts.find((c) => c.id === kind)!;
    const slug =
      flow.project.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "project";
    const name = `${slug}-${FILE_NAMES[kind as ChartId]}-${range.from}-to-${range.to}.csv`;
    return new Response(chartCsv(chart), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isUserError(error)) throw error;
    return text(error.status, error.message);
  }
}

const FILE_NAMES: Record<ChartId, string> = {
  cfd: "cumulative-flow",
  "cfd-column": "cumulative-flow-by-column",
  throughput: "throughput",
  cycle: "cycle-time",
  lead: "lead-time",
  aging: "aging-work",
  burnup: "burn-up",
  burndown: "burndown",
};

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private" } });

/** The histograms, work in progress and distributions (chart=cycle-histogram|lead-histogram|wip|assignee|label|priority). */
async function moreChartDownload(member: MemberContext, url: URL, kind: MoreChartId): Promise<Response> {
  const range = rangeFrom(url);
  try {
    const { chart, projectName } = await moreChartFor(member, url.searchParams.get("project") ?? "", range, kind);
    const slug =
      projectName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "project";
    return new Response(chartCsv(chart), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${slug}-${MORE_FILE_NAMES[kind]}-${range.from}-to-${range.to}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (!isUserError(error)) throw error;
    return text(error.status, error.message);
  }
}
