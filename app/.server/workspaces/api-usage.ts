import { and, eq, sql } from "drizzle-orm";
import { db, schema, rowsOf } from "../db";
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
  if (rows.length > 0) return { ok: true };
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return {
    ok: false,
    retryAfterSeconds: Math.max(1, Math.ceil((nextMonth - now.getTime()) / 1000)),
    message: `The ${name} plan includes ${limit!.toLocaleString("en-US")} API calls a month, and this workspace has used them. Upgrade your plan at /billing for more, or wait for next month.`,
  };
}
