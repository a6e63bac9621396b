import { and, eq } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { SNOOZE_DAYS, type Insight } from "~/lib/insights";
import { DAY_MS } from "../analytics/days";
import { db, schema, type Db } from "../db";
import { notFound, UserError } from "../errors";
import { requireRead } from "../access";
import { getProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";
import { cachedInsights } from "./cache";
import { loadInsightData } from "./data";
import { runRules } from "./rules";

/**
 * Insights (issue 10): what needs attention in a workspace or one project, computed from the
 * data (./data.ts reads, ./rules.ts decides). The pages read them through the per-project cache
 * (./cache.ts: computed again once anything they rest on changes, or after a few minutes), and
 * apply each member's dismissals and snoozes (insight_states) after it, which hide an insight
 * from that member until its evidence changes (its evidenceHash) or, for a snooze, a week has passed.
 */
export type { Insight } from "~/lib/insights";
export { runRules } from "./rules";

/** Every insight of the workspace (or of one project), most severe first; for the pages and the weekly digest. */
export async function computeInsights(tx: Db, opts: { workspaceId: string; projectId?: string; now?: Date }): Promise<Insight[]> {
  const data = await loadInsightData(tx, { workspaceId: opts.workspaceId, projectId: opts.projectId, now: opts.now ?? new Date() });
  return runRules(data);
}

/** How a member left an insight: shown (`open`), dismissed until its evidence changes, or snoozed until a time. */
export type InsightState = { state: "open" } | { state: "dismissed" } | { state: "snoozed"; until: Date | null };

/** This member's state of each of `insights` (a dismissal or a snooze holds only while the evidence is the same). */
export async function insightStates(
  tx: Db,
  who: { workspaceId: string; userId: string },
  insights: Insight[],
  now = new Date(),
): Promise<InsightState[]> {
  const states = await tx
    .select()
    .from(schema.insightStates)
    .where(and(eq(schema.insightStates.workspaceId, who.workspaceId), eq(schema.insightStates.userId, who.userId)));
  const byId = new Map(states.map((s) => [s.insightId, s]));
  return insights.map((i): InsightState => {
    const s = byId.get(i.id);
    if (!s || s.evidenceHash !== i.evidenceHash) return { state: "open" };
    if (s.state === "dismissed") return { state: "dismissed" };
    return s.until !== null && s.until.getTime() <= now.getTime() ? { state: "open" } : { state: "snoozed", until: s.until };
  });
}

/** Of `insights`, those this member has not dismissed or snoozed (with the same evidence). */
export async function withoutHidden(
  tx: Db,
  who: { workspaceId: string; userId: string },
  insights: Insight[],
  now = new Date(),
): Promise<{ insights: Insight[]; hidden: number }> {
  const states = await insightStates(tx, who, insights, now);
  const shown = insights.filter((_, i) => states[i]!.state === "open");
  return { insights: shown, hidden: insights.length - shown.length };
}

/** Every insight of the workspace or one project (404 for a project outside it), hidden ones too; viewers see them. */
export async function allInsights(member: MemberContext, opts: { projectId?: string; now?: Date } = {}): Promise<Insight[]> {
  requireRead(member, "analytics");
  if (opts.projectId && !(await getProject(member, opts.projectId))) throw notFound("That project");
  return cachedInsights(db(), { workspaceId: member.workspace.id, projectId: opts.projectId, now: opts.now ?? new Date() });
}

/** The member's insights for the workspace or one project (404 for a project outside it); viewers see them too. */
export async function insightsFor(
  member: MemberContext,
  opts: { projectId?: string; now?: Date } = {},
): Promise<{ insights: Insight[]; hidden: number }> {
  const now = opts.now ?? new Date();
  const all = await allInsights(member, { ...opts, now });
  return withoutHidden(db(), { workspaceId: member.workspace.id, userId: member.user.id }, all, now);
}

/**
 * Dismiss an insight (until its evidence changes) or snooze it for a week. The insight must be
 * one the member can see now, so the hash stored is the one shown. Personal: it hides the
 * insight for this member only, and is allowed in a read-only workspace.
 */
export async function hideInsight(
  member: MemberContext,
  input: { insightId: string; how: "dismiss" | "snooze" },
  now = new Date(),
): Promise<Insight> {
  requireRead(member, "analytics");
  const projectId = input.insightId.split(":")[1];
  const all = projectId && isUuid(projectId) ? await cachedInsights(db(), { workspaceId: member.workspace.id, projectId, now }) : [];
  const insight = all.find((i) => i.id === input.insightId);
  if (!insight) throw new UserError(404, "That insight no longer applies: the page shows what needs attention now.");
  const values = {
    workspaceId: member.workspace.id,
    userId: member.user.id,
    insightId: insight.id,
    state: input.how === "dismiss" ? ("dismissed" as const) : ("snoozed" as const),
    evidenceHash: insight.evidenceHash,
    until: input.how === "snooze" ? new Date(now.getTime() + SNOOZE_DAYS * DAY_MS) : null,
    createdAt: now,
  };
  await db()
    .insert(schema.insightStates)
    .values(values)
    .onConflictDoUpdate({
      target: [schema.insightStates.workspaceId, schema.insightStates.userId, schema.insightStates.insightId],
      set: { state: values.state, evidenceHash: values.evidenceHash, until: values.until, createdAt: now },
    });
  return insight;
}
