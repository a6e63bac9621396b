import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { makeOwner, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { apiMember } from "../http/api-member";
import { inRequestScope } from "../http/request-scope";
import { outbox, resetMailForTests } from "../mail";
import { apiCallsThisMonth, currentPeriod } from "../workspaces/api-usage";
import { createApiKey } from ".";

const keyed = (key: string) => new Request("http://localhost:3000/api/projects", { headers: { Authorization: `Bearer ${key}` } });

async function keyOn(planId: "starter" | "professional" | "enterprise") {
  const { user, workspace } = await makeOwner();
  await db().update(schema.workspaces).set({ planId }).where(eq(schema.workspaces.id, workspace.id));
  const member = await memberOf(user.id);
  const { id, key } = await createApiKey(member, { type: "workspace", name: "Sync", scopes: ["project:read"], expiresInDays: "never" });
  return { user, workspace, id, key };
}

/** The key has made `count` requests in the current minute (as if a script had). */
async function alreadyMade(keyId: string, count: number) {
  await db()
    .insert(schema.rateLimits)
    .values({ key: `api-key:${keyId}`, windowStart: new Date(), count });
}

describe("an API key's rate limit and the monthly quota", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("puts RateLimit and RateLimit-Policy on every keyed answer, from the plan's requests a minute", async () => {
    const { key } = await keyOn("starter");
    const { result, scope } = await inRequestScope(() => apiMember(keyed(key), "project"));
    expect(result).not.toBeInstanceOf(Response);
    expect(scope.responseHeaders?.["RateLimit-Policy"]).toBe('"per-key";q=60;w=60');
    expect(scope.responseHeaders?.RateLimit).toMatch(/^"per-key";r=59;t=([1-9]|[1-5][0-9]|60)$/);

    const pro = await keyOn("professional");
    const { scope: proScope } = await inRequestScope(() => apiMember(keyed(pro.key), "project"));
    expect(proScope.responseHeaders?.["RateLimit-Policy"]).toBe('"per-key";q=300;w=60');
  });

  it("answers the 61st request of a minute on Starter with 429, Retry-After and the headers, without counting it against the month", async () => {
    const { id, key, workspace } = await keyOn("starter");
    await alreadyMade(id, 59);
    const last = await apiMember(keyed(key), "project");
    expect(last).not.toBeInstanceOf(Response);
    const refused = (await apiMember(keyed(key), "project")) as Response;
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("RateLimit")).toBe(`"per-key";r=0;t=${retryAfter}`);
    expect(refused.headers.get("RateLimit-Policy")).toBe('"per-key";q=60;w=60');
    expect(await refused.json()).toMatchObject({ code: "rate_limited", status: 429 });
    expect(await apiCallsThisMonth(workspace.id)).toBe(1);
  });

  it("tells the owners at 80 % and at 100 % of the month's calls, then refuses with quota_exceeded until next month", async () => {
    const { key, workspace, user } = await keyOn("starter");
    await db()
      .insert(schema.usageCounters)
      .values({ workspaceId: workspace.id, metric: "api_calls", period: currentPeriod(), amount: 799 });
    await apiMember(keyed(key), "project");
    expect(outbox.map((m) => [m.to, m.subject])).toEqual([[user.email, `${workspace.name}: 80 % of this month's API calls used`]]);
    expect(outbox[0]!.text).toContain("800 of the 1,000 API calls");
    await apiMember(keyed(key), "project");
    expect(outbox).toHaveLength(1);

    await db().update(schema.usageCounters).set({ amount: 999 }).where(eq(schema.usageCounters.workspaceId, workspace.id));
    await apiMember(keyed(key), "project");
    expect(outbox.map((m) => m.subject)).toEqual([
      `${workspace.name}: 80 % of this month's API calls used`,
      `${workspace.name}: API calls used up for this month`,
    ]);

    const over = (await apiMember(keyed(key), "project")) as Response;
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ code: "quota_exceeded" });
    const now = new Date();
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const retryAfter = Number(over.headers.get("Retry-After"));
    expect(Math.abs(now.getTime() + retryAfter * 1000 - nextMonth)).toBeLessThan(60_000);
    expect(over.headers.get("RateLimit-Policy")).toBe('"per-key";q=60;w=60');
    expect(outbox).toHaveLength(2);
  });
});
