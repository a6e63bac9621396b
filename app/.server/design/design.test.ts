// Design-system services against the database: inheritance and overrides, token edits with
// alias checks (cycles written out), renames through aliases and wireframes in one transaction,
// sets and themes, versions with their diff, download tokens, permissions, read-only, tenancy.
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { getToken } from "~/lib/design-tokens/tree";
import { createWireframe, getWireframe, applyPatch } from "../wireframes";
import { addRole, makeReadOnly, makeWorkspace, statusOf } from "../wireframes/test-support";
import {
  compareVersions,
  createDownloadToken,
  createSet,
  deleteSet,
  deleteToken,
  effectiveSystem,
  publishVersion,
  renameToken,
  revokeDownloadToken,
  saveSetJson,
  saveTheme,
  saveToken,
  versionForDownload,
} from ".";

beforeEach(resetDb);

const tokenIn = (doc: { sets: { name: string; tokens: Record<string, unknown> }[] }, set: string, path: string) =>
  getToken(doc.sets.find((s) => s.name === set)!.tokens, path);

describe("effectiveSystem", () => {
  it("starts a workspace from the sample system, light and dark", async () => {
    const { owner } = await makeWorkspace();
    const sys = await effectiveSystem(owner, null);
    expect(sys.themes).toEqual(["light", "dark"]);
    expect(sys.doc.sets.map((s) => s.name)).toEqual(["core", "light", "dark"]);
    expect(sys.status.get("color.blue.500")).toBe("own");
  });

  it("marks a project's tokens inherited, overridden or its own", async () => {
    const { owner, project } = await makeWorkspace();
    await saveToken(owner, project.id, {
      set: "core",
      path: "color.blue.500",
      originalPath: "color.blue.500",
      type: "color",
      value: "#ff0000",
    });
    await saveToken(owner, project.id, { set: "core", path: "color.project.accent", type: "color", value: "#00ff00" });
    const sys = await effectiveSystem(owner, project.id);
    expect(sys.status.get("color.blue.500")).toBe("overridden");
    expect(sys.status.get("color.project.accent")).toBe("own");
    expect(sys.status.get("color.blue.600")).toBe("inherited");
    expect((tokenIn(sys.doc, "core", "color.blue.500")!.$value as { hex: string }).hex).toBe("#ff0000");
    // the base is untouched
    const base = await effectiveSystem(owner, null);
    expect((tokenIn(base.doc, "core", "color.blue.500")!.$value as { hex: string }).hex).toBe("#3b82f6");
  });

  it("answers 404 for another workspace's project", async () => {
    const a = await makeWorkspace();
    const b = await makeWorkspace();
    expect(await statusOf(effectiveSystem(a.owner, b.project.id))).toBe(404);
    expect(await statusOf(saveToken(a.owner, b.project.id, { set: "core", path: "x", type: "number", value: 1 }))).toBe(404);
  });
});

describe("tokens", () => {
  it("creates, aliases and deletes a token; keeps $extensions through an edit", async () => {
    const { owner } = await makeWorkspace();
    await createSet(owner, null, "extra");
    await saveSetJson(
      owner,
      null,
      "extra",
      JSON.stringify({ brand: { $type: "color", $value: "#0f62fe", $extensions: { "com.example": { keep: true } } } }),
    );
    await saveToken(owner, null, { set: "extra", path: "brand", originalPath: "brand", type: "color", value: "#111111" });
    await saveToken(owner, null, { set: "extra", path: "link", type: "color", value: "{brand}" });
    let doc = (await effectiveSystem(owner, null)).doc;
    expect(tokenIn(doc, "extra", "brand")!.$extensions).toEqual({ "com.example": { keep: true } });
    expect(tokenIn(doc, "extra", "link")!.$value).toBe("{brand}");
    // an alias's target cannot go while it is referred to
    expect(await statusOf(deleteToken(owner, null, "extra", "brand"))).toBe(400);
    await deleteToken(owner, null, "extra", "link");
    doc = (await effectiveSystem(owner, null)).doc;
    expect(tokenIn(doc, "extra", "link")).toBeUndefined();
  });

  it("refuses an alias cycle with the cycle written out, and a missing or mistyped target", async () => {
    const { owner } = await makeWorkspace();
    await createSet(owner, null, "extra");
    await saveSetJson(
      owner,
      null,
      "extra",
      JSON.stringify({ a: { $type: "color", $value: "#000000" }, b: { $type: "color", $value: "{a}" } }),
    );
    const cycle = await saveToken(owner, null, { set: "extra", path: "a", originalPath: "a", type: "color", value: "{b}" }).catch((e) => e);
    expect(cycle.status).toBe(400);
    expect(cycle.message).toContain("a → b → a");
    const missing = await saveToken(owner, null, { set: "core", path: "c", type: "color", value: "{nope}" }).catch((e) => e);
    expect(missing.status).toBe(400);
    await saveToken(owner, null, { set: "core", path: "size", type: "dimension", value: "16px" });
    const mistyped = await saveToken(owner, null, { set: "core", path: "d", type: "color", value: "{size}" }).catch((e) => e);
    expect(mistyped.status).toBe(400);
  });

  it("renames a group: aliases in the base and in projects, and wireframe elements, follow in one go", async () => {
    const { owner, project } = await makeWorkspace();
    await saveToken(owner, project.id, { set: "light", path: "color.accent", type: "color", value: "{color.blue.500}" });
    const wf = await createWireframe(owner, { projectId: project.id, name: "Home", device: "desktop" });
    const before = await getWireframe(owner, wf.id);
    const screenId = Object.keys(before.document.screens)[0]!;
    await applyPatch(owner, wf.id, {
      clientId: "test",
      ops: [
        {
          op: "add-element",
          element: {
            id: "r1",
            type: "rectangle",
            screenId,
            parentId: null,
            order: "a0",
            name: "Box",
            x: 0,
            y: 0,
            width: 10,
            height: 10,
            fill: { token: "color.blue.500" },
            stroke: null,
            strokeWidth: 1,
            radius: 0,
            opacity: 1,
            locked: false,
            hidden: false,
          },
        },
      ],
    });
    const { renamed } = await renameToken(owner, null, "core", "color.blue", "color.azure");
    expect(renamed).toContainEqual(["color.blue.500", "color.azure.500"]);
    const base = (await effectiveSystem(owner, null)).doc;
    expect(tokenIn(base, "core", "color.azure.500")).toBeDefined();
    expect(tokenIn(base, "light", "color.brand.primary")!.$value).toBe("{color.azure.600}");
    const proj = (await effectiveSystem(owner, project.id)).doc;
    expect(tokenIn(proj, "light", "color.accent")!.$value).toBe("{color.azure.500}");
    const after = await getWireframe(owner, wf.id);
    expect(after.document.elements.r1!.fill).toEqual({ token: "color.azure.500" });
  });
});

describe("sets and themes", () => {
  it("adds a set and a theme; only admins delete sets", async () => {
    const { owner, workspace } = await makeWorkspace();
    await createSet(owner, null, "brand-b");
    await saveTheme(owner, null, { name: "brand b", sets: ["brand-b", "core", "light"] });
    const sys = await effectiveSystem(owner, null);
    expect(sys.doc.themes.find((t) => t.name === "brand b")!.sets).toEqual(["core", "light", "brand-b"]);
    const member = await addRole(workspace.id, "member");
    expect(await statusOf(deleteSet(member, null, "brand-b"))).toBe(403);
    await deleteSet(owner, null, "brand-b");
    const after = await effectiveSystem(owner, null);
    expect(after.doc.themes.find((t) => t.name === "brand b")!.sets).toEqual(["core", "light"]);
  });

  it("places a raw JSON error at its path and writes nothing", async () => {
    const { owner } = await makeWorkspace();
    const error = await saveSetJson(owner, null, "core", JSON.stringify({ color: { bad: { $type: "color", $value: 12 } } })).catch(
      (e) => e,
    );
    expect(error.status).toBe(400);
    expect(error.message).toContain("color.bad");
    const notJson = await saveSetJson(owner, null, "core", "{ nope").catch((e) => e);
    expect(notJson.status).toBe(400);
  });
});

describe("permissions and read-only", () => {
  it("lets viewers look but not edit, members edit but not publish", async () => {
    const { workspace } = await makeWorkspace();
    const viewer = await addRole(workspace.id, "viewer");
    const member = await addRole(workspace.id, "member");
    expect((await effectiveSystem(viewer, null)).themes).toEqual(["light", "dark"]);
    expect(await statusOf(saveToken(viewer, null, { set: "core", path: "x", type: "number", value: 1 }))).toBe(403);
    await saveToken(member, null, { set: "core", path: "x", type: "number", value: 1 });
    expect(await statusOf(publishVersion(member, null, { version: "1.0.0", note: "" }))).toBe(403);
  });

  it("refuses changes while the workspace is read-only", async () => {
    const { owner, workspace } = await makeWorkspace();
    await makeReadOnly(workspace.id);
    expect(await statusOf(saveToken(owner, null, { set: "core", path: "x", type: "number", value: 1 }))).toBe(403);
    expect((await effectiveSystem(owner, null)).themes).toHaveLength(2);
  });
});

describe("versions", () => {
  it("publishes, refuses a taken number, compares with breaking changes called out", async () => {
    const { owner } = await makeWorkspace();
    const v1 = await publishVersion(owner, null, { version: "1.0.0", note: "First" });
    expect(await statusOf(publishVersion(owner, null, { version: "1.0.0", note: "" }))).toBe(409);
    expect(await statusOf(publishVersion(owner, null, { version: "one", note: "" }))).toBe(400);
    await deleteToken(owner, null, "core", "spacing.16");
    await saveToken(owner, null, { set: "core", path: "spacing.20", type: "dimension", value: "80px" });
    await saveToken(owner, null, { set: "core", path: "spacing.1", originalPath: "spacing.1", type: "dimension", value: "5px" });
    const v2 = await publishVersion(owner, null, { version: "2.0.0", note: "Spacing" });
    const { diff } = await compareVersions(owner, null, v1.id, v2.id);
    expect(diff.added.map((a) => a.path)).toEqual(["spacing.20"]);
    expect(diff.removed.map((a) => a.path)).toEqual(["spacing.16"]);
    expect(diff.changed).toEqual([
      expect.objectContaining({ path: "spacing.1", before: { value: 4, unit: "px" }, after: { value: 5, unit: "px" } }),
    ]);
    expect(diff.breaking).toEqual([expect.objectContaining({ path: "spacing.16" })]);
    expect(diff.breaking[0]!.reason).toMatch(/removed/i);
    const draft = await compareVersions(owner, null, v2.id, "draft");
    expect(draft.diff.added).toEqual([]);
  });

  it("download tokens: valid until revoked, bound to their version", async () => {
    const { owner } = await makeWorkspace();
    const v1 = await publishVersion(owner, null, { version: "1.0.0", note: "" });
    const v2 = await publishVersion(owner, null, { version: "1.1.0", note: "" });
    const { id, token } = await createDownloadToken(owner, v1.id);
    expect((await versionForDownload(v1.id, token)).version).toBe("1.0.0");
    expect(await statusOf(versionForDownload(v2.id, token))).toBe(404);
    expect(await statusOf(versionForDownload(v1.id, `${token.split(".")[0]}.forged`))).toBe(404);
    await revokeDownloadToken(owner, id);
    expect(await statusOf(versionForDownload(v1.id, token))).toBe(404);
  });
});
