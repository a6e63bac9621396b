// The templates and component library pages' loaders and actions (/wireframes/templates and
// /wireframes/library), called with real Requests against the database: every message of a bad
// post, 404 across workspaces, viewers refused.
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { db, schema } from "~/.server/db";
import { createComponent, createWireframe, getWireframe, listComponents } from "~/.server/wireframes";
import { args, definition, eqId, errorsOf, routeWorkspace as workspace, settle, withInstance } from "~/.server/wireframes/test-support";
import { TEMPLATES } from "~/lib/wireframes/templates";
import { action as libraryAction, loader as libraryLoader } from "./_app.wireframes.library.server";
import { action as templatesAction, loader as templatesLoader } from "./_app.wireframes.templates.server";

beforeEach(resetDb);

describe("/wireframes/templates", () => {
  it("previews at least nine templates and offers the projects and wireframes to use them in", async () => {
    const w = await workspace();
    await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Cart", device: "mobile" });
    const data = (await settle(templatesLoader(args(await w.get("/wireframes/templates"))))).body as Awaited<
      ReturnType<typeof templatesLoader>
    >;
    expect(data.templates.map((t) => t.id)).toEqual(TEMPLATES.map((t) => t.id));
    expect(data.templates.length).toBeGreaterThanOrEqual(9);
    for (const t of data.templates) expect(Object.keys(t.preview.doc.elements).length).toBeGreaterThan(0);
    expect(data.wireframes).toEqual([{ id: expect.any(String), name: "Cart", projectName: "Checkout" }]);
    expect(data.canEdit).toBe(true);
  });

  it("makes a new wireframe from a template, or adds it as a screen to a chosen wireframe", async () => {
    const w = await workspace();
    const made = await settle(
      templatesAction(
        args(
          await w.post("/wireframes/templates", {
            intent: "new-from-template",
            templateId: "pricing",
            projectId: w.project.id,
            name: "Plans",
          }),
        ),
      ),
    );
    expect(made.status).toBe(303);
    const id = made.location!.split("/").pop()!;
    expect(Object.values((await getWireframe(w.ownerMember, id)).document.screens)).toHaveLength(1);

    const added = await settle(
      templatesAction(args(await w.post("/wireframes/templates", { intent: "add-screen", templateId: "dashboard", wireframeId: id }))),
    );
    expect(added.status).toBe(303);
    const screenId = new URL(added.location!, "http://x").searchParams.get("screen")!;
    expect(added.location!.startsWith(`/wireframes/editor/${id}?screen=`)).toBe(true);
    const doc = (await getWireframe(w.ownerMember, id)).document;
    expect(Object.keys(doc.screens)).toHaveLength(2);
    expect(doc.screens[screenId]).toBeDefined();
  });

  it("answers 400 with messages, 404 for another workspace's wireframe or project, 403 for a viewer", async () => {
    const w = await workspace();
    const bad = await settle(
      templatesAction(args(await w.post("/wireframes/templates", { intent: "new-from-template", templateId: "pricing", name: "" }))),
    );
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual({ projectId: ["Choose a project."], name: ["Give the wireframe a name."] });
    const unknown = await settle(
      templatesAction(args(await w.post("/wireframes/templates", { intent: "add-screen", templateId: "nope", wireframeId: w.project.id }))),
    );
    expect(unknown.status).toBe(400);

    const elsewhere = await workspace();
    const theirs = await createWireframe(elsewhere.ownerMember, { projectId: elsewhere.project.id, name: "Theirs", device: "desktop" });
    const notMine = await settle(
      templatesAction(
        args(await w.post("/wireframes/templates", { intent: "add-screen", templateId: "dashboard", wireframeId: theirs.id })),
      ),
    );
    expect(notMine.status).toBe(404);
    const notMyProject = await settle(
      templatesAction(
        args(
          await w.post("/wireframes/templates", {
            intent: "new-from-template",
            templateId: "dashboard",
            projectId: elsewhere.project.id,
            name: "X",
          }),
        ),
      ),
    );
    expect(notMyProject.status).toBe(404);
    expect(Object.values((await getWireframe(elsewhere.ownerMember, theirs.id)).document.screens)).toHaveLength(1);

    const v = await workspace("viewer");
    const own = await createWireframe(v.ownerMember, { projectId: v.project.id, name: "Cart", device: "mobile" });
    expect(((await settle(templatesLoader(args(await v.get("/wireframes/templates"))))).body as { canEdit: boolean }).canEdit).toBe(false);
    const refused = await settle(
      templatesAction(args(await v.post("/wireframes/templates", { intent: "add-screen", templateId: "dashboard", wireframeId: own.id }))),
    );
    expect(refused.status).toBe(403);
  });
});

describe("/wireframes/library", () => {
  it("lists the workspace's own components only", async () => {
    const w = await workspace();
    await createComponent(w.ownerMember, { name: "Banner", definition });
    const elsewhere = await workspace();
    await createComponent(elsewhere.ownerMember, { name: "Theirs", definition });
    const data = (await settle(libraryLoader(args(await w.get("/wireframes/library"))))).body as Awaited<ReturnType<typeof libraryLoader>>;
    expect(data.components.map((c) => c.name)).toEqual(["Banner"]);
    expect(data.components[0]!.definition).toEqual(definition);
    expect(data).toMatchObject({ canEdit: true, canDelete: true });
  });

  it("renames a component, and deleting one detaches its instances (they become groups that keep their look)", async () => {
    const w = await workspace();
    const { id: componentId } = await createComponent(w.ownerMember, { name: "Banner", definition });
    const { id } = await createWireframe(w.ownerMember, { projectId: w.project.id, name: "Promo", device: "desktop" });
    await db()
      .update(schema.wireframes)
      .set({ document: withInstance((await getWireframe(w.ownerMember, id)).document, componentId) })
      .where(eqId(id));

    const renamed = await settle(
      libraryAction(args(await w.post("/wireframes/library", { intent: "rename-component", componentId, name: "Sale banner" }))),
    );
    expect(renamed).toMatchObject({ status: 303, location: "/wireframes/library" });
    expect((await listComponents(w.ownerMember)).map((c) => c.name)).toEqual(["Sale banner"]);

    const deleted = await settle(libraryAction(args(await w.post("/wireframes/library", { intent: "delete-component", componentId }))));
    expect(deleted).toMatchObject({ status: 303, location: "/wireframes/library" });
    expect(await listComponents(w.ownerMember)).toEqual([]);
    const elements = Object.values((await getWireframe(w.ownerMember, id)).document.elements);
    expect(elements.some((e) => e.type === "instance")).toBe(false);
    expect(elements.find((e) => e.type === "group")).toMatchObject({ x: 10, y: 10, width: 200, height: 40 });
    expect(elements.find((e) => e.type === "rectangle")).toMatchObject({ fill: "#e0e7ff" });
  });

  it("answers 400 with the message, 404 across workspaces, 403 for a viewer (and a member may not delete)", async () => {
    const w = await workspace();
    const { id: componentId } = await createComponent(w.ownerMember, { name: "Banner", definition });
    const blank = await settle(
      libraryAction(args(await w.post("/wireframes/library", { intent: "rename-component", componentId, name: "" }))),
    );
    expect(blank.status).toBe(400);
    expect(errorsOf(blank.body)).toEqual({ name: ["Give the component a name."] });

    const elsewhere = await workspace();
    const theirs = await createComponent(elsewhere.ownerMember, { name: "Theirs", definition });
    const notMine = await settle(
      libraryAction(args(await w.post("/wireframes/library", { intent: "delete-component", componentId: theirs.id }))),
    );
    expect(notMine.status).toBe(404);
    expect((await listComponents(elsewhere.ownerMember)).map((c) => c.name)).toEqual(["Theirs"]);

    const v = await workspace("viewer");
    const own = await createComponent(v.ownerMember, { name: "Banner", definition });
    expect(((await settle(libraryLoader(args(await v.get("/wireframes/library"))))).body as { canEdit: boolean }).canEdit).toBe(false);
    for (const body of <Record<string, string>[]>[
      { intent: "rename-component", componentId: own.id, name: "Mine" },
      { intent: "delete-component", componentId: own.id },
    ]) {
      expect((await settle(libraryAction(args(await v.post("/wireframes/library", body))))).status).toBe(403);
    }
    const m = await workspace("member");
    const theirsToo = await createComponent(m.ownerMember, { name: "Banner", definition });
    expect(
      (await settle(libraryAction(args(await m.post("/wireframes/library", { intent: "delete-component", componentId: theirsToo.id })))))
        .status,
    ).toBe(403);
  });
});
