import { describe, expect, it } from "vitest";
import { createApiKey } from "~/.server/api-keys";
import { createCycle } from "~/.server/cycles/cycles";
import { memberOf } from "../../support/factories";
import { apiClient } from "../client";
import { projectWithBoard, world } from "../world";

export function workspaceScenarios() {
  describe("members and cycles", () => {
    it("lists the workspace's members and reads one; another workspace's member is not found", async () => {
      const w = await world();
      const { data, response } = await w.api.GET("/members", {});
      expect(response.status).toBe(200);
      expect(data!.data.map((m) => [m.name, m.role])).toEqual([
        ["Ada Owner", "owner"],
        ["Grace Colleague", "member"],
      ]);
      const one = await w.api.GET("/members/{userId}", { params: { path: { userId: w.colleague.id } } });
      expect(one.data).toMatchObject({ object: "member", id: w.colleague.id, email: w.colleague.email, role: "member" });
      const other = await world();
      const stranger = await w.api.GET("/members/{userId}", { params: { path: { userId: other.owner.id } } });
      expect(stranger.response.status).toBe(404);
    });

    it("lists a project's cycles with their cards", async () => {
      const w = await world();
      const { project, columns } = await projectWithBoard(w);
      const cycle = await createCycle(w.member, project.id, { name: "Sprint 1", startsOn: "2030-01-01", endsOn: "2030-01-14" });
      await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId: project.id } },
        body: { columnId: columns[0]!.id, title: "A" },
      });
      const { data } = await w.api.GET("/projects/{projectId}/cycles", { params: { path: { projectId: project.id } } });
      expect(data!.data).toEqual([
        expect.objectContaining({
          object: "cycle",
          id: cycle.id,
          name: "Sprint 1",
          startsOn: "2030-01-01",
          status: "upcoming",
          cardCount: 0,
        }),
      ]);
    });

    it("a personal key reads its owner's notifications, newest first; a workspace key is refused", async () => {
      const w = await world();
      const { project, columns } = await projectWithBoard(w);
      for (const title of ["First", "Second"]) {
        await w.api.POST("/projects/{projectId}/cards", {
          params: { path: { projectId: project.id } },
          body: { columnId: columns[0]!.id, title, assigneeIds: [w.colleague.id] },
        });
      }
      const { key } = await createApiKey(await memberOf(w.colleague.id), {
        type: "personal",
        name: "Mine",
        scopes: ["workspace:read"],
        expiresInDays: "30",
      });
      const mine = apiClient(key);
      const page = await mine.GET("/notifications", { params: { query: { limit: 1 } } });
      expect(page.response.status).toBe(200);
      expect(page.data!.data).toEqual([expect.objectContaining({ object: "notification", kind: "assigned", read: false })]);
      expect(page.data!.data[0]!.title).toContain("Second");
      const cursor = new URL(page.data!.next!, "http://x").searchParams.get("cursor")!;
      const rest = await mine.GET("/notifications", { params: { query: { limit: 1, cursor, unread: "true" } } });
      expect(rest.data!.data[0]!.title).toContain("First");
      const refused = await w.api.GET("/notifications", {});
      expect(refused.response.status).toBe(403);
      expect(refused.error).toMatchObject({ code: "forbidden" });
    });
  });
}
