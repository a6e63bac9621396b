import { describe, expect, it } from "vitest";
import { createCycle } from "~/.server/cycles/cycles";
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
  });
}
