import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { SCHEMA_VERSION, type Op } from "~/lib/wireframes/document";
import { invertOps } from "~/lib/wireframes/ops";
import { defaultElement } from "~/lib/wireframes/elements";
import { db, schema, transaction } from "../db";
import { JOBS } from "../jobs";
import { storageUsedBytes } from "../workspaces/limits";
import { applyPatch, createComponent, createWireframe, getWireframe, linkScreen, readImage, uploadImage } from "./index";
import { sweepWireframeLeftovers } from "./sweep";
import { makeWorkspace, PNG_BYTES } from "./test-support";

/** Images removed from every document stop counting toward storage a day later; an undo within the day keeps them. */

async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Gallery", device: "desktop" });
  const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
  return { ...ws, id, screenId };
}

const png = (name = "photo.png") => new File([PNG_BYTES], name, { type: "image/png" });
const HOUR = 60 * 60 * 1000;
const sweep = (at: number) => transaction((tx) => sweepWireframeLeftovers(tx, new Date(at)));
const blobCount = async () => (await db().select({ key: schema.fileBlobs.storageKey }).from(schema.fileBlobs)).length;

describe("the daily sweep of wireframe images", () => {
  beforeEach(resetDb);

  it("frees an image a day after no document shows it, and keeps one an undo put back", async () => {
    const ws = await setup();
    const { fileId } = await uploadImage(ws.owner, ws.id, png());
    const image = defaultElement("image", { id: "photo", screenId: ws.screenId, fileId });
    await applyPatch(ws.owner, ws.id, { clientId: "c", ops: [{ op: "add-element", element: image }] });
    const t0 = Date.now();
    expect(await sweep(t0)).toMatchObject({ marked: 0, freed: 0 });

    // Removed from the document: still counted, marked by the next sweep.
    const remove: Op[] = [{ op: "remove-element", id: "photo" }];
    const undo = invertOps((await getWireframe(ws.owner, ws.id)).document, remove);
    await applyPatch(ws.owner, ws.id, { clientId: "c", ops: remove });
    expect(await sweep(t0 + HOUR)).toMatchObject({ marked: 1, freed: 0 });
    expect(await sweep(t0 + 20 * HOUR)).toMatchObject({ marked: 0, freed: 0 });
    expect(await storageUsedBytes(db(), ws.workspace.id)).toBe(PNG_BYTES.byteLength);

    // Undone within the day: the image is used again, unmarked, never freed.
    await applyPatch(ws.owner, ws.id, { clientId: "c", ops: undo });
    expect(await sweep(t0 + 30 * HOUR)).toMatchObject({ unmarked: 1, freed: 0 });
    expect(await readImage(ws.owner, ws.id, fileId)).not.toBeNull();

    // Removed again and left so for a day: freed, and the storage with it.
    await applyPatch(ws.owner, ws.id, { clientId: "c", ops: remove });
    expect(await sweep(t0 + 31 * HOUR)).toMatchObject({ marked: 1, freed: 0 });
    expect(await sweep(t0 + 54 * HOUR)).toMatchObject({ freed: 0 });
    expect(await sweep(t0 + 56 * HOUR)).toMatchObject({ freed: 1, freedBytes: PNG_BYTES.byteLength });
    expect(await storageUsedBytes(db(), ws.workspace.id)).toBe(0);
    expect(await readImage(ws.owner, ws.id, fileId)).toBeNull();
    expect(await blobCount()).toBe(0);
  });

  it("keeps images that another wireframe or a main component of the workspace shows, and never looks across workspaces", async () => {
    const ws = await setup();
    const other = await setup();
    const inCopy = await uploadImage(ws.owner, ws.id, png("pasted.png"));
    const inComponent = await uploadImage(ws.owner, ws.id, png("logo.png"));
    const unused = await uploadImage(ws.owner, ws.id, png("unused.png"));
    const { id: second } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Second", device: "mobile" });
    const secondScreen = Object.keys((await getWireframe(ws.owner, second)).document.screens)[0]!;
    await applyPatch(ws.owner, second, {
      clientId: "c",
      ops: [{ op: "add-element", element: defaultElement("image", { screenId: secondScreen, fileId: inCopy.fileId }) }],
    });
    await createComponent(ws.owner, {
      name: "Logo",
      definition: {
        schemaVersion: SCHEMA_VERSION,
        width: 100,
        height: 40,
        elements: { logo: defaultElement("image", { id: "logo", screenId: "", width: 100, height: 40, fileId: inComponent.fileId }) },
      },
    });
    // Another workspace's document naming this image (a paste across workspaces) does not keep it.
    await db()
      .update(schema.wireframes)
      .set({
        document: {
          ...(await getWireframe(other.owner, other.id)).document,
          elements: { x: defaultElement("image", { id: "x", screenId: other.screenId, fileId: unused.fileId }) },
        },
      })
      .where(eq(schema.wireframes.id, other.id));
    const t0 = Date.now();
    expect(await sweep(t0)).toMatchObject({ marked: 1 });
    expect(await sweep(t0 + 25 * HOUR)).toMatchObject({ freed: 1 });
    const left = await db().select({ name: schema.wireframeImages.fileName }).from(schema.wireframeImages);
    expect(left.map((r) => r.name).sort()).toEqual(["logo.png", "pasted.png"]);
    expect(await storageUsedBytes(db(), ws.workspace.id)).toBe(2 * PNG_BYTES.byteLength);
  });

  it("deletes links hidden for 30 days (their screen gone), and runs as a daily job", async () => {
    const ws = await setup();
    await linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId });
    await applyPatch(ws.owner, ws.id, {
      clientId: "c",
      ops: [
        { op: "add-screen", screen: { ...(await getWireframe(ws.owner, ws.id)).document.screens[ws.screenId]!, id: "spare", order: "a5" } },
        { op: "remove-screen", id: ws.screenId },
      ],
    });
    const links = () => db().select().from(schema.cardWireframeLinks).where(eq(schema.cardWireframeLinks.wireframeId, ws.id));
    expect(await links()).toHaveLength(1);
    expect(await sweep(Date.now() + 29 * 24 * HOUR)).toMatchObject({ linksDeleted: 0 });
    expect(await sweep(Date.now() + 31 * 24 * HOUR)).toMatchObject({ linksDeleted: 1 });
    expect(await links()).toHaveLength(0);
    expect(JOBS.find((j) => j.name === "wireframe-sweep")).toMatchObject({ every: "day" });
  });
});
