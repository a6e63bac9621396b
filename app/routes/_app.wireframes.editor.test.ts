// The wireframe editor's loaders and actions (/wireframes/editor for a new wireframe and
// /wireframes/editor/{id}), called with real Requests against the database: every message of a
// bad post, 404 across workspaces, viewers refused.
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest } from "../../tests/support/factories";
import { db, schema } from "~/.server/db";
import { createComponent, createWireframe, getWireframe, linkScreen, listWireframes } from "~/.server/wireframes";
import {
  args,
  definition,
  eqId,
  errorsOf,
  makeWorkspace,
  routeWorkspace as workspace,
  settle,
  withInstance,
} from "~/.server/wireframes/test-support";
import { loader as editorLoader } from "./_app.wireframes.editor.$wireframeId.server";
import { action as createAction, loader as createLoader } from "./_app.wireframes.editor._index.server";

beforeEach(resetDb);

describe("/wireframes/editor (new wireframe)", () => {
  it("offers the workspace's projects and the templates, with the address's choices picked", async () => {
    const w = await workspace();
    const data = (await settle(createLoader(args(await w.get(`/wireframes/editor?project=${w.other.id}&template=pricing`)))))
      .body as Awaited<ReturnType<typeof createLoader>>;
    expect(data.projects.map((p) => p.name)).toEqual(["Checkout", "Onboarding"]);
    expect(data.templates.length).toBeGreaterThanOrEqual(9);
    expect(data.defaults).toEqual({ projectId: w.other.id, templateId: "pricing" });
    expect(data.canEdit).toBe(true);
    const elsewhere = await workspace();
    const foreign = (await settle(createLoader(args(await w.get(`/wireframes/editor?project=${elsewhere.project.id}&template=x`)))))
      .body as Awaited<ReturnType<typeof createLoader>>;
    expect(foreign.defaults).toEqual({ projectId: null, templateId: null });
  });

  it("creates a blank wireframe of a preset or a custom size, or one from a template, and opens it", async () => {
    const w = await workspace();
    const mobile = await settle(
      createAction(
        args(
          await w.post("/wireframes/editor?index", {
            intent: "create",
            projectId: w.project.id,
            name: "Cart",
            device: "mobile",
            templateId: "blank",
          }),
        ),
      ),
    );
    expect(mobile.status).toBe(303);
    const id = mobile.location!.match(/^\/wireframes\/editor\/([0-9a-f-]{36})$/)![1]!;
    const cart = await getWireframe(w.ownerMember, id);
    expect(cart).toMatchObject({ name: "Cart", projectId: w.project.id });
    expect(Object.values(cart.document.screens)).toMatchObject([{ device: "mobile", width: 390, height: 844 }]);
    expect(cart.document.elements).toEqual({});

    const custom = await settle(
      createAction(
        args(
          await w.post("/wireframes/editor?index", {
            intent: "create",
            projectId: w.project.id,
            name: "Kiosk",
            device: "custom",
            width: "1080",
            height: "1920",
          }),
        ),
      ),
    );
    const kiosk = await getWireframe(w.ownerMember, custom.location!.split("/").pop()!);
    expect(Object.values(kiosk.document.screens)).toMatchObject([{ device: "custom", width: 1080, height: 1920 }]);

    const template = await settle(
      createAction(
        args(
          await w.post("/wireframes/editor?index", {
            intent: "create",
            projectId: w.project.id,
            name: "Login",
            device: "desktop",
            templateId: "sign-in",
          }),
        ),
      ),
    );
    const login = await getWireframe(w.ownerMember, template.location!.split("/").pop()!);
    expect(Object.keys(login.document.elements).length).toBeGreaterThan(0);
  });

  it("answers 400 with every field's message at once", async () => {
    const w = await workspace();
    const res = await settle(
      createAction(
        args(await w.post("/wireframes/editor?index", { intent: "create", name: "", device: "custom", width: "wide", height: "20000" })),
      ),
    );
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual({
      projectId: ["Choose a project."],
      name: ["Give the wireframe a name."],
      width: ["Enter the width in pixels."],
      height: ["The height is at most 10000 px."],
    });
    const badTemplate = await settle(
      createAction(
        args(
          await w.post("/wireframes/editor?index", {
            intent: "create",
            projectId: w.project.id,
            name: "X",
            device: "desktop",
            templateId: "no-such",
          }),
        ),
      ),
    );
    expect(badTemplate.status).toBe(400);
    expect(errorsOf(badTemplate.body)).toEqual({ templateId: ["Choose one of the templates, or a blank wireframe."] });
    expect(await listWireframes(w.ownerMember)).toEqual([]);
  });

  it("refuses another workspace's project (404 on the field) and a viewer (403)", async () => {
    const w = await workspace();
    const elsewhere = await workspace();
    const res = await settle(
      createAction(
        args(await w.post("/wireframes/editor?index", { intent: "create", projectId: elsewhere.project.id, name: "X", device: "desktop" })),
      ),
    );
    expect(res.status).toBe(404);
    expect(Object.keys(errorsOf(res.body))).toEqual(["projectId"]);

    const v = await workspace("viewer");
    const page = (await settle(createLoader(args(await v.get("/wireframes/editor"))))).body as Awaited<ReturnType<typeof createLoader>>;
    expect(page.canEdit).toBe(false);
    const refused = await settle(
      createAction(
        args(await v.post("/wireframes/editor?index", { intent: "create", projectId: v.project.id, name: "X", device: "desktop" })),
      ),
    );
    expect(refused.status).toBe(403);
    expect(await listWireframes(v.ownerMember)).toEqual([]);
  });
});

describe("/wireframes/editor/{id}", () => {
  it("gives the editor the wireframe, its components, me, my rights and the linked cards", async () => {
    const w = await workspace("member");
    const { id: componentId } = await createComponent(w.ownerMember, { name: "Banner", definition });
    const { id } = await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Promo", device: "desktop" });
    await db()
      .update(schema.wireframes)
      .set({ document: withInstance((await getWireframe(w.ownerMember, id)).document, componentId) })
      .where(eqId(id));
    const data = (await settle(editorLoader(args(await w.get(`/wireframes/editor/${id}`), { wireframeId: id })))).body as Awaited<
      ReturnType<typeof editorLoader>
    >;
    expect(data.wireframe).toMatchObject({ id, name: "Promo", projectId: w.project.id, projectName: "Checkout", seq: 0 });
    expect(Object.keys(data.wireframe.document.screens)).toHaveLength(1);
    expect(Object.keys(data.components)).toEqual([componentId]);
    expect(data.components[componentId]).toMatchObject({ id: componentId, name: "Banner", version: 1 });
    expect(data.me).toMatchObject({ userId: w.user.id, name: "Vic member" });
    expect(data.me.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(data).toMatchObject({ canEdit: true, canDelete: false, linkedCards: [] });
  });

  it("lists the cards that link its screens", async () => {
    const w = await makeWorkspace();
    const { id } = await createWireframe(w.owner, { projectId: w.project.id, name: "Sign-in", device: "desktop" });
    const screenId = Object.keys((await getWireframe(w.owner, id)).document.screens)[0]!;
    await linkScreen(w.owner, { cardId: w.card.id, wireframeId: id, screenId });
    const data = (await settle(editorLoader(args(await authedRequest(w.user.id, `/wireframes/editor/${id}`), { wireframeId: id }))))
      .body as Awaited<ReturnType<typeof editorLoader>>;
    expect(data.linkedCards).toEqual([{ cardId: w.card.id, title: "Build the sign-in page", screenId, projectId: w.project.id }]);
  });

  it("answers 404 for another workspace's wireframe, a missing one and an id that is not a UUID", async () => {
    const w = await workspace();
    const elsewhere = await workspace();
    const { id } = await createWireframe(elsewhere.ownerMember, { projectId: elsewhere.project.id, name: "Theirs", device: "desktop" });
    for (const wireframeId of [id, "5b0a1a9e-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await settle(editorLoader(args(await w.get(`/wireframes/editor/${wireframeId}`), { wireframeId })));
      expect(res.status).toBe(404);
    }
  });

  it("lets a viewer look but not edit", async () => {
    const v = await workspace("viewer");
    const { id } = await createWireframe(v.ownerMember, { projectId: v.project.id, name: "Cart", device: "mobile" });
    const data = (await settle(editorLoader(args(await v.get(`/wireframes/editor/${id}`), { wireframeId: id })))).body as Awaited<
      ReturnType<typeof editorLoader>
    >;
    expect(data).toMatchObject({ canEdit: false, canDelete: false });
  });
});
