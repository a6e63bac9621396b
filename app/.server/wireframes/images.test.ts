import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { defaultElement } from "~/lib/wireframes/elements";
import { db, schema } from "../db";
import { storageUsedBytes } from "../workspaces/limits";
import { applyPatch, createWireframe, deleteWireframe, duplicateWireframe, getWireframe, readImage, uploadImage } from "./index";
import { addRole, makeReadOnly, makeWorkspace, PNG_BYTES, statusOf } from "./test-support";

async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Gallery", device: "desktop" });
  const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
  return { ...ws, id, screenId };
}

const png = (name = "photo.png") => new File([PNG_BYTES], name, { type: "image/png" });
const blobCount = async () => (await db().select({ key: schema.fileBlobs.storageKey }).from(schema.fileBlobs)).length;

describe("wireframe images", () => {
  beforeEach(resetDb);

  it("stores an image, counts it in the workspace's storage, and serves it only within the workspace", async () => {
    const ws = await setup();
    const other = await setup();
    const { fileId, url } = await uploadImage(ws.owner, ws.id, png());
    expect(url).toBe(`/wireframes/${ws.id}/images/${fileId}`);
    expect(await storageUsedBytes(db(), ws.workspace.id)).toBe(PNG_BYTES.byteLength);
    expect(await storageUsedBytes(db(), other.workspace.id)).toBe(0);
    const file = await readImage(ws.owner, ws.id, fileId);
    expect(file).toMatchObject({ fileName: "photo.png", contentType: "image/png" });
    expect(Buffer.from(file!.bytes).equals(Buffer.from(PNG_BYTES))).toBe(true);
    const viewer = await addRole(ws.workspace.id, "viewer");
    expect(await readImage(viewer, ws.id, fileId)).not.toBeNull();
    expect(await readImage(other.owner, ws.id, fileId)).toBeNull();
    expect(await readImage(other.owner, other.id, fileId)).toBeNull();
    expect(await readImage(ws.owner, ws.id, "junk")).toBeNull();
  });

  it("refuses what is not an image, an empty file, viewers and read-only workspaces", async () => {
    const ws = await setup();
    const text = new File([new TextEncoder().encode("<svg onload=alert(1)>")], "x.png", { type: "image/png" });
    expect(await statusOf(uploadImage(ws.owner, ws.id, text))).toBe(415);
    expect(await statusOf(uploadImage(ws.owner, ws.id, new File([], "e.png")))).toBe(400);
    const viewer = await addRole(ws.workspace.id, "viewer");
    expect(await statusOf(uploadImage(viewer, ws.id, png()))).toBe(403);
    await makeReadOnly(ws.workspace.id);
    expect(await statusOf(uploadImage(ws.owner, ws.id, png()))).toBe(403);
    expect(await blobCount()).toBe(0);
    expect(await storageUsedBytes(db(), ws.workspace.id)).toBe(0);
  });

  it("deleting a wireframe hands its images to a wireframe that still shows them, and discards the others", async () => {
    const ws = await setup();
    const shown = await uploadImage(ws.owner, ws.id, png("shown.png"));
    await uploadImage(ws.owner, ws.id, png("unused.png"));
    await applyPatch(ws.owner, ws.id, {
      clientId: "c",
      ops: [{ op: "add-element", element: defaultElement("image", { screenId: ws.screenId, fileId: shown.fileId }) }],
    });
    const copy = await duplicateWireframe(ws.owner, ws.id);
    expect(await blobCount()).toBe(2);
    await deleteWireframe(ws.owner, ws.id);
    const rows = await db().select().from(schema.wireframeImages).where(eq(schema.wireframeImages.workspaceId, ws.workspace.id));
    expect(rows.map((r) => [r.fileName, r.wireframeId])).toEqual([["shown.png", copy.id]]);
    expect(await blobCount()).toBe(1);
    expect(await readImage(ws.owner, copy.id, shown.fileId)).not.toBeNull();
    expect(await storageUsedBytes(db(), ws.workspace.id)).toBe(PNG_BYTES.byteLength);
  });
});
