// The Wireframes pages' loaders and actions, called with real Requests against the database:
// JavaScript-off form posts (urlencoded), every message of a bad post, 404 across
// workspaces, viewers refused. One file for the six routes of issue 8's "Screens".
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../tests/support/factories";
import { db, schema } from "~/.server/db";
import { createComponent, createWireframe, getWireframe, linkScreen, listComponents, listWireframes } from "~/.server/wireframes";
import { makeReadOnly, makeWorkspace } from "~/.server/wireframes/test-support";
import { getMemberContext } from "~/.server/workspaces";
import type { ComponentDefinition, WireframeDocument } from "~/lib/wireframes/document";
import { TEMPLATES } from "~/lib/wireframes/templates";
import { action as projectListAction, loader as projectListLoader } from "./_app.projects.$id_.wireframes.server";
import { action as listAction, loader as listLoader } from "./_app.wireframes._index.server";
import { loader as editorLoader } from "./_app.wireframes.editor.$wireframeId.server";
import { action as createAction, loader as createLoader } from "./_app.wireframes.editor._index.server";
import { action as libraryAction, loader as libraryLoader } from "./_app.wireframes.library.server";
import { action as templatesAction, loader as templatesLoader } from "./_app.wireframes.templates.server";

beforeEach(resetDb);

type Args = { request: Request; params: Record<string, string>; context: Record<string, never> };
const args = (request: Request, params: Record<string, string> = {}): Args => ({ request, params, context: {} });

/** What a loader or action answered or threw (redirects and 404s are thrown), as status, location, body. */
async function settle(p: unknown): Promise<{ status: number; location: string | null; body: unknown }> {
  let out: unknown;
  try {
    out = await p;
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), body: null };
  if (out && typeof out === "object" && "type" in out && (out as { type: unknown }).type === "DataWithResponseInit") {
    const d = out as unknown as { data: unknown; init: { status?: number } | null };
    return { status: d.init?.status ?? 200, location: null, body: d.data };
  }
  return { status: 200, location: null, body: out };
}

const eqId = (id: string) => eq(schema.wireframes.id, id);
const errorsOf = (body: unknown) => (body as { error?: Record<string, string[]> }).error ?? {};

async function workspace(role: "owner" | "member" | "viewer" = "owner") {
  const { user: owner, workspace } = await makeOwner({ fullName: "Olive Owner" });
  const [project] = await db()
    .insert(schema.projects)
    .values({ workspaceId: workspace.id, name: "Checkout", createdBy: owner.id })
    .returning();
  const [other] = await db()
    .insert(schema.projects)
    .values({ workspaceId: workspace.id, name: "Onboarding", createdBy: owner.id })
    .returning();
  const ownerMember = await getMemberContext(await authedRequest(owner.id, "/wireframes"));
  let user = owner;
  if (role !== "owner") {
    user = await makeUser({ fullName: `Vic ${role}` });
    await addMember(workspace.id, user.id, role);
  }
  const get = (path: string) => authedRequest(user.id, path);
  const post = async (path: string, body: Record<string, string>) => formRequest(await authedRequest(user.id, path), body);
  return { owner, ownerMember, user, workspace, project: project!, other: other!, get, post };
}

const definition: ComponentDefinition = {
  schemaVersion: 2,
  width: 200,
  height: 40,
  elements: {
    bg: {
      id: "bg",
      type: "rectangle",
      screenId: "",
      parentId: null,
      order: "a0",
      name: "Background",
      x: 0,
      y: 0,
      width: 200,
      height: 40,
      fill: "#e0e7ff",
      stroke: null,
      strokeWidth: 0,
      radius: 4,
      opacity: 1,
      locked: false,
      hidden: false,
    },
  },
};

/** A document whose first screen holds an instance of `componentId`. */
function withInstance(doc: WireframeDocument, componentId: string): WireframeDocument {
  const screenId = Object.keys(doc.screens)[0]!;
  return {
    ...doc,
    elements: {
      ...doc.elements,
      inst: {
        id: "inst",
        type: "instance",
        componentId,
        overrides: {},
        screenId,
        parentId: null,
        order: "a0",
        name: "Banner",
        x: 10,
        y: 10,
        width: 200,
        height: 40,
        fill: null,
        stroke: null,
        strokeWidth: 0,
        radius: 0,
        opacity: 1,
        locked: false,
        hidden: false,
      },
    },
  };
}

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
