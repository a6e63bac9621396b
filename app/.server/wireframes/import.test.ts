import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { authedRequest } from "../../../tests/support/factories";
import { BYTES_PER_GB } from "~/lib/file-size";
import { DEFAULT_EXPORT } from "~/lib/wireframes/export";
import { action as listAction } from "~/routes/_app.wireframes._index.server";
import { db, schema } from "../db";
import { storageUsedBytes } from "../workspaces/limits";
import { addTemplateScreen, createWireframe, getWireframe, listWireframes } from "./index";
import { exportWireframe } from "./export";
import { importWireframe } from "./import";
import { addRole, makeReadOnly, makeWorkspace, statusOf } from "./test-support";

const FIXTURE = path.resolve(__dirname, "../../../tests/fixtures/wireframes/scene.excalidraw");
const encode = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
const blobCount = async () => (await db().select({ key: schema.fileBlobs.storageKey }).from(schema.fileBlobs)).length;

/** The message of a thrown UserError (or "" when nothing was thrown). */
async function messageOf(p: Promise<unknown>): Promise<string> {
  const thrown = await p.then(
    () => null,
    (e: unknown) => e,
  );
  return (thrown as Error | null)?.message ?? "";
}

describe("wireframe imports", () => {
  beforeEach(resetDb);

  it("an exported JSON imported again is identical, element for element", async () => {
    const ws = await makeWorkspace();
    const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Shop", device: "desktop", templateId: "dashboard" });
    await addTemplateScreen(ws.owner, id, "pricing");
    const original = (await getWireframe(ws.owner, id)).document;
    const json = await exportWireframe(ws.owner, id, { ...DEFAULT_EXPORT, format: "json" });
    const result = await importWireframe(ws.owner, { projectId: ws.project.id, fileName: json.fileName, bytes: json.bytes });
    expect(result).toMatchObject({ name: "shop", kind: "atelier", screenCount: 2, notes: [] });
    const copy = (await getWireframe(ws.owner, result.id)).document;
    expect(copy.elements).toEqual(original.elements);
    expect(copy.screens).toEqual(original.screens);
    expect(copy).toEqual(original);
    expect(result.elementCount).toBe(Object.keys(original.elements).length);
  });

  it("lifts an older schemaVersion through the migrations", async () => {
    const ws = await makeWorkspace();
    const v1 = {
      schemaVersion: 1,
      screens: { s1: { id: "s1", name: "Home", order: "a0", device: "mobile", width: 390, height: 844, background: "#ffffff" } },
      elements: {
        e1: {
          ...{ id: "e1", type: "rectangle", screenId: "s1", parentId: null, order: "a0", name: "Box", x: 10, y: 10, width: 50, height: 40 },
          ...{ fill: "#eeeeee", stroke: null, strokeWidth: 0, radius: 4, opacity: 1, locked: false, hidden: false },
        },
      },
    };
    const result = await importWireframe(ws.owner, { projectId: ws.project.id, name: "Old one", fileName: "old.json", bytes: encode(v1) });
    const doc = (await getWireframe(ws.owner, result.id)).document;
    expect(doc.schemaVersion).toBeGreaterThan(1);
    expect(doc.elements.e1).toMatchObject(v1.elements.e1);
    expect(result.name).toBe("Old one");
  });

  it("imports an Excalidraw scene: screens, elements, its image stored and counted, and what was not mapped", async () => {
    const ws = await makeWorkspace();
    const bytes = readFileSync(FIXTURE);
    const result = await importWireframe(ws.owner, { projectId: ws.project.id, fileName: "Login flow.excalidraw", bytes });
    expect(result).toMatchObject({ name: "Login flow", kind: "excalidraw", screenCount: 2, elementCount: 12 }); // the diamond is one polygon
    expect(result.notes.map((n) => n.what)).toContain("freehand drawing (not imported)");
    const doc = (await getWireframe(ws.owner, result.id)).document;
    const image = Object.values(doc.elements).find((el) => el.type === "image") as { fileId: string } | undefined;
    expect(image?.fileId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await db().select().from(schema.wireframeImages).where(eq(schema.wireframeImages.id, image!.fileId));
    expect(row).toMatchObject({ workspaceId: ws.workspace.id, wireframeId: result.id, contentType: "image/png" });
    expect(await storageUsedBytes(db(), ws.workspace.id)).toBe(row!.sizeBytes);
  });

  it("a bad file is a 400 saying what is wrong and where, and nothing is created", async () => {
    const ws = await makeWorkspace();
    const at = (bytes: Uint8Array, fileName = "x.json") => importWireframe(ws.owner, { projectId: ws.project.id, fileName, bytes });
    expect(await statusOf(at(encode('{\n  "schemaVersion": 2,\n  "screens": {,\n}')))).toBe(400);
    expect(await messageOf(at(encode('{\n  "schemaVersion": 2,\n  "screens": {,\n}')))).toMatch(
      /^The file is not valid JSON at line 3, column 15: /,
    );
    const scene = JSON.parse(readFileSync(FIXTURE, "utf8")) as { elements: Record<string, unknown>[] };
    scene.elements[3]!.width = -5;
    expect(await messageOf(at(encode(scene), "s.excalidraw"))).toMatch(/^This Excalidraw scene cannot be imported: elements\[3\]\.width: /);
    const doc = { schemaVersion: 2, screens: {}, elements: { e1: { id: "e1", type: "rectangle", fill: "red" } } };
    expect(await messageOf(at(encode(doc)))).toMatch(/^This wireframe file cannot be imported: elements\.e1\.\w+: /);
    expect(await messageOf(at(encode({ schemaVersion: 99, screens: {}, elements: {} })))).toMatch(/newer than this app knows/);
    expect(await messageOf(at(encode({ hello: "world" })))).toMatch(/neither a wireframe exported from Atelier/);
    expect(await statusOf(at(new Uint8Array([0xff, 0xfe, 0x00])))).toBe(400);
    expect(await statusOf(at(new Uint8Array()))).toBe(400);
    expect(await listWireframes(ws.owner)).toHaveLength(0);
    expect(await blobCount()).toBe(0);
  });

  it("respects the plan's storage, the role, the workspace's state and its projects", async () => {
    const ws = await makeWorkspace();
    const bytes = readFileSync(FIXTURE);
    const input = { projectId: ws.project.id, fileName: "scene.excalidraw", bytes };
    // Fill the plan's storage (Professional, during the trial) with one image row.
    const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Full", device: "desktop" });
    await db()
      .insert(schema.wireframeImages)
      .values({
        ...{ workspaceId: ws.workspace.id, wireframeId: id, fileName: "big.png", contentType: "image/png" },
        ...{ sizeBytes: 50 * BYTES_PER_GB, storageKey: "k/big" },
      });
    expect(await messageOf(importWireframe(ws.owner, input))).toMatch(/GB of storage/);
    expect(await statusOf(importWireframe(ws.owner, input))).toBe(403);
    expect(await listWireframes(ws.owner)).toHaveLength(1);
    expect(await blobCount()).toBe(0);
    // A JSON without images needs no storage.
    const json = await exportWireframe(ws.owner, id, { ...DEFAULT_EXPORT, format: "json" });
    expect((await importWireframe(ws.owner, { ...input, fileName: "a.json", bytes: json.bytes })).screenCount).toBe(1);
    const viewer = await addRole(ws.workspace.id, "viewer");
    expect(await statusOf(importWireframe(viewer, { ...input, bytes: json.bytes }))).toBe(403);
    const other = await makeWorkspace();
    expect(await statusOf(importWireframe(other.owner, { ...input, bytes: json.bytes }))).toBe(404);
    await makeReadOnly(ws.workspace.id);
    expect(await statusOf(importWireframe(ws.owner, { ...input, bytes: json.bytes }))).toBe(403);
  });

  it("the /wireframes import form: multipart post, 400 with the file's message, or back to the list with a toast", async () => {
    const ws = await makeWorkspace();
    const post = async (file: File) => {
      const body = new FormData();
      body.set("intent", "import");
      body.set("projectId", ws.project.id);
      body.set("file", file);
      const request = await authedRequest(ws.user.id, "/wireframes?index", { method: "POST", body });
      return listAction({ request, params: {}, context: {} } as unknown as Parameters<typeof listAction>[0]);
    };
    const refused = (await post(
      new File([encode({ type: "excalidraw", elements: [{ id: "a", type: "rectangle" }] })], "bad.excalidraw"),
    )) as unknown as {
      data: { error: Record<string, string[]> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error.file).toEqual([expect.stringMatching(/^This Excalidraw scene cannot be imported: elements\[0\]\.x: /)]);
    expect(await listWireframes(ws.owner)).toHaveLength(0);
    const done = (await post(new File([readFileSync(FIXTURE)], "Login flow.excalidraw"))) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/wireframes");
    expect(done.headers.get("set-cookie")).toBeTruthy();
    expect((await listWireframes(ws.owner)).map((w) => w.name)).toEqual(["Login flow"]);
  });
});
