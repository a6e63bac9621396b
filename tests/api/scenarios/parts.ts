import { describe, expect, it } from "vitest";
import { projectWithBoard, world } from "../world";

export function partScenarios() {
  describe("comments and checklist items", () => {
    it("comments on a card and pages through its comments", async () => {
      const w = await world();
      const { project, columns } = await projectWithBoard(w);
      const { data: card } = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId: project.id } },
        body: { columnId: columns[0]!.id, title: "Draft" },
      });
      const path = { projectId: project.id, cardId: card!.id };
      const first = await w.api.POST("/projects/{projectId}/cards/{cardId}/comments", {
        params: { path },
        body: { body: "Looks **good**" },
      });
      expect(first.response.status).toBe(201);
      expect(first.data).toMatchObject({ object: "comment", body: "Looks **good**", authorId: w.owner.id, edited: false });
      expect(first.data!.html).toContain("<strong>good</strong>");
      await w.api.POST("/projects/{projectId}/cards/{cardId}/comments", { params: { path }, body: { body: "Second" } });
      const page = await w.api.GET("/projects/{projectId}/cards/{cardId}/comments", { params: { path, query: { limit: 1 } } });
      expect(page.data!.data.map((c) => c.body)).toEqual(["Looks **good**"]);
      const cursor = new URL(page.data!.next!, "http://x").searchParams.get("cursor")!;
      const rest = await w.api.GET("/projects/{projectId}/cards/{cardId}/comments", { params: { path, query: { limit: 1, cursor } } });
      expect(rest.data!.data.map((c) => c.body)).toEqual(["Second"]);
      expect(rest.data!.next).toBeNull();
    });

    it("adds, ticks and removes checklist items", async () => {
      const w = await world();
      const { project, columns } = await projectWithBoard(w);
      const { data: card } = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId: project.id } },
        body: { columnId: columns[0]!.id, title: "Launch" },
      });
      const path = { projectId: project.id, cardId: card!.id };
      const added = await w.api.POST("/projects/{projectId}/cards/{cardId}/checklist", { params: { path }, body: { text: "Copy" } });
      expect(added.response.status).toBe(201);
      expect(added.data).toMatchObject({ object: "checklist_item", text: "Copy", done: false });
      await w.api.POST("/projects/{projectId}/cards/{cardId}/checklist", { params: { path }, body: { text: "Images" } });
      const itemId = added.data!.id;
      const ticked = await w.api.PATCH("/projects/{projectId}/cards/{cardId}/checklist/{itemId}", {
        params: { path: { ...path, itemId }, header: { "If-Match": added.response.headers.get("ETag")! } },
        body: { done: true },
      });
      expect(ticked.data).toMatchObject({ text: "Copy", done: true });
      const list = await w.api.GET("/projects/{projectId}/cards/{cardId}/checklist", { params: { path } });
      expect(list.data!.data.map((i) => [i.text, i.done])).toEqual([
        ["Copy", true],
        ["Images", false],
      ]);
      const removed = await w.api.DELETE("/projects/{projectId}/cards/{cardId}/checklist/{itemId}", {
        params: { path: { ...path, itemId } },
      });
      expect(removed.response.status).toBe(204);
      const again = await w.api.DELETE("/projects/{projectId}/cards/{cardId}/checklist/{itemId}", {
        params: { path: { ...path, itemId } },
      });
      expect(again.response.status).toBe(404);
    });
  });
}
