import type { CfdPoint } from "~/lib/analytics";
import type { Chart } from "~/lib/analytics-charts";
import type { CycleChoice } from "~/lib/cycles";
import { isUuid } from "~/lib/ids";
import { getCycle, listCycles } from "../cycles/cycles";
import type { MemberContext } from "../workspaces";
import { burndownChart, burnupChart, burnUnit, rangeBurnSeries } from "./burn-charts";

/**
 * /analytics' burn-up and burndown for a project: of one of its cycles (`?cycle=`: live while
 * it is open, its frozen report once closed) or, without one, of the page's date range (from
 * the cumulative flow: every card on the board but the cancelled ones, and the completed; in
 * estimate points when any card is estimated, as a cycle's).
 */
export type BurnSection = { cycles: CycleChoice[]; cycleId: string | null; charts: Chart[] };

export async function burnSection(
  member: MemberContext,
  flow: { project: { id: string }; cfd: CfdPoint[]; cfdPoints?: CfdPoint[] | null },
  range: { from: string; to: string },
  cycleId: string | null,
): Promise<BurnSection> {
  const list = await listCycles(member, flow.project.id);
  const cycles = list.map(({ id, name, startsOn, endsOn, status }) => ({ id, name, startsOn, endsOn, status }));
  const chosen = cycleId && isUuid(cycleId) && list.some((c) => c.id === cycleId) ? cycleId : null;
  if (chosen) {
    const cycle = await getCycle(member, flow.project.id, chosen);
    const window = { from: cycle.startsOn, to: cycle.endsOn, name: cycle.name };
    const unit = burnUnit(cycle.series);
    return { cycles, cycleId: chosen, charts: [burnupChart(cycle.series, window, unit), burndownChart(cycle.series, window, unit)] };
  }
  const series = rangeBurnSeries(flow.cfd, flow.cfdPoints);
  const window = { ...range, name: "this range", selectable: true };
  const unit = burnUnit(series);
  return { cycles, cycleId: null, charts: [burnupChart(series, window, unit), burndownChart(series, window, unit)] };
}
