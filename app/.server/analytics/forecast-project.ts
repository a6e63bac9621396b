import { and, eq, gte, isNull, notInArray, sql } from "drizzle-orm";
import { CLOSED_STATE_GROUPS } from "~/lib/board";
import type { CompletionForecast, OnTimeForecast } from "~/lib/forecast";
import { db, schema } from "../db";
import { notFound } from "../errors";
import { getProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";
import { dayOf } from "./days";
import { forecastCompletion, forecastOnTime, historySentence, throughputHistory } from "./forecast";

/**
 * A project's forecasts for its analytics page: when its open cards will be done, and each
 * unfinished cycle's chance of finishing on time, from the same recent weekly throughput.
 */
export type ProjectForecast = {
  completion: CompletionForecast;
  cycles: { id: string; name: string; startsOn: string; endsOn: string; forecast: OnTimeForecast }[];
  /** How much history the forecasts used, in one sentence. */
  history: string;
};

const { boardColumns, cards, cycleCards, cycles } = schema;

export async function projectForecast(member: MemberContext, projectId: string, now = new Date()): Promise<ProjectForecast> {
  const project = await getProject(member, projectId);
  if (!project) throw notFound("That project");
  const ws = member.workspace.id;
  const open = notInArray(boardColumns.stateGroup, [...CLOSED_STATE_GROUPS]);
  const [history, counted, list] = await Promise.all([
    throughputHistory(db(), { workspaceId: ws, projectId: project.id }, now),
    db()
      .select({ remaining: sql<number>`count(*)`.mapWith(Number) })
      .from(cards)
      .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
      .where(and(eq(cards.workspaceId, ws), eq(cards.projectId, project.id), open)),
    db()
      .select({
        id: cycles.id,
        name: cycles.name,
        startsOn: cycles.startsOn,
        endsOn: cycles.endsOn,
        remaining: sql<number>`(select count(*) from ${cycleCards} cc join ${cards} c on c.id = cc.card_id
          join ${boardColumns} b on b.id = c.column_id
          where cc.cycle_id = cycles.id and cc.removed_at is null and b.state_group not in ('completed', 'cancelled'))`.mapWith(Number),
      })
      .from(cycles)
      .where(and(eq(cycles.workspaceId, ws), eq(cycles.projectId, project.id), isNull(cycles.closedAt), gte(cycles.endsOn, dayOf(now))))
      .orderBy(cycles.startsOn),
  ]);
  return {
    completion: forecastCompletion(counted[0]?.remaining ?? 0, history, now),
    cycles: list.map((c) => ({ ...c, forecast: forecastOnTime(c.remaining, c.endsOn, history, now) })),
    history: historySentence(history),
  };
}
