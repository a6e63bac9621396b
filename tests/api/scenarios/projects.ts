import { describe, expect, it } from "vitest";
import { rawRequest } from "../client";
import { world } from "../world";

export function projectScenarios() {
  describe("projects", () => {
    it("creates, reads, pages through, updates, archives and deletes a project", async () => {
      const w = await world();
      const created = await w.api.POST("/projects", { body: { name: "Website", description: "The new site" } });
      expect(created.response.status).toBe(201);
      const project = created.data!;
      expect(project).toMatchObject({ object: "project", name: "Website", description: "The new site", archived: false });
      expect(created.response.headers.get("Location")).toBe(`/api/v1/projects/${project.id}`);
      const etag = created.response.headers.get("ETag");
      expect(etag).toMatch(/^"[\w-]+"$/);

      const read = await w.api.GET("/projects/{projectId}", { params: { path: { projectId: project.id } } });
      expect(read.data).toEqual(project);
      expect(read.response.headers.get("ETag")).toBe(etag);
      // A conditional read of an unchanged project: 304, no body.
      const same = await rawRequest(`/projects/${project.id}`, { key: w.key, headers: { "If-None-Match": etag! } });
      expect(same.status).toBe(304);

      for (const name of ["Mobile app", "Brand"]) await w.api.POST("/projects", { body: { name } });
      const first = await w.api.GET("/projects", { params: { query: { limit: 2 } } });
      expect(first.data!.data.map((p) => p.name)).toEqual(["Website", "Mobile app"]);
      expect(first.data!.next).toMatch(/^\/api\/v1\/projects\?limit=2&cursor=[\w-]+$/);
      expect(first.response.headers.get("Link")).toBe(`<${first.data!.next}>; rel="next"`);
      const cursor = new URL(first.data!.next!, "http://x").searchParams.get("cursor")!;
      const second = await w.api.GET("/projects", { params: { query: { limit: 2, cursor } } });
      expect(second.data!.data.map((p) => p.name)).toEqual(["Brand"]);
      expect(second.data!.next).toBeNull();
      expect(second.response.headers.get("Link")).toBeNull();

      const renamed = await w.api.PATCH("/projects/{projectId}", {
        params: { path: { projectId: project.id }, header: { "If-Match": etag! } },
        body: { name: "Website 2" },
      });
      expect(renamed.response.status).toBe(200);
      expect(renamed.data).toMatchObject({ name: "Website 2", description: "The new site" });
      expect(renamed.response.headers.get("ETag")).not.toBe(etag);
      // The ETag read before the rename is stale now: 412, nothing changed.
      const stale = await w.api.PATCH("/projects/{projectId}", {
        params: { path: { projectId: project.id }, header: { "If-Match": etag! } },
        body: { name: "Lost" },
      });
      expect(stale.response.status).toBe(412);
      expect(stale.error).toMatchObject({ code: "precondition_failed", type: "/docs/api/problems/precondition-failed" });

      const archived = await w.api.PATCH("/projects/{projectId}", {
        params: { path: { projectId: project.id } },
        body: { archived: true },
      });
      expect(archived.data).toMatchObject({ name: "Website 2", archived: true, archivedAt: expect.any(String) });
      const active = await w.api.GET("/projects", {});
      expect(active.data!.data.map((p) => p.name)).toEqual(["Mobile app", "Brand"]);
      const old = await w.api.GET("/projects", { params: { query: { archived: "true" } } });
      expect(old.data!.data.map((p) => p.name)).toEqual(["Website 2"]);

      const deleted = await w.api.DELETE("/projects/{projectId}", { params: { path: { projectId: project.id } } });
      expect(deleted.response.status).toBe(204);
      const gone = await w.api.GET("/projects/{projectId}", { params: { path: { projectId: project.id } } });
      expect(gone.response.status).toBe(404);
      expect(gone.error).toMatchObject({ code: "not_found" });
    });

    it("a project of another workspace does not exist for this key", async () => {
      const mine = await world();
      const theirs = await world();
      const { data: project } = await theirs.api.POST("/projects", { body: { name: "Secret" } });
      const read = await mine.api.GET("/projects/{projectId}", { params: { path: { projectId: project!.id } } });
      expect(read.response.status).toBe(404);
      const del = await mine.api.DELETE("/projects/{projectId}", { params: { path: { projectId: project!.id } } });
      expect(del.response.status).toBe(404);
      expect((await mine.api.GET("/projects", {})).data!.data).toEqual([]);
    });
  });
}
