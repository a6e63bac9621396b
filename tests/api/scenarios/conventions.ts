import { describe, expect, it } from "vitest";
import { reserve, requestHash } from "~/.server/api-v1/idempotency";
import { apiClient, rawRequest } from "../client";
import { world } from "../world";

export function conventionScenarios() {
  describe("idempotency keys", () => {
    it("the same key and body replays the first answer; another body is refused", async () => {
      const w = await world();
      const headers = { "Idempotency-Key": "create-website-1" };
      const first = await w.api.POST("/projects", { params: { header: headers }, body: { name: "Website" } });
      expect(first.response.status).toBe(201);
      expect(first.response.headers.get("Idempotent-Replayed")).toBeNull();
      const again = await w.api.POST("/projects", { params: { header: headers }, body: { name: "Website" } });
      expect(again.response.status).toBe(201);
      expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
      expect(again.data).toEqual(first.data);
      expect(again.response.headers.get("Location")).toBe(first.response.headers.get("Location"));
      expect((await w.api.GET("/projects", {})).data!.data).toHaveLength(1);

      const other = await w.api.POST("/projects", { params: { header: headers }, body: { name: "Another" } });
      expect(other.response.status).toBe(422);
      expect(other.error).toMatchObject({ code: "idempotency_key_reused", type: "/docs/api/problems/idempotency-key-reused" });
      // A key is the workspace's own: another workspace may use the same text.
      const elsewhere = await world();
      const theirs = await elsewhere.api.POST("/projects", { params: { header: headers }, body: { name: "Website" } });
      expect(theirs.response.status).toBe(201);
      expect(theirs.data!.id).not.toBe(first.data!.id);
    });

    it("a second request while the first still runs is told so (409)", async () => {
      const w = await world();
      const body = { name: "Website" };
      // The first request has claimed its key and not yet answered.
      await reserve(w.workspace.id, "slow-1", requestHash("POST", "/api/v1/projects", body));
      const second = await w.api.POST("/projects", { params: { header: { "Idempotency-Key": "slow-1" } }, body });
      expect(second.response.status).toBe(409);
      expect(second.error).toMatchObject({ code: "idempotency_key_in_use" });
      expect((await w.api.GET("/projects", {})).data!.data).toEqual([]);
    });

    it("a refused request is kept too: sending it again gets the same refusal", async () => {
      const w = await world();
      const headers = { "Idempotency-Key": "bad-column" };
      const { data: project } = await w.api.POST("/projects", { body: { name: "Website" } });
      const body = { columnId: "00000000-0000-4000-8000-000000000000", title: "Nowhere" };
      const first = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId: project!.id }, header: headers },
        body,
      });
      expect(first.response.status).toBe(400);
      const again = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId: project!.id }, header: headers },
        body,
      });
      expect(again.response.status).toBe(400);
      expect(again.response.headers.get("Idempotent-Replayed")).toBe("true");
      expect(again.error).toEqual(first.error);
    });
  });

  describe("refusals", () => {
    it("no key, a bad key and a key without the scope are refused with their problem types", async () => {
      const anonymous = apiClient();
      const none = await anonymous.GET("/projects", {});
      expect(none.response.status).toBe(401);
      expect(none.error).toMatchObject({ code: "unauthenticated" });
      const forged = await apiClient("atl_test_AAAAAAAAAAAA_" + "A".repeat(43)).GET("/projects", {});
      expect(forged.response.status).toBe(401);
      expect(forged.error).toMatchObject({ code: "invalid_key" });
      expect(forged.response.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');

      const reader = await world(["project:read", "card:read"]);
      const { data: list } = await reader.api.GET("/projects", {});
      expect(list!.data).toEqual([]);
      const write = await reader.api.POST("/projects", { body: { name: "Nope" } });
      expect(write.response.status).toBe(403);
      expect(write.error).toMatchObject({ code: "insufficient_scope", type: "/docs/api/problems/insufficient-scope" });
      expect(write.response.headers.get("WWW-Authenticate")).toContain('scope="project:write"');
    });

    it("an invalid body names each field; a body that is not JSON is refused", async () => {
      const w = await world();
      const invalid = await w.api.POST("/projects", { body: { name: "" } });
      expect(invalid.response.status).toBe(400);
      expect(invalid.error).toMatchObject({ code: "validation_failed", errors: [{ field: "name", message: "Give it a name." }] });
      const text = await rawRequest("/projects", { key: w.key, method: "POST", body: "name=x", headers: { "Content-Type": "text/plain" } });
      expect(text.status).toBe(415);
      expect(await text.json()).toMatchObject({ code: "unsupported_media_type" });
    });

    it("a path the API does not have is 404, a method it does not take 405 with Allow", async () => {
      const w = await world();
      const missing = await rawRequest("/nothing-here", { key: w.key });
      expect(missing.status).toBe(404);
      expect(missing.headers.get("Content-Type")).toBe("application/problem+json");
      const put = await rawRequest("/projects", { key: w.key, method: "PUT" });
      expect(put.status).toBe(405);
      expect(put.headers.get("Allow")).toBe("GET, POST");
      expect(await put.json()).toMatchObject({ code: "method_not_allowed", type: "/docs/api/problems/method-not-allowed" });
    });
  });
}
