import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createApiKey } from "~/.server/api-keys";
import { addTemplateScreen, createWireframe, renameWireframe } from "~/.server/wireframes";
import { apiClient, rawRequest } from "../client";
import { projectWithBoard, world, type World } from "../world";

/** A wireframe of two screens (the sign-in and sign-up templates) in a new project. */
async function twoScreens(w: World, name = "Onboarding") {
  const { project } = await projectWithBoard(w);
  const { id } = await createWireframe(w.member, { projectId: project.id, name, device: "desktop", templateId: "sign-in" });
  await addTemplateScreen(w.member, id, "sign-up");
  return { project, id };
}

const path = (wireframeId: string) => ({ params: { path: { wireframeId } } });

export function wireframeScenarios() {
  describe("wireframes", () => {
    it("lists the workspace's wireframes by cursor pages, each with its screens, and filters by project", async () => {
      const w = await world();
      const { project, id } = await twoScreens(w);
      const other = await projectWithBoard(w, "Mobile app");
      const second = await createWireframe(w.member, { projectId: other.project.id, name: "Home", device: "mobile" });
      const first = await w.api.GET("/wireframes", { params: { query: { limit: 1 } } });
      expect(first.response.status).toBe(200);
      expect(first.data!.data).toEqual([
        expect.objectContaining({ object: "wireframe", id, projectId: project.id, name: "Onboarding", version: 1 }),
      ]);
      expect(first.data!.data[0]!.screens.map((s) => [s.name, s.device])).toEqual([
        ["Sign in", "desktop"],
        ["Sign up", "desktop"],
      ]);
      const cursor = new URL(first.data!.next!, "http://x").searchParams.get("cursor")!;
      const rest = await w.api.GET("/wireframes", { params: { query: { limit: 1, cursor } } });
      expect(rest.data!.data.map((x) => x.id)).toEqual([second.id]);
      expect(rest.data!.next).toBeNull();
      const mobile = await w.api.GET("/wireframes", { params: { query: { project: other.project.id } } });
      expect(mobile.data!.data.map((x) => x.name)).toEqual(["Home"]);
    });

    it("reads one with its document; its ETag follows its version, and another workspace's is not found", async () => {
      const w = await world();
      const { id } = await twoScreens(w);
      const { data, response } = await w.api.GET("/wireframes/{wireframeId}", path(id));
      expect(response.status).toBe(200);
      expect(data).toMatchObject({ object: "wireframe", id, name: "Onboarding" });
      expect(Object.values(data!.document.screens).map((s) => s.name)).toEqual(expect.arrayContaining(["Sign in", "Sign up"]));
      const elements = Object.values(data!.document.elements);
      expect(elements.length).toBeGreaterThan(2);
      expect(elements.every((e) => e.screenId in data!.document.screens)).toBe(true);
      const etag = response.headers.get("ETag")!;
      const conditional = () => rawRequest(`/wireframes/${id}`, { key: w.key, headers: { "If-None-Match": etag } });
      expect((await conditional()).status).toBe(304);
      await renameWireframe(w.member, id, "Onboarding v2");
      const renamed = await conditional();
      expect(renamed.status).toBe(200);
      expect(((await renamed.json()) as { name: string }).name).toBe("Onboarding v2");

      const stranger = await world();
      const theirs = await stranger.api.GET("/wireframes/{wireframeId}", path(id));
      expect(theirs.response.status).toBe(404);
      expect(theirs.error).toMatchObject({ code: "not_found" });
    });

    it("exports in every format the app makes, each with its type and file name", async () => {
      const w = await world();
      const { id } = await twoScreens(w);
      const { data: wf } = await w.api.GET("/wireframes/{wireframeId}", path(id));
      const signIn = wf!.screens[0]!.id;
      const cases = [
        { query: { format: "png" as const, screens: signIn }, type: "image/png", name: "onboarding-sign-in@2x.png", starts: "\x89PNG" },
        { query: { format: "svg" as const, screens: signIn }, type: "image/svg+xml", name: "onboarding-sign-in.svg", starts: "<?xml" },
        { query: { format: "pdf" as const }, type: "application/pdf", name: "onboarding.pdf", starts: "%PDF" },
        { query: { format: "json" as const }, type: "application/json", name: "onboarding.json", starts: "{" },
        { query: { format: "svg" as const }, type: "application/zip", name: "onboarding-svg.zip", starts: "PK" },
      ];
      for (const c of cases) {
        const { data, response } = await w.api.GET("/wireframes/{wireframeId}/export", {
          ...path(id),
          params: { path: { wireframeId: id }, query: c.query },
          parseAs: "arrayBuffer",
        });
        expect(response.status, JSON.stringify(c.query)).toBe(200);
        expect(response.headers.get("Content-Type")!.split(";")[0]).toBe(c.type);
        expect(response.headers.get("Content-Disposition")).toContain(`filename="${c.name}"`);
        const bytes = new Uint8Array(data as ArrayBuffer);
        expect(new TextDecoder("latin1").decode(bytes.slice(0, c.starts.length))).toBe(c.starts);
        if (c.type === "application/zip")
          expect(Object.keys(unzipSync(bytes)).sort()).toEqual(["onboarding-sign-in.svg", "onboarding-sign-up.svg"]);
        if (c.type === "application/json") expect(Object.keys(JSON.parse(new TextDecoder().decode(bytes)).screens)).toHaveLength(2);
      }
    });

    it("refuses an unknown format and a screen the wireframe does not have, as documented problems", async () => {
      const w = await world();
      const { id } = await twoScreens(w);
      const unknown = await w.api.GET("/wireframes/{wireframeId}/export", {
        params: { path: { wireframeId: id }, query: { format: "gif" as never } },
      });
      expect(unknown.response.status).toBe(400);
      expect(unknown.error).toMatchObject({ code: "validation_failed", type: "/docs/api/problems/validation-failed" });
      expect(unknown.error!.errors).toEqual([expect.objectContaining({ field: "format" })]);
      const screen = await w.api.GET("/wireframes/{wireframeId}/export", {
        params: { path: { wireframeId: id }, query: { format: "png", screens: "nope" } },
      });
      expect(screen.response.status).toBe(400);
      expect(screen.error).toMatchObject({ code: "invalid_request" });
    });

    it("a key without the wireframe scope is refused, naming the scope", async () => {
      const w = await world();
      const { key } = await createApiKey(w.member, { type: "workspace", name: "Boards", scopes: ["card:read"], expiresInDays: "never" });
      const refused = await apiClient(key).GET("/wireframes", {});
      expect(refused.response.status).toBe(403);
      expect(refused.error).toMatchObject({ code: "insufficient_scope" });
      expect(refused.response.headers.get("WWW-Authenticate")).toContain('scope="wireframe:read"');
    });
  });
}
