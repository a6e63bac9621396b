import { and, eq } from "drizzle-orm";
import { schema } from "../db";
import { UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import { requireAccess, requireRole } from "../access";
import { scopeOf } from "../projects/scope";
import type { MemberContext } from "../workspaces";
import { requireCycle } from "./cycles";

/**
 * An open cycle's dates (the public API's `PATCH …/cycles/:id`): its burn-up is rebuilt from
 * history over the new days, so nothing else changes. A closed cycle keeps its dates: its
 * report froze them. The cycles page's own limits (end on or after start, at most a year).
 */
const { cycles } = schema;

const YEAR_MS = 366 * 86_400_000;

export async function rescheduleCycle(
  member: MemberContext,
  projectId: string,
  cycleId: string,
  days: { startsOn: string; endsOn: string },
) {
  requireRole(member, "card", "change");
  const ctx = scopeOf(member, projectId);
  if (days.endsOn < days.startsOn) throw new UserError(400, "The cycle must end on or after its start.", "endsOn");
  if (Date.parse(days.endsOn) - Date.parse(days.startsOn) > YEAR_MS) throw new UserError(400, "A cycle lasts at most a year.", "endsOn");
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const cycle = await requireCycle(tx, ctx, cycleId, true);
    if (cycle.closedAt) throw new UserError(409, `${cycle.name} is closed: its dates are kept in its report.`);
    const from = { startsOn: cycle.startsOn, endsOn: cycle.endsOn };
    if (from.startsOn === days.startsOn && from.endsOn === days.endsOn) return false;
    await tx
      .update(cycles)
      .set(days)
      .where(and(eq(cycles.id, cycle.id), eq(cycles.workspaceId, ctx.workspaceId), eq(cycles.projectId, ctx.projectId)));
    await emit(tx, {
      kind: "cycle.rescheduled",
      ...envelope(member, ctx.projectId),
      subject: { id: cycle.id, name: cycle.name },
      change: { from, to: { ...days } },
    });
    return true;
  });
}
