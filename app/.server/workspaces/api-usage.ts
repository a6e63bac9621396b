import { and, eq, sql } from "drizzle-orm";
import { db, schema, rowsOf } from "../db";
import { appLink, sendMail } from "../mail";
import { planOf } from "./limits";

/**
 * API calls per month, the plans' fourth limit. What counts is the product's JSON API used
 * by an API client (a request with `Authorization: Bearer …`); the app's own pages calling
 * it with the browser's session cookie are not "API calls". Counted per workspace and
 * calendar month (UTC) in `usage_counters`, one upsert per call.
 */
export function currentPeriod(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

export function isApiClient(request: Request): boolean {
  return (request.headers.get("Authorization") ?? "").startsWith("Bearer ");
}

export async function apiCallsThisMonth(workspaceId: string, now = new Date()): Promise<number> {
  const [row] = await db()
    .select({ amount: schema.usageCounters.amount })
    .from(schema.usageCounters)
    .where(
      and(
        eq(schema.usageCounters.workspaceId, workspaceId),
        eq(schema.usageCounters.metric, "api_calls"),
        eq(schema.usageCounters.period, currentPeriod(now)),
      ),
    );
  return Number(row?.amount ?? 0);
}

export type ApiQuota = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

/** Counts one call; past the plan's monthly limit the call is refused (and not counted). */
export async function recordApiCall(workspaceId: string, now = new Date()): Promise<ApiQuota> {
  const { limits, name } = await planOf(db(), workspaceId);
  const period = currentPeriod(now);
  const limit = limits.apiCalls;
  const result = await db().execute<{ amount: number }>(sql`
    insert into usage_counters (workspace_id, metric, period, amount)
    values (${workspaceId}, 'api_calls', ${period}, 1)
    on conflict (workspace_id, metric, period) do update set amount = usage_counters.amount + 1
    where ${limit === null ? sql`true` : sql`usage_counters.amount < ${limit}`}
    returning amount`);
  const rows = rowsOf<{ amount: number }>(result);
  if (rows.length > 0) {
    // The one call that reaches 80 % (or 100 %) tells the owners: the upsert gives each amount to one call only.
    const amount = Number(rows[0]!.amount);
    if (limit !== null && (amount === warningAt(limit) || amount === limit)) await tellOwners(workspaceId, name, limit, amount);
    return { ok: true };
  }
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return {
    ok: false,
    retryAfterSeconds: Math.max(1, Math.ceil((nextMonth - now.getTime()) / 1000)),
    message: `The ${name} plan includes ${limit!.toLocaleString("en-US")} API calls a month, and this workspace has used them. Upgrade your plan at /billing for more, or wait for next month.`,
  };
}

/** The call that warns the owners before the quota runs out. */
function warningAt(limit: number): number {
  return Math.ceil(limit * 0.8);
}

/** The owners' e-mail at 80 % and at 100 % of the month's API calls. A failing mail server does not fail the call. */
async function tellOwners(workspaceId: string, planName: string, limit: number, amount: number): Promise<void> {
  const owners = await db()
    .select({ email: schema.users.email, fullName: schema.users.fullName, workspace: schema.workspaces.name })
    .from(schema.memberships)
    .innerJoin(schema.users, eq(schema.users.id, schema.memberships.userId))
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, schema.memberships.workspaceId))
    .where(and(eq(schema.memberships.workspaceId, workspaceId), eq(schema.memberships.role, "owner")));
  const full = amount >= limit;
  const used = `${amount.toLocaleString("en-US")} of the ${limit.toLocaleString("en-US")} API calls`;
  for (const owner of owners) {
    const text = [
      owner.fullName.trim() ? `Hi ${owner.fullName.trim()},` : "Hi,",
      full
        ? `${owner.workspace} has used all ${limit.toLocaleString("en-US")} API calls its ${planName} plan includes this month. Further calls are refused (429 quota_exceeded) until the first of next month (UTC).`
        : `${owner.workspace} has used ${used} its ${planName} plan includes this month (80 %). At 100 % further calls are refused until the first of next month (UTC).`,
      `See the usage or change the plan: ${appLink("/billing")}`,
      "— Atelier",
    ].join("\n\n");
    try {
      await sendMail({
        to: owner.email,
        subject: full ? `${owner.workspace}: API calls used up for this month` : `${owner.workspace}: 80 % of this month's API calls used`,
        text,
      });
    } catch {
      // sendMail has logged it; the call itself goes ahead.
    }
  }
}
