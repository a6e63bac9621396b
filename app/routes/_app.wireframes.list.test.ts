// The Wireframes list pages' loaders and actions (/wireframes and /projects/{id}/wireframes),
// called with real Requests against the database: JavaScript-off form posts (urlencoded), every
// message of a bad post, 404 across workspaces, viewers and read-only workspaces refused.
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { db, schema } from "~/.server/db";
import { createComponent, createWireframe, getWireframe, listWireframes } from "~/.server/wireframes";
import {
  args,
  definition,
  eqId,
  errorsOf,
  makeReadOnly,
  routeWorkspace as workspace,
  settle,
  withInstance,
} from "~/.server/wireframes/test-support";
import { action as projectListAction, loader as projectListLoader } from "./_app.projects.$id_.wireframes.server";
import { action as listAction, loader as listLoader } from "./_app.wireframes._index.server";
import { loader as editorLoader } from "./_app.wireframes.editor.$wireframeId.server";

beforeEach(resetDb);

describe("/wireframes", () => {
  it("lists the workspace's wireframes newest first, each with its first screen, project and author", async () => {
    const w = await workspace();
    const older = await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Cart", device: "mobile" });
    await createWireframe(w.ownerMember, { projectId: w.other.id, name: "Welcome", device: "desktop", templateId: "sign-in" });
    const elsewhere = await workspace();
    await createWireframe(elsewhere.ownerMember, { projectId: elsewhere.project.id, name: "Not mine", device: "desktop" });

    const { body } = await settle(listLoader(args(await w.get("/wireframes"))));
    const data = body as Awaited<ReturnType<typeof listLoader>>;
    expect(data.wireframes.map((x) => x.name)).toEqual(["Welcome", "Cart"]);
    const cart = data.wireframes.find((x) => x.id === older.id)!;
    expect(cart).toMatchObject({ projectName: "Checkout", updatedByName: "Olive Owner", screenCount: 1 });
    // The thumbnail carries the first screen and only its elements.
    expect(cart.thumbnail!.doc.screens[cart.thumbnail!.screenId]).toMatchObject({ device: "mobile", width: 390, height: 844 });
    const welcome = data.wireframes.find((x) => x.name === "Welcome")!;
    expect(Object.keys(welcome.thumbnail!.doc.elements).length).toBeGreaterThan(0);
    expect(data.projects.map((p) => p.name)).toEqual(["Checkout", "Onboarding"]);
    expect(data).toMatchObject({ canEdit: true, canDelete: true, project: null });
  });

  it("filters by project and by name, from the address; bad values are ignored", async () => {
    const w = await workspace();
    await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Cart", device: "mobile" });
    await createWireframe(w.ownerMember, { projectId: w.other.id, name: "Welcome", device: "desktop" });
    const names = async (query: string) =>
      ((await settle(listLoader(args(await w.get(`/wireframes${query}`))))).body as Awaited<ReturnType<typeof listLoader>>).wireframes.map(
        (x) => x.name,
      );
    expect(await names(`?project=${w.other.id}`)).toEqual(["Welcome"]);
    expect(await names("?q=CAR")).toEqual(["Cart"]);
    expect(await names(`?project=${w.project.id}&q=wel`)).toEqual([]);
    expect(await names("?project=nonsense&q=%25")).toEqual([]);
    expect(await names("?project=nonsense")).toEqual(["Welcome", "Cart"]);
  });

  it("draws instances in thumbnails with their main components", async () => {
    const w = await workspace();
    const { id: componentId } = await createComponent(w.ownerMember, { name: "Banner", definition });
    const { id } = await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Promo", device: "desktop" });
    const doc = withInstance((await getWireframe(w.ownerMember, id)).document, componentId);
    await db().update(schema.wireframes).set({ document: doc }).where(eqId(id));
    const data = (await settle(listLoader(args(await w.get("/wireframes"))))).body as Awaited<ReturnType<typeof listLoader>>;
    expect(Object.keys(data.components)).toEqual([componentId]);
  });

  it("renames, duplicates and deletes with plain form posts, back to the same filtered list", async () => {
    const w = await workspace();
    const { id } = await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Cart", device: "mobile" });

    const renamed = await settle(
      listAction(args(await w.post("/wireframes?index&q=ca", { intent: "rename", wireframeId: id, name: "  Basket " }))),
    );
    expect(renamed).toMatchObject({ status: 303, location: "/wireframes?q=ca" });
    expect((await getWireframe(w.ownerMember, id)).name).toBe("Basket");

    const copied = await settle(listAction(args(await w.post("/wireframes?index", { intent: "duplicate", wireframeId: id }))));
    expect(copied).toMatchObject({ status: 303, location: "/wireframes" });
    expect((await listWireframes(w.ownerMember)).map((x) => x.name)).toEqual(["Basket (copy)", "Basket"]);

    const deleted = await settle(listAction(args(await w.post("/wireframes?index", { intent: "delete", wireframeId: id }))));
    expect(deleted).toMatchObject({ status: 303, location: "/wireframes" });
    expect((await listWireframes(w.ownerMember)).map((x) => x.name)).toEqual(["Basket (copy)"]);
  });

  it("answers a bad post 400 with the field's message, and changes nothing", async () => {
    const w = await workspace();
    const { id } = await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Cart", device: "mobile" });
    const blank = await settle(listAction(args(await w.post("/wireframes?index", { intent: "rename", wireframeId: id, name: " " }))));
    expect(blank.status).toBe(400);
    expect(errorsOf(blank.body)).toEqual({ name: ["Give the wireframe a name."] });
    const long = await settle(
      listAction(args(await w.post("/wireframes?index", { intent: "rename", wireframeId: id, name: "x".repeat(121) }))),
    );
    expect(errorsOf(long.body)).toEqual({ name: ["Keep the wireframe's name to 120 characters or fewer."] });
    const noId = await settle(listAction(args(await w.post("/wireframes?index", { intent: "delete", wireframeId: "12" }))));
    expect(noId.status).toBe(400);
    const unknown = await settle(listAction(args(await w.post("/wireframes?index", { intent: "explode" }))));
    expect(unknown.status).toBe(400);
    expect((await getWireframe(w.ownerMember, id)).name).toBe("Cart");
  });

  it("refuses another workspace's wireframe with a 404", async () => {
    const w = await workspace();
    const elsewhere = await workspace();
    const { id } = await createWireframe(elsewhere.ownerMember, { projectId: elsewhere.project.id, name: "Theirs", device: "desktop" });
    for (const body of <Record<string, string>[]>[
      { intent: "rename", wireframeId: id, name: "Mine now" },
      { intent: "duplicate", wireframeId: id },
      { intent: "delete", wireframeId: id },
    ]) {
      const res = await settle(listAction(args(await w.post("/wireframes?index", body))));
      expect(res.status).toBe(404);
      expect(errorsOf(res.body)[""]).toEqual([
        "That wireframe was not found. It may have been deleted, or it belongs to another workspace.",
      ]);
    }
    expect((await listWireframes(elsewhere.ownerMember)).map((x) => x.name)).toEqual(["Theirs"]);
  });

  it("shows a viewer no edit controls and refuses their posts (403); a member may not delete", async () => {
    const v = await workspace("viewer");
    const { id } = await createWireframe(v.ownerMember, { projectId: v.project.id, name: "Cart", device: "mobile" });
    const data = (await settle(listLoader(args(await v.get("/wireframes"))))).body as Awaited<ReturnType<typeof listLoader>>;
    expect(data).toMatchObject({ canEdit: false, canDelete: false });
    expect(data.wireframes).toHaveLength(1);
    for (const body of <Record<string, string>[]>[
      { intent: "rename", wireframeId: id, name: "Mine" },
      { intent: "duplicate", wireframeId: id },
      { intent: "delete", wireframeId: id },
    ]) {
      const res = await settle(listAction(args(await v.post("/wireframes?index", body))));
      expect(res.status).toBe(403);
    }

    const m = await workspace("member");
    const own = await createWireframe(m.ownerMember, { projectId: m.project.id, name: "Cart", device: "mobile" });
    const member = (await settle(listLoader(args(await m.get("/wireframes"))))).body as Awaited<ReturnType<typeof listLoader>>;
    expect(member).toMatchObject({ canEdit: true, canDelete: false });
    const res = await settle(listAction(args(await m.post("/wireframes?index", { intent: "delete", wireframeId: own.id }))));
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[""]).toEqual(["Only admins and owners can delete wireframes and components."]);
  });
});

describe("a read-only workspace (trial ended)", () => {
  it("shows no edit controls and refuses changes with the reason (403)", async () => {
    const w = await workspace();
    const { id } = await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Cart", device: "mobile" });
    await makeReadOnly(w.workspace.id);
    const list = (await settle(listLoader(args(await w.get("/wireframes"))))).body as Awaited<ReturnType<typeof listLoader>>;
    expect(list).toMatchObject({ canEdit: false, canDelete: false });
    const editor = (await settle(editorLoader(args(await w.get(`/wireframes/editor/${id}`), { wireframeId: id })))).body as Awaited<
      ReturnType<typeof editorLoader>
    >;
    expect(editor).toMatchObject({ canEdit: false, canDelete: false });
    const res = await settle(listAction(args(await w.post("/wireframes?index", { intent: "rename", wireframeId: id, name: "Basket" }))));
    expect(res.status).toBe(403);
    expect(errorsOf(res.body)[""]![0]).toMatch(/read-only/);
    expect((await getWireframe(w.ownerMember, id)).name).toBe("Cart");
  });
});

describe("/projects/{id}/wireframes", () => {
  it("lists that project's wireframes only, and posts come back to it", async () => {
    const w = await workspace();
    const { id } = await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Cart", device: "mobile" });
    await createWireframe(w.ownerMember, { projectId: w.other.id, name: "Welcome", device: "desktop" });
    const path = `/projects/${w.project.id}/wireframes`;
    const data = (await settle(projectListLoader(args(await w.get(path), { id: w.project.id })))).body as Awaited<
      ReturnType<typeof projectListLoader>
    >;
    expect(data.project).toEqual({ id: w.project.id, name: "Checkout" });
    expect(data.wireframes.map((x) => x.name)).toEqual(["Cart"]);
    const res = await settle(projectListAction(args(await w.post(path, { intent: "duplicate", wireframeId: id }), { id: w.project.id })));
    expect(res).toMatchObject({ status: 303, location: path });
  });

  it("answers 404 for another workspace's project and for an id that is not one", async () => {
    const w = await workspace();
    const elsewhere = await workspace();
    for (const id of [elsewhere.project.id, "nope"]) {
      const res = await settle(projectListLoader(args(await w.get(`/projects/${id}/wireframes`), { id })));
      expect(res.status).toBe(404);
    }
  });
});
