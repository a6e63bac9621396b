import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { db, type Db, rowsOf, schema } from "../db";
import { createCard } from "../projects/cards";
import { createProject } from "../projects/projects";
import { publish, ready, stopRealtime } from "../realtime";
import { cachedInsights, computingNow, INSIGHT_TTL_MS, KEEP_WARM_MS, REFRESH_AHEAD_MS, refreshWarmInsights } from "./cache";
import { insightsFor } from "./index";
import { insightRefreshSettled, startInsightRefresh, stopInsightRefresh } from "./refresh";

/**
 * The background refresh (./refresh.ts, decision 025): a viewed project's insights are computed
 * again after a change, and before their lifetime runs out, so the pages find them ready.
 */
const MIN = 60_000;

/**
 * The database, but its `execute` calls after the first `passed` wait until `release()`:
 * holds a computation at a known statement, whatever the engine's speed.
 */
function heldAfter(passed: number) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let calls = 0;
  const real = db();
  const held = new Proxy(real, {
    get(target, key) {
      if (key === "execute")
        return async (query: Parameters<Db["execute"]>[0]) => {
          if (++calls > passed) await released;
          return target.execute(query);
        };
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: held, release };
}

/** The project's stored insights' titles, and whether a change is still waiting for them. */
async function stored(projectId: string) {
  const [row] = await db().select().from(schema.projectInsights).where(eq(schema.projectInsights.projectId, projectId));
  const [marks] = rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from insight_changes where project_id = ${projectId}::uuid`),
  );
  return { titles: row?.insights.map((i) => i.title) ?? null, changed: marks!.n > 0, computedFor: row?.computedFor ?? null };
}

describe("insights refreshed in the background", () => {
  beforeEach(resetDb);
  afterEach(stopInsightRefresh);
  afterAll(stopRealtime);

  it("computes a viewed project's insights after a change, and leaves a project nobody looked at", async () => {
    const { member, project, columns } = await ownerWithProject();
    const quiet = await createProject(member, { name: "Mobile" });
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Send the invoice", dueDate: "2020-01-01" });
    // The board reads its project's insights: it is now viewed.
    expect((await insightsFor(member, { projectId: project.id })).insights.map((i) => i.title)).toEqual(["1 card overdue"]);

    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Pay the rent", dueDate: "2020-02-01" });
    const quietColumn = (await db().select().from(schema.boardColumns).where(eq(schema.boardColumns.projectId, quiet.id)))[0]!;
    await createCard(member, quiet.id, { columnId: quietColumn.id, title: "Server is down", priority: "urgent" });
    expect(await stored(project.id)).toMatchObject({ titles: ["1 card overdue"], changed: true });

    expect(await refreshWarmInsights(db(), { now: new Date() })).toEqual([project.id]);
    expect(await stored(project.id)).toMatchObject({ titles: ["2 cards overdue"], changed: false });
    // Nobody has read Mobile's insights: nothing is computed for it until a page asks.
    expect(await stored(quiet.id)).toMatchObject({ titles: null });
    // Nothing left to do.
    expect(await refreshWarmInsights(db(), { now: new Date() })).toEqual([]);
  });

  it("computes them again shortly before their lifetime runs out, while someone looks at them", async () => {
    const { member, project, columns } = await ownerWithProject();
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Send the invoice", dueDate: "2020-01-01" });
    const now = new Date();
    await insightsFor(member, { projectId: project.id, now });
    const early = new Date(now.getTime() + INSIGHT_TTL_MS - REFRESH_AHEAD_MS - MIN);
    expect(await refreshWarmInsights(db(), { now: early })).toEqual([]);
    const ahead = new Date(now.getTime() + INSIGHT_TTL_MS - REFRESH_AHEAD_MS + 1000);
    expect(await refreshWarmInsights(db(), { now: ahead })).toEqual([project.id]);
    expect((await stored(project.id)).computedFor).toEqual(ahead);

    // Not read for longer than KEEP_WARM_MS: left until a page asks again.
    const unseen = new Date(now.getTime() + KEEP_WARM_MS + MIN);
    expect(await refreshWarmInsights(db(), { now: unseen })).toEqual([]);
    await insightsFor(member, { projectId: project.id, now: unseen });
    const next = new Date(unseen.getTime() + INSIGHT_TTL_MS);
    expect(await refreshWarmInsights(db(), { now: next })).toEqual([project.id]);
  });

  it("computes them again on a new day", async () => {
    const { member, project } = await ownerWithProject();
    const evening = new Date("2026-11-28T23:59:00Z");
    await insightsFor(member, { projectId: project.id, now: evening });
    expect(await refreshWarmInsights(db(), { now: new Date("2026-11-28T23:59:30Z") })).toEqual([]);
    expect(await refreshWarmInsights(db(), { now: new Date("2026-11-29T00:00:05Z") })).toEqual([project.id]);
  });

  it("leaves a project another process has claimed, until its claim runs out", async () => {
    const { member, project, columns } = await ownerWithProject();
    const now = new Date();
    await insightsFor(member, { projectId: project.id, now });
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Server is down", priority: "urgent" });
    await db()
      .update(schema.projectInsights)
      .set({ refreshingUntil: new Date(now.getTime() + 10_000) })
      .where(eq(schema.projectInsights.projectId, project.id));
    expect(await refreshWarmInsights(db(), { now })).toEqual([]);
    expect(await stored(project.id)).toMatchObject({ titles: [], changed: true });
    // That process went away: its claim lapses and the work is done here.
    const later = new Date(now.getTime() + 10_000);
    expect(await refreshWarmInsights(db(), { now: later })).toEqual([project.id]);
    expect(await stored(project.id)).toMatchObject({ titles: ["1 urgent card with nobody assigned"], changed: false });
    const [row] = await db().select().from(schema.projectInsights).where(eq(schema.projectInsights.projectId, project.id));
    expect(row!.refreshingUntil).toBeNull();
  });

  it("two processes refreshing at once compute each project once", async () => {
    const { member, project, columns } = await ownerWithProject();
    await insightsFor(member, { projectId: project.id });
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Server is down", priority: "urgent" });
    const now = new Date();
    const [a, b] = await Promise.all([refreshWarmInsights(db(), { now }), refreshWarmInsights(db(), { now })]);
    expect([...a, ...b]).toEqual([project.id]);
  });

  it("waits for a page already computing a project rather than computing it beside the page", async () => {
    const { member, project, columns } = await ownerWithProject();
    await insightsFor(member, { projectId: project.id });
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Server is down", priority: "urgent" });
    // A page reads the changed project and starts computing it; its computation is held at its
    // first statement, so the refresh surely starts while it runs, on either database (the
    // embedded one may otherwise finish it before the refresh gets a turn).
    const gate = heldAfter(1);
    const page = cachedInsights(gate.db, { workspaceId: member.workspace.id, projectId: project.id, now: new Date() });
    await vi.waitFor(() => expect(computingNow()).toContain(project.id));
    let pageDone = false;
    void page.then(() => (pageDone = true));
    const refresh = refreshWarmInsights(db(), { now: new Date() }).then((ids) => ({ ids, afterPage: pageDone }));
    gate.release();
    expect((await page).map((i) => i.title)).toEqual(["1 urgent card with nobody assigned"]);
    // The refresh ended after the page, and found nothing left to compute: the page's
    // computation accounted for the change.
    expect(await refresh).toEqual({ ids: [], afterPage: true });
    expect(await stored(project.id)).toMatchObject({ titles: ["1 urgent card with nobody assigned"], changed: false });
  });

  it("after a change anywhere, the running app has the viewed project's insights ready without a page asking", async () => {
    const { member, project, columns } = await ownerWithProject();
    await insightsFor(member, { projectId: project.id });
    startInsightRefresh();
    await ready(); // listening (a change made before that is the 30 s check's to find)
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Server is down", priority: "urgent" });
    // The change's notification reaches the refresh, which computes the project in the background.
    await vi.waitFor(
      async () => {
        await insightRefreshSettled();
        expect(await stored(project.id)).toMatchObject({ titles: ["1 urgent card with nobody assigned"], changed: false });
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it("after the LISTEN connection came back (a resync), checks every warm project: changes made meanwhile are computed", async () => {
    const { member, project, columns } = await ownerWithProject();
    await insightsFor(member, { projectId: project.id });
    // A change nobody was listening for (as while the connection was down).
    await createCard(member, project.id, { columnId: columns[1]!.id, title: "Server is down", priority: "urgent" });
    startInsightRefresh();
    await ready();
    // What the realtime layer tells every topic once it is listening again.
    await publish("insights", { type: "resync" });
    await vi.waitFor(
      async () => {
        await insightRefreshSettled();
        expect(await stored(project.id)).toMatchObject({ titles: ["1 urgent card with nobody assigned"], changed: false });
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});
