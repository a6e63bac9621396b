import { describe, expect, it } from "vitest";
import { projectWithBoard, world } from "../world";

export function boardScenarios() {
  describe("columns", () => {
    it("lists, adds, updates, moves and deletes a board's columns", async () => {
      const w = await world();
      const { project, columns } = await projectWithBoard(w);
      expect(columns.map((c) => [c.name, c.index])).toEqual([
        ["Backlog", 0],
        ["To do", 1],
        ["In progress", 2],
        ["Review", 3],
        ["Done", 4],
      ]);
      const projectId = project.id;
      const added = await w.api.POST("/projects/{projectId}/columns", {
        params: { path: { projectId } },
        body: { name: "QA", stateGroup: "started" },
      });
      expect(added.response.status).toBe(201);
      expect(added.data).toMatchObject({ name: "QA", stateGroup: "started", index: 5, wipLimit: null });
      const columnId = added.data!.id;
      const updated = await w.api.PATCH("/projects/{projectId}/columns/{columnId}", {
        params: { path: { projectId, columnId }, header: { "If-Match": added.response.headers.get("ETag")! } },
        body: { name: "Testing", wipLimit: 3 },
      });
      expect(updated.data).toMatchObject({ name: "Testing", wipLimit: 3 });
      const moved = await w.api.POST("/projects/{projectId}/columns/{columnId}/move", {
        params: { path: { projectId, columnId } },
        body: { direction: "left" },
      });
      expect(moved.data).toMatchObject({ name: "Testing", index: 4 });
      const card = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId } },
        body: { columnId, title: "Check it" },
      });
      // A column with cards needs somewhere for them to go.
      const refused = await w.api.DELETE("/projects/{projectId}/columns/{columnId}", { params: { path: { projectId, columnId } } });
      expect(refused.response.status).toBe(400);
      expect(refused.error).toMatchObject({ code: "invalid_request", errors: [{ field: "moveTo" }] });
      const done = columns[4]!.id;
      const deleted = await w.api.DELETE("/projects/{projectId}/columns/{columnId}", {
        params: { path: { projectId, columnId }, query: { moveCardsTo: done } },
      });
      expect(deleted.response.status).toBe(204);
      const after = await w.api.GET("/projects/{projectId}/columns", { params: { path: { projectId } } });
      expect(after.data!.data.map((c) => c.name)).toEqual(["Backlog", "To do", "In progress", "Review", "Done"]);
      const moveds = await w.api.GET("/projects/{projectId}/cards/{cardId}", { params: { path: { projectId, cardId: card.data!.id } } });
      expect(moveds.data!.columnId).toBe(done);
    });
  });

  describe("cards", () => {
    it("creates a card with every field, reads it, and filters the list as the board does", async () => {
      const w = await world();
      const { project, columns, label } = await projectWithBoard(w);
      const projectId = project.id;
      const created = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId } },
        body: {
          columnId: columns[1]!.id,
          title: "Write the brief",
          description: "Two pages",
          priority: "high",
          dueDate: "2030-01-15",
          estimate: 3,
          assigneeIds: [w.owner.id],
          labelIds: [label.id],
        },
      });
      expect(created.response.status).toBe(201);
      const card = created.data!;
      expect(card).toMatchObject({
        object: "card",
        number: 1,
        title: "Write the brief",
        description: "Two pages",
        priority: "high",
        dueDate: "2030-01-15",
        estimate: 3,
        assigneeIds: [w.owner.id],
        labelIds: [label.id],
        columnId: columns[1]!.id,
      });
      expect(created.response.headers.get("Location")).toBe(`/api/v1/projects/${projectId}/cards/${card.id}`);
      await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId } },
        body: { columnId: columns[0]!.id, title: "Pick colours" },
      });
      await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId } },
        body: { columnId: columns[0]!.id, title: "Logo", priority: "high", assigneeIds: [w.colleague.id] },
      });

      const list = (query: Record<string, string | number>) =>
        w.api.GET("/projects/{projectId}/cards", { params: { path: { projectId }, query } }).then((r) => r.data!.data.map((c) => c.title));
      expect(await list({})).toEqual(["Write the brief", "Pick colours", "Logo"]);
      expect(await list({ priority: "high" })).toEqual(["Write the brief", "Logo"]);
      expect(await list({ assignee: "me" })).toEqual(["Write the brief"]);
      expect(await list({ assignee: "none" })).toEqual(["Pick colours"]);
      expect(await list({ label: label.id })).toEqual(["Write the brief"]);
      expect(await list({ q: "colour" })).toEqual(["Pick colours"]);
      expect(await list({ column: columns[0]!.id })).toEqual(["Pick colours", "Logo"]);
      const page = await w.api.GET("/projects/{projectId}/cards", { params: { path: { projectId }, query: { limit: 2 } } });
      expect(page.data!.data.map((c) => c.number)).toEqual([1, 2]);
      const cursor = new URL(page.data!.next!, "http://x").searchParams.get("cursor")!;
      expect(await list({ limit: 2, cursor })).toEqual(["Logo"]);

      const bad = await w.api.GET("/projects/{projectId}/cards", {
        params: { path: { projectId }, query: { limit: 500, cursor: "nonsense" } },
      });
      expect(bad.response.status).toBe(400);
      expect(bad.error).toMatchObject({ code: "validation_failed", errors: [{ field: "limit" }] });
    });

    it("updates, moves and deletes a card, refusing a write against a stale ETag", async () => {
      const w = await world();
      const { project, columns, label } = await projectWithBoard(w);
      const projectId = project.id;
      const { data: card, response } = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId } },
        body: { columnId: columns[0]!.id, title: "Draft" },
      });
      const etag = response.headers.get("ETag")!;
      const cardId = card!.id;
      const path = { projectId, cardId };
      const updated = await w.api.PATCH("/projects/{projectId}/cards/{cardId}", {
        params: { path, header: { "If-Match": etag } },
        body: { title: "Final", priority: "urgent", estimate: 5, labelIds: [label.id], assigneeIds: [w.colleague.id], dueDate: null },
      });
      expect(updated.response.status).toBe(200);
      expect(updated.data).toMatchObject({
        title: "Final",
        priority: "urgent",
        estimate: 5,
        labelIds: [label.id],
        assigneeIds: [w.colleague.id],
      });
      expect(updated.data!.version).toBeGreaterThan(card!.version);
      const stale = await w.api.PATCH("/projects/{projectId}/cards/{cardId}", {
        params: { path, header: { "If-Match": etag } },
        body: { title: "Lost" },
      });
      expect(stale.response.status).toBe(412);
      const staleDelete = await w.api.DELETE("/projects/{projectId}/cards/{cardId}", { params: { path, header: { "If-Match": etag } } });
      expect(staleDelete.response.status).toBe(412);
      // Taking a label off is a change the card's version does not count; the ETag does.
      const before = updated.response.headers.get("ETag")!;
      const unlabelled = await w.api.PATCH("/projects/{projectId}/cards/{cardId}", { params: { path }, body: { labelIds: [] } });
      expect(unlabelled.data!.labelIds).toEqual([]);
      expect(unlabelled.response.headers.get("ETag")).not.toBe(before);

      const other = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId } },
        body: { columnId: columns[2]!.id, title: "Other" },
      });
      const moved = await w.api.POST("/projects/{projectId}/cards/{cardId}/move", {
        params: { path },
        body: { columnId: columns[2]!.id, beforeId: other.data!.id },
      });
      expect(moved.response.status).toBe(200);
      expect(moved.data).toMatchObject({ columnId: columns[2]!.id, startedAt: expect.any(String) });
      const inColumn = await w.api.GET("/projects/{projectId}/cards", {
        params: { path: { projectId }, query: { column: columns[2]!.id } },
      });
      expect(inColumn.data!.data.map((c) => c.title).sort()).toEqual(["Final", "Other"]);

      const deleted = await w.api.DELETE("/projects/{projectId}/cards/{cardId}", { params: { path } });
      expect(deleted.response.status).toBe(204);
      expect((await w.api.GET("/projects/{projectId}/cards/{cardId}", { params: { path } })).response.status).toBe(404);
    });
  });
}
