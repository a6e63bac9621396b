import { describe, expect, it } from "vitest";
import { addDays, dayOf } from "~/.server/analytics/days";
import { createApiKey } from "~/.server/api-keys";
import { createCycle } from "~/.server/cycles/cycles";
import { hideInsight } from "~/.server/insights";
import { apiClient } from "../client";
import { projectWithBoard, world, type World } from "../world";

/** A board with one card finished today, one overdue and one waiting. */
async function boardWithWork(w: World) {
  const { project, columns } = await projectWithBoard(w);
  const first = columns.find((c) => c.stateGroup === "unstarted")!;
  const done = columns.find((c) => c.stateGroup === "completed")!;
  const card = async (title: string, dueDate?: string) =>
    (
      await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId: project.id } },
        body: { columnId: first.id, title, ...(dueDate ? { dueDate } : {}) },
      })
    ).data!;
  const finished = await card("Ship it");
  await card("Late", "2020-01-02");
  await card("Waiting");
  await w.api.POST("/projects/{projectId}/cards/{cardId}/move", {
    params: { path: { projectId: project.id, cardId: finished.id } },
    body: { columnId: done.id },
  });
  return { project, finished };
}

export function analyticsScenarios() {
  describe("analytics and insights", () => {
    it("gives each project's overview and a project's figures for the page's date range", async () => {
      const w = await world();
      const { project, finished } = await boardWithWork(w);
      const overview = await w.api.GET("/analytics/projects", {});
      expect(overview.data!.data).toEqual([
        { object: "project_overview", projectId: project.id, name: "Website", throughput4w: 1, wip: 0, overdue: 1 },
      ]);
      const today = dayOf(new Date());
      const { data, response } = await w.api.GET("/analytics/projects/{projectId}", {
        params: { path: { projectId: project.id }, query: { from: addDays(today, -6), to: today } },
      });
      expect(response.status).toBe(200);
      expect(data).toMatchObject({ object: "project_analytics", projectId: project.id, from: addDays(today, -6), to: today });
      expect(data!.throughput.reduce((n, week) => n + week.completed, 0)).toBe(1);
      expect(data!.finished).toEqual([expect.objectContaining({ cardId: finished.id, title: "Ship it", cycleDays: null })]);
      expect(data!.leadTime).toMatchObject({ count: 1 });
      expect(data!.cycleTime).toBeNull();
      expect(data!.cumulativeFlow.at(-1)).toMatchObject({ day: today, unstarted: 2, completed: 1 });
      expect(data!.burn).toMatchObject({ cycleId: null, unit: "cards" });
      expect(data!.burn.days.at(-1)).toMatchObject({ day: today, scopeCards: 3, doneCards: 1 });
      expect(data!.openCards.total).toBe(2);
      expect(data!.forecast).toMatchObject({ remaining: 2 });
    });

    it("a cycle's burn-up is its own; an unknown cycle or another workspace's project is not found", async () => {
      const w = await world();
      const { project } = await boardWithWork(w);
      const today = dayOf(new Date());
      const cycle = await createCycle(w.member, project.id, { name: "Sprint 1", startsOn: today, endsOn: today });
      const path = { projectId: project.id };
      const own = await w.api.GET("/analytics/projects/{projectId}", { params: { path, query: { cycle: cycle.id } } });
      expect(own.data!.burn.cycleId).toBe(cycle.id);
      const unknown = await w.api.GET("/analytics/projects/{projectId}", {
        params: { path, query: { cycle: "00000000-0000-4000-8000-000000000000" } },
      });
      expect(unknown.response.status).toBe(404);
      const bad = await w.api.GET("/analytics/projects/{projectId}", { params: { path, query: { from: "last week" } } });
      expect(bad.response.status).toBe(400);
      expect(bad.error!.errors).toEqual([expect.objectContaining({ field: "from" })]);
      const stranger = await world();
      const theirs = await stranger.api.GET("/analytics/projects/{projectId}", { params: { path } });
      expect(theirs.response.status).toBe(404);
    });

    it("lists the insights; a personal key sees how its owner left each, a workspace key no one's", async () => {
      const w = await world();
      const { project } = await boardWithWork(w);
      const all = await w.api.GET("/insights", {});
      expect(all.response.status).toBe(200);
      const overdue = all.data!.data.find((i) => i.type === "overdue")!;
      expect(overdue).toMatchObject({ object: "insight", projectId: project.id, projectName: "Website", state: null, snoozedUntil: null });
      await hideInsight(w.member, { insightId: overdue.id, how: "snooze" });
      const { key } = await createApiKey(w.member, {
        type: "personal",
        name: "Mine",
        scopes: ["analytics:read", "project:read"],
        expiresInDays: "30",
      });
      const mine = await apiClient(key).GET("/insights", { params: { query: { project: project.id } } });
      const snoozed = mine.data!.data.find((i) => i.id === overdue.id)!;
      expect(snoozed.state).toBe("snoozed");
      expect(Date.parse(snoozed.snoozedUntil!)).toBeGreaterThan(Date.now());
      expect(mine.data!.data.filter((i) => i.id !== overdue.id).every((i) => i.state === "open")).toBe(true);
      // The workspace key still lists it as no one's.
      expect((await w.api.GET("/insights", {})).data!.data.find((i) => i.id === overdue.id)!.state).toBeNull();
    });
  });
}
