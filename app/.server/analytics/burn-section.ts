import type { CfdPoint } from "~/lib/analytics";
import type { Chart } from "~/lib/analytics-charts";
import type { BurnPoint, CycleChoice } from "~/lib/cycles";
import { isUuid } from "~/lib/ids";
import { getCycle, listCycles } from "../cycles/cycles";
import type { MemberContext } from "../workspaces";
import { burndownChart, burnupChart, burnUnit, rangeBurnSeries, type BurnUnit, type BurnWindow } from "./burn-charts";

/**
 * /analytics' burn-up and burndown for a project: of one of its cycles (`?cycle=`: live while
 * it is open, its frozen report once closed) or, without one, of the page's date range (from
 * the cumulative flow: every card on the board but the cancelled ones, and the completed; in
 * estimate points when any card is estimated, as a cycle's).
 */
export type BurnSection = { cycles: CycleChoice[]; cycleId: string | null; charts: Chart[] };

/** The burn-up's and burndown's numbers: the chosen cycle's (null: the range's), each day's scope and done, and their unit. */
export type BurnData = { cycles: CycleChoice[]; cycleId: string | null; series: BurnPoint[]; window: BurnWindow; unit: BurnUnit };

export async function burnData(
  member: MemberContext,
  flow: { project: { id: string }; cfd: CfdPoint[]; cfdPoints?: CfdPoint[] | null },
  range: { from: string; to: string },
  cycleId: string | null,
): Promise<BurnData> {
  const list = await listCycles(member, flow.project.id);
  const cycles = list.map(({ id, name, startsOn, endsOn, status }) => ({ id, name, startsOn, endsOn, status }));
  const chosen = cycleId && isUuid(cycleId) && list.some((c) => c.id === cycleId) ? cycleId : null;
  if (chosen) {
    const cycle = await getCycle(member, flow.project.id, chosen);
    const window = { from: cycle.startsOn, to: cycle.endsOn, name: cycle.name };
    return { cycles, cycleId: chosen, series: cycle.series, window, unit: burnUnit(cycle.series) };
  }
  const series = rangeBurnSeries(flow.cfd, flow.cfdPoints);
  return { cycles, cycleId: null, series, window: { ...range, name: "this range", selectable: true }, unit: burnUnit(series) };
}

export async function burnSection(
  member: MemberContext,
  flow: { project: { id: string }; cfd: CfdPoint[]; cfdPoints?: CfdPoint[] | null },
  range: { from: string; to: string },
  cycleId: string | null,
): Promise<BurnSection> {
  const { cycles, cycleId: chosen, series, window, unit } = await burnData(member, flow, range, cycleId);
  return { cycles, cycleId: chosen, charts: [burnupChart(series, window, unit), burndownChart(series, window, unit)] };
}
