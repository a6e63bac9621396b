import { describe, expect, it } from "vitest";
import { projectWithBoard, world } from "../world";

export function cycleScenarios() {
  describe("cycle writes", () => {
    it("creates, renames, fills (through the card's cycleId), closes and deletes a cycle", async () => {
      const w = await world();
      const { project, columns } = await projectWithBoard(w);
      const projectId = project.id;
      const backwards = await w.api.POST("/projects/{projectId}/cycles", {
        params: { path: { projectId } },
        body: { name: "Sprint 1", startsOn: "2030-01-14", endsOn: "2030-01-01" },
      });
      expect(backwards.error).toMatchObject({ code: "validation_failed", errors: [{ field: "endsOn" }] });
      const made = await w.api.POST("/projects/{projectId}/cycles", {
        params: { path: { projectId } },
        body: { name: "Sprint 1", startsOn: "2030-01-01", endsOn: "2030-01-14" },
      });
      expect(made.response.status).toBe(201);
      expect(made.data).toMatchObject({ object: "cycle", name: "Sprint 1", status: "upcoming", closedAt: null, cardCount: 0 });
      const path = { projectId, cycleId: made.data!.id };
      expect(made.response.headers.get("Location")).toBe(`/api/v1/projects/${projectId}/cycles/${path.cycleId}`);

      const renamed = await w.api.PATCH("/projects/{projectId}/cycles/{cycleId}", {
        params: { path, header: { "If-Match": made.response.headers.get("ETag")! } },
        body: { name: "Sprint one" },
      });
      expect(renamed.data).toMatchObject({ name: "Sprint one" });
      const moved = await w.api.PATCH("/projects/{projectId}/cycles/{cycleId}", {
        params: { path },
        body: { endsOn: "2030-01-21" },
      });
      expect(moved.data).toMatchObject({ startsOn: "2030-01-01", endsOn: "2030-01-21" });
      const backwardsDates = await w.api.PATCH("/projects/{projectId}/cycles/{cycleId}", {
        params: { path },
        body: { startsOn: "2030-02-01" },
      });
      expect(backwardsDates.error).toMatchObject({ code: "invalid_request", errors: [{ field: "endsOn" }] });
      const stale = await w.api.PATCH("/projects/{projectId}/cycles/{cycleId}", {
        params: { path, header: { "If-Match": made.response.headers.get("ETag")! } },
        body: { name: "Lost" },
      });
      expect(stale.response.status).toBe(412);

      const { data: card } = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId } },
        body: { columnId: columns[0]!.id, title: "In the sprint", cycleId: path.cycleId },
      });
      expect(card!.cycleId).toBe(path.cycleId);
      expect((await w.api.GET("/projects/{projectId}/cycles/{cycleId}", { params: { path } })).data).toMatchObject({ cardCount: 1 });

      const closed = await w.api.POST("/projects/{projectId}/cycles/{cycleId}/close", { params: { path } });
      expect(closed.response.status).toBe(200);
      expect(closed.data).toMatchObject({ status: "closed", cardCount: 1 });
      expect(closed.data!.closedAt).not.toBeNull();
      const twice = await w.api.POST("/projects/{projectId}/cycles/{cycleId}/close", { params: { path } });
      expect(twice.response.status).toBe(409);
      const frozen = await w.api.PATCH("/projects/{projectId}/cycles/{cycleId}", {
        params: { path },
        body: { endsOn: "2030-02-01" },
      });
      expect(frozen.error?.detail).toBe("Sprint one is closed: its dates are kept in its report.");

      const other = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId } },
        body: { columnId: columns[0]!.id, title: "Late" },
      });
      const refused = await w.api.PATCH("/projects/{projectId}/cards/{cardId}", {
        params: { path: { projectId, cardId: other.data!.id } },
        body: { cycleId: path.cycleId },
      });
      expect(refused.response.status).toBe(409);
      expect(refused.error?.detail).toBe("Sprint one is closed: it takes no more cards.");
      const out = await w.api.PATCH("/projects/{projectId}/cards/{cardId}", {
        params: { path: { projectId, cardId: card!.id } },
        body: { cycleId: null },
      });
      expect(out.data!.cycleId).toBeNull();

      const current = await w.api.GET("/projects/{projectId}/cycles/{cycleId}", { params: { path } });
      const deleted = await w.api.DELETE("/projects/{projectId}/cycles/{cycleId}", {
        params: { path, header: { "If-Match": current.response.headers.get("ETag")! } },
      });
      expect(deleted.response.status).toBe(204);
      expect((await w.api.GET("/projects/{projectId}/cycles/{cycleId}", { params: { path } })).response.status).toBe(404);
    });
  });
}
