// The design manager's routes with real Requests: the page's data per tab, JavaScript-off
// form posts (urlencoded; the import as multipart), every message of a bad post, 404 across
// workspaces, viewers refused but allowed to export, read-only, stable download URLs.
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, formRequest } from "../../tests/support/factories";
import { createDownloadToken, effectiveSystem } from "~/.server/design";
import { addRole, makeReadOnly, makeWorkspace } from "~/.server/wireframes/test-support";
import { colorFromHex } from "~/lib/design-tokens/color";
import { toDtcgJson } from "~/lib/design-tokens/interchange";
import { getToken } from "~/lib/design-tokens/tree";
import { action, loader } from "./_app.design.server";
import { action as projectAction, loader as projectLoader } from "./_app.projects.$id_.design.server";
import { loader as exportLoader } from "./design.export.$format.server";
import { loader as downloadLoader } from "./design.versions.$versionId.download.$format.server";

beforeEach(resetDb);

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as never;

async function settle(p: unknown): Promise<{ status: number; location: string | null; body: unknown; response?: Response }> {
  let out: unknown;
  try {
    out = await p;
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), body: null, response: out };
  if (out && typeof out === "object" && "type" in out && (out as { type: unknown }).type === "DataWithResponseInit") {
    const d = out as unknown as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, location: null, body: d.data };
  }
  return { status: 200, location: null, body: out };
}

async function setup(role: "owner" | "member" | "viewer" = "owner") {
  const ws = await makeWorkspace();
  const userId = role === "owner" ? ws.user.id : (await addRole(ws.workspace.id, role)).user.id;
  const get = (path: string) => authedRequest(userId, path);
  const post = async (path: string, body: Record<string, string>) => formRequest(await authedRequest(userId, path), body);
  return { ...ws, get, post };
}

const errorsOf = (body: unknown) => (body as { error?: Record<string, string[]> }).error ?? {};

describe("/design", () => {
  it("lists the tokens set by set with each theme's resolved value", async () => {
    const { get } = await setup();
    const { body } = await settle(loader(args(await get("/design"))));
    const data = body as Awaited<ReturnType<typeof loader>>;
    expect(data.themes).toEqual(["light", "dark"]);
    const light = data.sets.find((s) => s.name === "light")!;
    const text = light.tokens.find((t) => t.path === "color.text.primary")!;
    expect(text.value).toBe("{color.gray.900}");
    expect(text.resolved.light!.css).toBe("#0f172a");
    expect(data.canEdit).toBe(true);
  });

  it("creates a token from the colour fields, aliases it, and deletes it (JavaScript off)", async () => {
    const { post, owner } = await setup();
    const created = await settle(
      action(
        args(
          await post("/design?tab=tokens", {
            intent: "save-token",
            set: "core",
            path: "color.brand.main",
            type: "color",
            mode: "value",
            hex: "#0f62fe",
          }),
        ),
      ),
    );
    expect(created.status).toBe(303);
    expect(created.location).toBe("/design?tab=tokens&focus=core%3Acolor.brand.main");
    const aliased = await settle(
      action(
        args(
          await post("/design", {
            intent: "save-token",
            set: "light",
            path: "color.link",
            type: "color",
            mode: "alias",
            alias: "color.brand.main",
          }),
        ),
      ),
    );
    expect(aliased.status).toBe(303);
    let doc = (await effectiveSystem(owner, null)).doc;
    expect((getToken(doc.sets[0]!.tokens, "color.brand.main")!.$value as { hex: string }).hex).toBe("#0f62fe");
    expect(getToken(doc.sets[1]!.tokens, "color.link")!.$value).toBe("{color.brand.main}");
    const deleted = await settle(action(args(await post("/design", { intent: "delete-token", set: "light", path: "color.link" }))));
    expect(deleted.status).toBe(303);
    doc = (await effectiveSystem(owner, null)).doc;
    expect(getToken(doc.sets[1]!.tokens, "color.link")).toBeUndefined();
  });

  it("answers a bad post with every field's message, and a cycle with the cycle written out", async () => {
    const { post } = await setup();
    const bad = await settle(
      action(args(await post("/design", { intent: "save-token", set: "", path: "a..b", type: "dimension", mode: "value", amount: "x" }))),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(errorsOf(bad.body)).sort()).toEqual(["amount", "path", "set"]);
    await settle(
      action(args(await post("/design", { intent: "save-token", set: "core", path: "a", type: "number", mode: "value", number: "1" }))),
    );
    await settle(
      action(args(await post("/design", { intent: "save-token", set: "core", path: "b", type: "number", mode: "alias", alias: "a" }))),
    );
    const cycle = await settle(
      action(
        args(
          await post("/design", {
            intent: "save-token",
            set: "core",
            path: "a",
            originalPath: "a",
            type: "number",
            mode: "alias",
            alias: "{b}",
          }),
        ),
      ),
    );
    expect(cycle.status).toBe(400);
    expect(JSON.stringify(cycle.body)).toContain("a → b → a");
  });

  it("refuses a viewer's change (403) but lets them export", async () => {
    const { post, get } = await setup("viewer");
    const refused = await settle(action(args(await post("/design", { intent: "create-set", name: "brand" }))));
    expect(refused.status).toBe(403);
    const file = await settle(exportLoader(args(await get("/design/export/css"), { format: "css" })));
    expect(file.status).toBe(200);
    const css = await file.response!.text();
    expect(css).toContain(":root");
    expect(css).toContain('[data-theme="dark"]');
    expect(file.response!.headers.get("Content-Disposition")).toMatch(/attachment; filename="design-tokens.*\.css"/);
  });

  it("refuses changes while read-only", async () => {
    const { post, workspace } = await setup();
    await makeReadOnly(workspace.id);
    const refused = await settle(action(args(await post("/design", { intent: "create-set", name: "brand" }))));
    expect(refused.status).toBe(403);
  });

  it("publishes, compares with the draft, and serves a version's stable URL until the token is revoked", async () => {
    const { post, get, owner } = await setup();
    const published = await settle(
      action(args(await post("/design?tab=versions", { intent: "publish", version: "1.0.0", note: "First" }))),
    );
    expect(published.status).toBe(303);
    await settle(action(args(await post("/design", { intent: "delete-token", set: "core", path: "spacing.16" }))));
    const page = await settle(loader(args(await get(`/design?tab=versions`))));
    const versions = (page.body as Awaited<ReturnType<typeof loader>>).versions;
    const compared = await settle(loader(args(await get(`/design?tab=versions&from=${versions[0]!.id}&to=draft`))));
    const cmp = (compared.body as Awaited<ReturnType<typeof loader>>).comparison!;
    expect(cmp.diff.removed.map((r) => r.path)).toEqual(["spacing.16"]);
    expect(cmp.diff.breaking[0]!.path).toBe("spacing.16");
    const { token, id } = await createDownloadToken(owner, versions[0]!.id);
    const anon = new Request(`http://localhost:3000/design/versions/${versions[0]!.id}/download/dtcg?token=${token}`);
    const file = await settle(downloadLoader(args(anon, { versionId: versions[0]!.id, format: "dtcg" })));
    expect(file.status).toBe(200);
    expect(await file.response!.text()).toContain('"spacing"');
    const revoked = await settle(action(args(await post("/design", { intent: "revoke-link", tokenId: id, versionId: versions[0]!.id }))));
    expect(revoked.status).toBe(303);
    const again = await settle(downloadLoader(args(new Request(anon.url), { versionId: versions[0]!.id, format: "dtcg" })));
    expect(again.status).toBe(404);
  });

  it("previews an import without writing, then applies it on confirm; a bad file is a 400", async () => {
    const { get, owner } = await setup();
    const before = (await effectiveSystem(owner, null)).doc;
    const next = {
      sets: [
        {
          name: "core",
          tokens: {
            color: { $type: "color", brand: { $value: colorFromHex("#ff0000"), $extensions: { "com.example": { kept: [1, 2] } } } },
          },
        },
      ],
      themes: [],
    };
    const text = toDtcgJson(next);
    const multipart = async (intent: string, content: string) => {
      const form = new FormData();
      form.set("intent", intent);
      form.set("file", new File([content], "tokens.json", { type: "application/json" }));
      const cookie = (await get("/design")).headers.get("Cookie")!;
      return new Request("http://localhost:3000/design?tab=import", { method: "POST", body: form, headers: { Cookie: cookie } });
    };
    const preview = await settle(action(args(await multipart("import-preview", text))));
    expect(preview.status).toBe(200);
    const p = (preview.body as { importPreview: { diff: { added: unknown[]; removed: unknown[] } } }).importPreview;
    expect(p.diff.added.length).toBe(1);
    expect(p.diff.removed.length).toBeGreaterThan(10);
    expect((await effectiveSystem(owner, null)).doc).toEqual(before);
    const bad = await settle(action(args(await multipart("import-preview", '{"color": {"x": {"$type": "color", "$value": 5}}}'))));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("color.x");
    const applied = await settle(action(args(await multipart("import-apply", text))));
    expect(applied.status).toBe(303);
    // The round trip loses nothing: export, import, export gives the same bytes ($extensions kept).
    const exported = await settle(exportLoader(args(await get("/design/export/dtcg"), { format: "dtcg" })));
    expect(await exported.response!.text()).toBe(text);
  });
});

describe("/projects/{id}/design", () => {
  it("shows inherited, overridden and own tokens; 404 for another workspace's project", async () => {
    const { post, get, project } = await setup();
    const override = await settle(
      projectAction(
        args(
          await post(`/projects/${project.id}/design`, {
            intent: "save-token",
            set: "core",
            path: "color.blue.500",
            originalPath: "color.blue.500",
            type: "color",
            mode: "value",
            hex: "#ff0000",
          }),
          {
            id: project.id,
          },
        ),
      ),
    );
    expect(override.status).toBe(303);
    const page = await settle(projectLoader(args(await get(`/projects/${project.id}/design`), { id: project.id })));
    const core = (page.body as Awaited<ReturnType<typeof loader>>).sets.find((s) => s.name === "core")!;
    expect(core.tokens.find((t) => t.path === "color.blue.500")!.status).toBe("overridden");
    expect(core.tokens.find((t) => t.path === "color.blue.600")!.status).toBe("inherited");
    const other = await makeWorkspace();
    const foreign = await settle(projectLoader(args(await get(`/projects/${other.project.id}/design`), { id: other.project.id })));
    expect(foreign.status).toBe(404);
  });
});
