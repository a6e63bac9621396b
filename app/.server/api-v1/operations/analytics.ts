import type { ApiKeyMember } from "../../api-keys/authenticate";
import { burnData } from "../../analytics/burn-section";
import { openDistribution } from "../../analytics/distribution";
import { projectForecast } from "../../analytics/forecast-project";
import { rangeFrom } from "../../analytics/range";
import { projectFlow, workspaceOverview } from "../../analytics/reports";
import { db } from "../../db";
import { notFound } from "../../errors";
import { allInsights, insightStates } from "../../insights";
import type { MemberContext } from "../../workspaces";
import { objectAnswer, wholeListAnswer } from "../http";
import { operation } from "../operation";
import { pageOf } from "../schemas";
import {
  analyticsProjectParams,
  insightListQuery,
  insightSchema,
  projectAnalyticsQuery,
  projectAnalyticsSchema,
  projectOverviewSchema,
  type ApiInsight,
  type ApiProjectAnalytics,
} from "../schemas-analytics";

/**
 * The analytics page's figures and the insights, read only. Every figure comes from the
 * page's own services (projectFlow, burnData, projectForecast, openDistribution,
 * workspaceOverview), with the page's query parameters (`from`, `to`, `cycle`), so the API
 * and the page cannot disagree.
 */

/** A key that is no one person (a workspace key) has no dismissals or snoozes of its own. */
const personOf = (member: MemberContext) => ((member as Partial<ApiKeyMember>).apiKey?.type === "workspace" ? null : member.user.id);

async function projectAnalytics(member: MemberContext, projectId: string, url: URL, cycleId?: string): Promise<ApiProjectAnalytics> {
  const range = rangeFrom(url);
  const flow = await projectFlow(member, projectId, range);
  const [burn, forecast, open] = await Promise.all([
    burnData(member, flow, range, cycleId ?? null),
    projectForecast(member, flow.project.id),
    openDistribution({ workspaceId: member.workspace.id, projectId: flow.project.id }),
  ]);
  if (cycleId && burn.cycleId !== cycleId) throw notFound("That cycle");
  const completion = forecast.completion;
  return {
    object: "project_analytics",
    projectId: flow.project.id,
    from: range.from,
    to: range.to,
    throughput: flow.throughput,
    cumulativeFlow: flow.cfd,
    cycleTime: flow.times.cycle,
    leadTime: flow.times.lead,
    finished: flow.finished,
    aging: flow.aging.map((c) => ({
      columnId: c.id,
      name: c.name,
      cards: c.cards.map(({ id, ...card }) => ({ cardId: id, ...card })),
    })),
    burn: { cycleId: burn.cycleId, unit: burn.unit, days: burn.series },
    forecast: {
      remaining: completion.remaining,
      status: completion.status,
      p50: completion.status === "ok" ? completion.p50 : null,
      p85: completion.status === "ok" ? completion.p85 : null,
      p95: completion.status === "ok" ? completion.p95 : null,
      history: forecast.history,
      cycles: forecast.cycles.map((c) => ({
        cycleId: c.id,
        name: c.name,
        endsOn: c.endsOn,
        remaining: c.forecast.remaining,
        probability: c.forecast.status === "ok" ? c.forecast.probability : null,
      })),
    },
    openCards: { total: open.open, byAssignee: open.assignee, byLabel: open.label, byPriority: open.priority },
  };
}

export const analyticsOperations = [
  operation({
    id: "listProjectOverviews",
    method: "get",
    path: "/analytics/projects",
    tag: "Analytics",
    summary: "The workspace's projects at a glance",
    description:
      "Per active project, by name, the analytics page's overview: throughput of the last 28 days, work in progress, overdue cards.",
    kind: "analytics",
    action: "read",
    success: { status: 200, schema: pageOf(projectOverviewSchema, "ProjectOverviewList"), description: "The projects.", list: true },
    problems: [],
    handle: async ({ member }) =>
      wholeListAnswer(
        (await workspaceOverview(member)).map(({ id, ...figures }) => ({ object: "project_overview" as const, projectId: id, ...figures })),
      ),
  }),
  operation({
    id: "getProjectAnalytics",
    method: "get",
    path: "/analytics/projects/{projectId}",
    tag: "Analytics",
    summary: "A project's figures",
    description:
      "What the analytics page shows for a project over a date range (the page's `from` and `to`, default the last 8 weeks): throughput, cumulative flow, cycle and lead time, aging work, the burn-up and burndown (of the range, or of `cycle`), forecasts and the open cards' distributions. Each figure's unit is in its description. A key needs `analytics:read` and `project:read`.",
    kind: "analytics",
    action: "read",
    params: analyticsProjectParams,
    query: projectAnalyticsQuery,
    success: { status: 200, schema: projectAnalyticsSchema, description: "The figures.", etag: true },
    problems: [400, 404],
    handle: async ({ member, url, params, query }) => objectAnswer(await projectAnalytics(member, params.projectId, url, query.cycle)),
  }),
  operation({
    id: "listInsights",
    method: "get",
    path: "/insights",
    tag: "Analytics",
    summary: "List insights",
    description:
      "What needs attention in the workspace (or one project), most severe first, all on one page, each with its evidence. With a personal key, each carries how its owner left it (open, dismissed, snoozed); dismissed and snoozed ones are listed too. With `project`, a key needs `project:read` as well.",
    kind: "analytics",
    action: "read",
    query: insightListQuery,
    success: { status: 200, schema: pageOf(insightSchema, "InsightList"), description: "The insights.", list: true },
    problems: [400, 404],
    handle: async ({ member, query }) => {
      const now = new Date();
      const insights = await allInsights(member, { projectId: query.project, now });
      const userId = personOf(member);
      const states = userId ? await insightStates(db(), { workspaceId: member.workspace.id, userId }, insights, now) : null;
      const data = insights.map((insight, i): ApiInsight => {
        const s = states?.[i];
        return {
          object: "insight",
          id: insight.id,
          type: insight.type,
          severity: insight.severity,
          title: insight.title,
          action: insight.action,
          evidence: insight.evidence,
          projectId: insight.projectId,
          projectName: insight.projectName,
          state: s ? s.state : null,
          snoozedUntil: s?.state === "snoozed" && s.until ? s.until.toISOString() : null,
        };
      });
      return wholeListAnswer(data);
    },
  }),
];
