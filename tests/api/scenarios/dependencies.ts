import { describe, expect, it } from "vitest";
import { projectWithBoard, world, type World } from "../world";

async function cards(w: World, projectId: string, columnId: string, titles: string[]) {
  const made = [];
  for (const title of titles) {
    const { data } = await w.api.POST("/projects/{projectId}/cards", { params: { path: { projectId } }, body: { columnId, title } });
    made.push(data!);
  }
  return made;
}

export function dependencyScenarios() {
  describe("dependencies", () => {
    it("adds a block, lists it from both cards, refuses what the app refuses, and removes it", async () => {
      const w = await world();
      const { project, columns } = await projectWithBoard(w);
      const [a, b] = await cards(w, project.id, columns[0]!.id, ["Design", "Build"]);
      const elsewhere = await projectWithBoard(w, "Other");
      const [d] = await cards(w, elsewhere.project.id, elsewhere.columns[0]!.id, ["Elsewhere"]);
      const on = (card: { id: string }) => ({ projectId: project.id, cardId: card.id });

      const added = await w.api.POST("/projects/{projectId}/cards/{cardId}/dependencies", {
        params: { path: on(b!) },
        body: { cardId: a!.id, direction: "blocked_by" },
      });
      expect(added.response.status).toBe(201);
      expect(added.data).toEqual({
        object: "dependency",
        blockerId: a!.id,
        blockedId: b!.id,
        blocker: { id: a!.id, number: a!.number, title: "Design", open: true },
        blocked: { id: b!.id, number: b!.number, title: "Build", open: true },
      });
      const ofA = await w.api.GET("/projects/{projectId}/cards/{cardId}/dependencies", { params: { path: on(a!) } });
      expect(ofA.data).toMatchObject({ object: "card_dependencies", cardId: a!.id, blockedBy: [], blocks: [{ id: b!.id }] });

      const refusals = [
        { other: b!.id, direction: "blocks", status: 400, code: "dependency_self" },
        { other: a!.id, direction: "blocked_by", status: 409, code: "dependency_exists" },
        { other: a!.id, direction: "blocks", status: 409, code: "dependency_loop" },
        { other: d!.id, direction: "blocks", status: 400, code: "dependency_other_project" },
        { other: "00000000-0000-4000-8000-000000000000", direction: "blocks", status: 400, code: "invalid_request" },
      ] as const;
      for (const r of refusals) {
        const refused = await w.api.POST("/projects/{projectId}/cards/{cardId}/dependencies", {
          params: { path: on(b!) },
          body: { cardId: r.other, direction: r.direction },
        });
        expect([refused.response.status, refused.error?.code, refused.error?.errors?.[0]?.field], r.code).toEqual([
          r.status,
          r.code,
          "cardId",
        ]);
      }
      const loop = await w.api.POST("/projects/{projectId}/cards/{cardId}/dependencies", {
        params: { path: on(a!) },
        body: { cardId: b!.id, direction: "blocked_by" },
      });
      expect(loop.error?.detail).toBe(
        `That would make a loop of blocks: #${b!.number} → #${a!.number} → #${b!.number}. Remove one of those blocks first.`,
      );

      const ofB = await w.api.GET("/projects/{projectId}/cards/{cardId}/dependencies", { params: { path: on(b!) } });
      const stale = await w.api.DELETE("/projects/{projectId}/cards/{cardId}/dependencies/{otherCardId}", {
        params: { path: { ...on(b!), otherCardId: a!.id }, header: { "If-Match": ofA.response.headers.get("ETag")! } },
      });
      expect(stale.response.status).toBe(412);
      const removed = await w.api.DELETE("/projects/{projectId}/cards/{cardId}/dependencies/{otherCardId}", {
        params: { path: { ...on(b!), otherCardId: a!.id }, header: { "If-Match": ofB.response.headers.get("ETag")! } },
      });
      expect(removed.response.status).toBe(204);
      const again = await w.api.DELETE("/projects/{projectId}/cards/{cardId}/dependencies/{otherCardId}", {
        params: { path: { ...on(a!), otherCardId: b!.id } },
      });
      expect(again.response.status).toBe(404);
      expect((await w.api.GET("/projects/{projectId}/cards/{cardId}/dependencies", { params: { path: on(b!) } })).data!.blockedBy).toEqual(
        [],
      );
    });
  });
}
