import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { askSchema } from "~/lib/forms/ask";
import { projectCharts } from "~/.server/analytics/charts";
import { forPage } from "~/.server/analytics/page-charts";
import { projectExtras, withTrend } from "~/.server/analytics/project-breakdown-charts";
import { burnSection } from "~/.server/analytics/burn-section";
import { rangeFrom } from "~/.server/analytics/range";
import { projectFlow, workspaceOverview } from "~/.server/analytics/reports";
import { isUserError } from "~/.server/errors";
import { orErrorPage, parseSubmission } from "~/.server/http/submission";
import { llmEnabled } from "~/.server/llm";
import { askAboutProject } from "~/.server/llm/ask";
import { projectSummary } from "~/.server/llm/project-summary";
import { insightsFor } from "~/.server/insights";
import { requireMember } from "~/.server/workspaces";

/**
 * /analytics: the workspace overview, and with `?project=` that project's flow for a date
 * range (`from`, `to`: a GET form; default the last 8 weeks); `cfd=column` draws the cumulative
 * flow by column instead of by state group. Viewers may read it.
 */
export const loader = ({ request }: LoaderFunctionArgs) => analyticsLoader(request);

export async function analyticsLoader(request: Request) {
  const member = await requireMember(request);
  const url = new URL(request.url);
  const range = rangeFrom(url);
  const projectId = url.searchParams.get("project");
  // The overview, the project's flow and the insights (of the workspace: the page shows the
  // project's when one is chosen) do not wait for each other: on Postgres their queries run at once.
  const [overview, flow, insights] = await Promise.all([
    workspaceOverview(member),
    projectId ? orErrorPage(() => projectFlow(member, projectId, range)) : null,
    insightsFor(member),
  ]);
  // The charts' geometry is drawn here, so the page ships no charting code.
  const cfdBy = url.searchParams.get("cfd") === "column" ? "column" : "group";
  const charts = withTrend(flow ? projectCharts(flow, range, cfdBy) : [], flow).map(forPage);
  const times = flow?.times ?? null;
  // The histograms, work in progress, distributions and forecasts (issue 10), and the burn-up and
  // burndown of a cycle (`?cycle=`) or of the range.
  const [extras, burn] = flow
    ? await Promise.all([
        projectExtras(member, flow, range),
        orErrorPage(() => burnSection(member, flow, range, url.searchParams.get("cycle"))),
      ])
    : [null, null];
  const more = extras ? { ...extras, charts: extras.charts.map(forPage) } : null;
  // With a language model configured: the project's written summary and "Ask about this project".
  const llm = llmEnabled()
    ? {
        summary: flow
          ? await projectSummary(
              member,
              flow,
              overview.find((p) => p.id === flow.project.id),
              range,
              insights.insights.filter((i) => i.projectId === flow.project.id),
            )
          : null,
      }
    : null;
  // The page needs the project of the flow, not its rows (thousands of finished cards at a big project).
  return { overview, range, flow: flow ? { project: flow.project } : null, charts, times, cfdBy, llm, burn, insights, more };
}

/** POST /analytics: "Ask about this project" (the question becomes the board's filter). */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const submission = await parseSubmission(request, askSchema);
  if (submission.status !== "success") return data({ reply: submission.reply(), answer: null }, { status: 400 });
  try {
    const answer = await askAboutProject(member, submission.value.project, submission.value.question);
    return { reply: submission.reply(), answer };
  } catch (error) {
    if (!isUserError(error)) throw error;
    return data({ reply: submission.reply({ formErrors: [error.message] }), answer: null }, { status: error.status });
  }
}
