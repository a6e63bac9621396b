import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest, makeOwner, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { hashToken, randomToken } from "../auth/tokens";
import { db, schema } from "../db";
import { boardApiAction } from "~/routes/api.projects.$id.board.server";
import { loadBoard } from "../projects/board-reads";
import { createProject } from "../projects/projects";
import { apiCallsThisMonth, currentPeriod } from "./api-usage";

async function bearerFor(userId: string) {
  const token = randomToken(32);
  await db()
    .insert(schema.sessions)
    .values({ idHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 3600_000) });
  return token;
}

const createCardBody = (columnId: string, title: string) => JSON.stringify({ intent: "create-card", columnId, title });

describe("API calls per month", () => {
  beforeEach(resetDb);

  it("counts bearer-token calls, refuses past the plan's limit with its message, and leaves the app's own calls alone", async () => {
    const { user, workspace } = await makeOwner();
    await db().update(schema.workspaces).set({ planId: "starter" }).where(eq(schema.workspaces.id, workspace.id));
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "API" });
    const column = (await loadBoard(member, project.id)).columns[0]!.id;
    await db()
      .insert(schema.usageCounters)
      .values({ workspaceId: workspace.id, metric: "api_calls", period: currentPeriod(), amount: 999 });
    const token = await bearerFor(user.id);
    const call = (title: string) =>
      boardApiAction(
        new Request(`http://localhost:3000/api/projects/${project.id}/board`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: createCardBody(column, title),
        }),
        project.id,
      );

    expect((await call("The thousandth")).status).toBe(200);
    expect(await apiCallsThisMonth(workspace.id)).toBe(1000);
    const refused = await call("One too many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: "quota_exceeded",
      status: 429,
      detail:
        "The Starter plan includes 1,000 API calls a month, and this workspace has used them. Upgrade your plan at /billing for more, or wait for next month.",
    });
    expect(await apiCallsThisMonth(workspace.id)).toBe(1000);

    // The browser's own calls (session cookie) are not API usage.
    const base = await authedRequest(user.id, `/api/projects/${project.id}/board`);
    const fromPage = await boardApiAction(
      new Request(base.url, {
        method: "POST",
        headers: { Cookie: base.headers.get("Cookie")!, "Content-Type": "application/json" },
        body: createCardBody(column, "From the page"),
      }),
      project.id,
    );
    expect(fromPage.status).toBe(200);
    const titles = (await db().select({ title: schema.cards.title }).from(schema.cards).where(eq(schema.cards.projectId, project.id))).map(
      (c) => c.title,
    );
    expect(titles.sort()).toEqual(["From the page", "The thousandth"]);
  });

  it("has no limit on Enterprise", async () => {
    const { user, workspace } = await makeOwner();
    await db().update(schema.workspaces).set({ planId: "enterprise" }).where(eq(schema.workspaces.id, workspace.id));
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "Big" });
    await db()
      .insert(schema.usageCounters)
      .values({ workspaceId: workspace.id, metric: "api_calls", period: currentPeriod(), amount: 5_000_000 });
    const token = await bearerFor(user.id);
    const res = await boardApiAction(
      new Request(`http://localhost:3000/api/projects/${project.id}/board`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: createCardBody((await loadBoard(member, project.id)).columns[0]!.id, "Still fine"),
      }),
      project.id,
    );
    expect(res.status).toBe(200);
    expect(await apiCallsThisMonth(workspace.id)).toBe(5_000_001);
  });
});
