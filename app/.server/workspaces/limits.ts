import { and, count, eq, isNull } from "drizzle-orm";
import { getPlan, type PlanId, type PlanLimits } from "~/lib/plans";
import { db, schema, type Db } from "../db";
import { BoardError } from "../projects/errors";
import { countSeats } from "./team";

/**
 * The one place that counts what the plans limit, per workspace. Until billing
 * exists a workspace is on its 14-day trial with Professional limits; the billing
 * work sets plan_id from the subscription and adds read-only after a trial ends.
 */
export type LimitedResource = "projects" | "members";

export async function planOf(tx: Db, workspaceId: string): Promise<{ planId: PlanId; limits: PlanLimits; name: string }> {
  const [ws] = await tx
    .select({ planId: schema.workspaces.planId })
    .from(schema.workspaces)
    .where(eq(schema.workspaces.id, workspaceId));
  const plan = getPlan((ws?.planId ?? "professional") as PlanId) ?? getPlan("professional")!;
  return { planId: plan.id, limits: plan.limits, name: plan.name };
}

export async function usageOf(tx: Db, workspaceId: string) {
  const [p] = await tx
    .select({ n: count() })
    .from(schema.projects)
    .where(and(eq(schema.projects.workspaceId, workspaceId), isNull(schema.projects.archivedAt)));
  return { projects: Number(p?.n ?? 0), members: await countSeats(workspaceId, tx) };
}

export function limitMessage(planName: string, resource: LimitedResource, limit: number): string {
  const what = resource === "projects" ? `${limit} active projects` : `${limit} members (including pending invitations)`;
  return `The ${planName} plan includes ${what}. Upgrade your plan to add more, or archive what you no longer need.`;
}

/** Throws a 403 with a message naming the plan and the limit when one more would exceed it. */
export async function assertCanAdd(tx: Db, workspaceId: string, resource: LimitedResource): Promise<void> {
  const { limits, name } = await planOf(tx, workspaceId);
  const limit = resource === "projects" ? limits.projects : limits.users;
  if (limit === null) return;
  const usage = await usageOf(tx, workspaceId);
  if (usage[resource] >= limit) throw new BoardError(403, limitMessage(name, resource, limit));
}
