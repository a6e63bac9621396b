import { describe, expect, it } from "vitest";
import { publishVersion } from "~/.server/design";
import { EXPORT_FORMATS } from "~/lib/forms/design";
import { rawRequest } from "../client";
import { projectWithBoard, world, type World } from "../world";

const versionPath = (versionId: string) => ({ path: { versionId } });

/** Two published versions of the workspace's base system (the sample: light and dark themes). */
async function twoVersions(w: World) {
  const first = await publishVersion(w.member, null, { version: "1.0.0", note: "First" });
  const second = await publishVersion(w.member, null, { version: "1.1.0", note: "Second" });
  return { first, second };
}

/** What each export format answers: its type and file name (the version's number in it). */
const EXPORTS: Record<(typeof EXPORT_FORMATS)[number], { type: string; name: string; has: string }> = {
  dtcg: { type: "application/json", name: "design-tokens-1.1.0-light.json", has: '"$value"' },
  "tokens-studio": { type: "application/json", name: "design-tokens-1.1.0.tokens-studio.json", has: "$themes" },
  css: { type: "text/css", name: "design-tokens-1.1.0.css", has: '[data-theme="dark"]' },
  scss: { type: "text/x-scss", name: "_design-tokens-1.1.0.scss", has: "$" },
  js: { type: "text/javascript", name: "design-tokens-1.1.0.js", has: "export const" },
  dts: { type: "application/typescript", name: "design-tokens-1.1.0.d.ts", has: "export const" },
  tailwind4: { type: "text/css", name: "design-tokens-1.1.0.tailwind.css", has: "@theme" },
  tailwind3: { type: "text/javascript", name: "design-tokens-1.1.0.tailwind.cjs", has: "module.exports" },
};

export function designScenarios() {
  describe("design tokens", () => {
    it("lists the published versions newest first by cursor pages; a project's are its own", async () => {
      const w = await world();
      const { first, second } = await twoVersions(w);
      const page = await w.api.GET("/design/versions", { params: { query: { limit: 1 } } });
      expect(page.response.status).toBe(200);
      expect(page.data!.data).toEqual([
        expect.objectContaining({ object: "token_version", id: second.id, version: "1.1.0", note: "Second", projectId: null }),
      ]);
      expect(page.data!.data[0]!.themes).toEqual(["light", "dark"]);
      expect(page.data!.data[0]!.publishedBy).toBe("Ada Owner");
      const cursor = new URL(page.data!.next!, "http://x").searchParams.get("cursor")!;
      const rest = await w.api.GET("/design/versions", { params: { query: { limit: 1, cursor } } });
      expect(rest.data!.data.map((v) => v.id)).toEqual([first.id]);
      const { project } = await projectWithBoard(w);
      const own = await w.api.GET("/design/versions", { params: { query: { project: project.id } } });
      expect(own.data!.data).toEqual([]);
      const one = await w.api.GET("/design/versions/{versionId}", { params: versionPath(first.id) });
      expect(one.data).toMatchObject({ object: "token_version", id: first.id, version: "1.0.0", note: "First", themes: ["light", "dark"] });
    });

    it("reads a version's tokens by theme, aliases kept and resolved; an unknown theme is not found", async () => {
      const w = await world();
      const { second } = await twoVersions(w);
      const light = await w.api.GET("/design/versions/{versionId}/tokens", { params: versionPath(second.id) });
      expect(light.response.status).toBe(200);
      expect(light.data).toMatchObject({ object: "token_theme", versionId: second.id, version: "1.1.0", theme: "light" });
      const dark = await w.api.GET("/design/versions/{versionId}/tokens", {
        params: { ...versionPath(second.id), query: { theme: "dark" } },
      });
      const alias = dark.data!.tokens.find((t) => typeof t.value === "string" && t.value.startsWith("{") && t.type === "color")!;
      expect(alias.resolved).not.toBeNull();
      expect(alias.css).toMatch(/^(#|rgb|oklch|color)/);
      const inLight = light.data!.tokens.find((t) => t.path === alias.path);
      expect(inLight?.css).not.toBe(alias.css);
      // A published version never changes: its ETag answers 304 for good.
      const etag = dark.response.headers.get("ETag")!;
      const again = await rawRequest(`/design/versions/${second.id}/tokens?theme=dark`, { key: w.key, headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      const none = await w.api.GET("/design/versions/{versionId}/tokens", {
        params: { ...versionPath(second.id), query: { theme: "sepia" } },
      });
      expect(none.response.status).toBe(404);
      expect(none.error!.detail).toContain("sepia");
    });

    it("exports a version in every format the design page offers", async () => {
      const w = await world();
      const { second } = await twoVersions(w);
      for (const format of EXPORT_FORMATS) {
        const { data, response } = await w.api.GET("/design/versions/{versionId}/export", {
          params: { ...versionPath(second.id), query: { format } },
          parseAs: "text",
        });
        expect(response.status, format).toBe(200);
        expect(response.headers.get("Content-Type")!.split(";")[0], format).toBe(EXPORTS[format].type);
        expect(response.headers.get("Content-Disposition"), format).toContain(`filename="${EXPORTS[format].name}"`);
        expect(data as string, format).toContain(EXPORTS[format].has);
      }
      const unknown = await w.api.GET("/design/versions/{versionId}/export", {
        params: { ...versionPath(second.id), query: { format: "xml" as never } },
      });
      expect(unknown.response.status).toBe(400);
      expect(unknown.error).toMatchObject({ code: "validation_failed" });
      const other = await world();
      const theirs = await other.api.GET("/design/versions/{versionId}/export", {
        params: { ...versionPath(second.id), query: { format: "css" } },
      });
      expect(theirs.response.status).toBe(404);
    });
  });
}
