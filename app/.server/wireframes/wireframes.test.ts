import { and, count, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { SCHEMA_VERSION, type ComponentDefinition, type Op, type WireframeElement } from "~/lib/wireframes/document";
import { defaultElement } from "~/lib/wireframes/elements";
import { wireframeDocumentSchema } from "~/lib/wireframes/schema";
import { db, schema } from "../db";
import {
  addTemplateScreen,
  applyPatch,
  cardsForScreen,
  createComponent,
  createWireframe,
  deleteComponent,
  deleteWireframe,
  duplicateWireframe,
  getComponents,
  getWireframe,
  linkScreen,
  linksForCard,
  listComponents,
  listWireframes,
  opsSince,
  renameWireframe,
  unlinkScreen,
  updateComponent,
} from "./index";
import type { PatchBody } from "./patches";
import { addRole, makeReadOnly, makeWorkspace, statusOf } from "./test-support";

const MISSING = "00000000-0000-4000-8000-000000000000";

async function opRows(wireframeId: string) {
  const [row] = await db().select({ n: count() }).from(schema.wireframeOps).where(eq(schema.wireframeOps.wireframeId, wireframeId));
  return Number(row!.n);
}

async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Checkout", device: "desktop" });
  const wf = await getWireframe(ws.owner, id);
  const screenId = Object.keys(wf.document.screens)[0]!;
  return { ...ws, id, screenId };
}

const rect = (screenId: string, partial: Partial<WireframeElement> = {}) => defaultElement("rectangle", { screenId, ...partial } as never);

describe("wireframes: create, list, read", () => {
  beforeEach(resetDb);

  it("creates blank and template wireframes, lists them newest first with project, author and screens", async () => {
    const ws = await makeWorkspace();
    const a = await createWireframe(ws.owner, { projectId: ws.project.id, name: "  First  ", device: "mobile" });
    const b = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Second", device: "desktop", templateId: "dashboard" });
    const c = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Third", device: "custom", width: 600, height: 400 });
    const list = await listWireframes(ws.owner);
    expect(list.map((w) => w.name)).toEqual(["Third", "Second", "First"]);
    expect(list[2]!.projectName).toBe("Website");
    expect(list[2]!.updatedByName).toBe(ws.user.fullName);
    expect(list.every((w) => w.screenCount === 1)).toBe(true);
    const first = await getWireframe(ws.owner, a.id);
    expect(Object.values(first.document.screens)[0]).toMatchObject({ device: "mobile", width: 390, height: 844 });
    expect(first.seq).toBe(0);
    const second = await getWireframe(ws.owner, b.id);
    expect(Object.values(second.document.screens)[0]!.name).toBe("Dashboard");
    expect(Object.keys(second.document.elements).length).toBeGreaterThan(10);
    expect(wireframeDocumentSchema.safeParse(second.document).success).toBe(true);
    expect(Object.values((await getWireframe(ws.owner, c.id)).document.screens)[0]).toMatchObject({ width: 600, height: 400 });
    expect(await listWireframes(ws.owner, { q: "sec" })).toHaveLength(1);
    expect(await listWireframes(ws.owner, { q: "%" })).toHaveLength(0);
    expect(await listWireframes(ws.owner, { projectId: MISSING })).toHaveLength(0);
    expect(await listWireframes(ws.owner, { projectId: ws.project.id })).toHaveLength(3);
  });

  it("refuses a bad name, device, template, custom size or another workspace's project", async () => {
    const ws = await makeWorkspace();
    const other = await makeWorkspace();
    const base = { projectId: ws.project.id, name: "X", device: "desktop" as const };
    expect(await statusOf(createWireframe(ws.owner, { ...base, name: "   " }))).toBe(400);
    expect(await statusOf(createWireframe(ws.owner, { ...base, name: "x".repeat(121) }))).toBe(400);
    expect(await statusOf(createWireframe(ws.owner, { ...base, templateId: "nope" }))).toBe(400);
    expect(await statusOf(createWireframe(ws.owner, { ...base, device: "custom", width: 0, height: 10 }))).toBe(400);
    expect(await statusOf(createWireframe(ws.owner, { ...base, projectId: other.project.id }))).toBe(404);
    expect(await statusOf(createWireframe(ws.owner, { ...base, projectId: "nope" }))).toBe(404);
    expect(await listWireframes(ws.owner)).toHaveLength(0);
  });
});

describe("wireframes: tenancy and permissions", () => {
  beforeEach(resetDb);

  it("another workspace's id is a 404 everywhere, like a missing or malformed one", async () => {
    const mine = await setup();
    const theirs = await setup();
    for (const id of [theirs.id, MISSING, "not-a-uuid"]) {
      expect(await statusOf(getWireframe(mine.owner, id))).toBe(404);
      expect(await statusOf(renameWireframe(mine.owner, id, "Mine now"))).toBe(404);
      expect(await statusOf(duplicateWireframe(mine.owner, id))).toBe(404);
      expect(await statusOf(deleteWireframe(mine.owner, id))).toBe(404);
      expect(
        await statusOf(
          applyPatch(mine.owner, id, { clientId: "c1", ops: [{ op: "set-screen", id: theirs.screenId, key: "name", value: "x" }] }),
        ),
      ).toBe(404);
      expect(await statusOf(opsSince(mine.owner, id, 0))).toBe(404);
      expect(await statusOf(addTemplateScreen(mine.owner, id, "list"))).toBe(404);
    }
    expect((await listWireframes(mine.owner)).map((w) => w.id)).toEqual([mine.id]);
    expect((await getWireframe(theirs.owner, theirs.id)).name).toBe("Checkout");
  });

  it("viewers look but cannot edit; members edit but cannot delete; admins delete", async () => {
    const ws = await setup();
    const viewer = await addRole(ws.workspace.id, "viewer");
    const member = await addRole(ws.workspace.id, "member");
    const admin = await addRole(ws.workspace.id, "admin");
    expect((await getWireframe(viewer, ws.id)).name).toBe("Checkout");
    const patch: PatchBody = { clientId: "v", ops: [{ op: "add-element", element: rect(ws.screenId) }] };
    expect(await statusOf(applyPatch(viewer, ws.id, patch))).toBe(403);
    expect(await statusOf(createWireframe(viewer, { projectId: ws.project.id, name: "V", device: "desktop" }))).toBe(403);
    expect(await statusOf(renameWireframe(viewer, ws.id, "V"))).toBe(403);
    expect(await statusOf(createComponent(viewer, { name: "C", definition: {} }))).toBe(403);
    expect(await opRows(ws.id)).toBe(0);
    expect((await applyPatch(member, ws.id, patch)).seq).toBe(1);
    expect(await statusOf(deleteWireframe(member, ws.id))).toBe(403);
    await deleteWireframe(admin, ws.id);
    expect(await statusOf(getWireframe(ws.owner, ws.id))).toBe(404);
  });

  it("a read-only workspace refuses every change (403) and still shows its wireframes", async () => {
    const ws = await setup();
    await makeReadOnly(ws.workspace.id);
    const patch: PatchBody = { clientId: "c", ops: [{ op: "add-element", element: rect(ws.screenId) }] };
    expect(await statusOf(applyPatch(ws.owner, ws.id, patch))).toBe(403);
    expect(await statusOf(createWireframe(ws.owner, { projectId: ws.project.id, name: "New", device: "desktop" }))).toBe(403);
    expect(await statusOf(renameWireframe(ws.owner, ws.id, "New"))).toBe(403);
    expect(await statusOf(duplicateWireframe(ws.owner, ws.id))).toBe(403);
    expect(await statusOf(deleteWireframe(ws.owner, ws.id))).toBe(403);
    expect(await statusOf(linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId }))).toBe(403);
    expect((await getWireframe(ws.owner, ws.id)).seq).toBe(0);
    expect(await listWireframes(ws.owner)).toHaveLength(1);
  });
});

describe("applyPatch", () => {
  beforeEach(resetDb);

  it("numbers patches, stores their ops in the log, and changes the document", async () => {
    const { owner, id, screenId } = await setup();
    const el = rect(screenId, { id: "box1" });
    expect(await applyPatch(owner, id, { clientId: "tab-a", ops: [{ op: "add-element", element: el }] })).toEqual({ seq: 1, skipped: 0 });
    expect((await applyPatch(owner, id, { clientId: "tab-a", ops: [{ op: "set-element", id: "box1", key: "x", value: 64 }] })).seq).toBe(2);
    const wf = await getWireframe(owner, id);
    expect(wf.seq).toBe(2);
    expect(wf.document.elements.box1!.x).toBe(64);
    const log = await opsSince(owner, id, 0);
    expect(log!.patches.map((p) => [p.seq, p.clientId, p.userId])).toEqual([
      [1, "tab-a", owner.user.id],
      [2, "tab-a", owner.user.id],
    ]);
    expect((await opsSince(owner, id, 1))!.patches.map((p) => p.ops)).toEqual([[{ op: "set-element", id: "box1", key: "x", value: 64 }]]);
    expect((await opsSince(owner, id, 2))!.patches).toEqual([]);
  });

  it("concurrent patches to the same property end with the later seq's value; to different properties both survive", async () => {
    const { owner, id, screenId } = await setup();
    const member = await addRole(owner.workspace.id, "member");
    await applyPatch(owner, id, { clientId: "a", ops: [{ op: "add-element", element: rect(screenId, { id: "shared" }) }] });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        applyPatch(i % 2 ? member : owner, id, {
          clientId: `c${i}`,
          ops: [{ op: "set-element", id: "shared", key: "x", value: 100 + i }],
        }).then((r) => ({ ...r, value: 100 + i })),
      ),
    );
    const last = results.reduce((a, b) => (b.seq > a.seq ? b : a));
    expect(new Set(results.map((r) => r.seq)).size).toBe(8);
    expect((await getWireframe(owner, id)).document.elements.shared!.x).toBe(last.value);
    await Promise.all([
      applyPatch(owner, id, { clientId: "a", ops: [{ op: "set-element", id: "shared", key: "fill", value: "#ff0000" }] }),
      applyPatch(member, id, { clientId: "b", ops: [{ op: "set-element", id: "shared", key: "width", value: 321 }] }),
    ]);
    const el = (await getWireframe(owner, id)).document.elements.shared!;
    expect(el.fill).toBe("#ff0000");
    expect(el.width).toBe(321);
  });

  it("skips ops on what a teammate removed, and logs only what was applied", async () => {
    const { owner, id, screenId } = await setup();
    await applyPatch(owner, id, {
      clientId: "a",
      ops: [
        { op: "add-element", element: rect(screenId, { id: "gone" }) },
        { op: "add-element", element: rect(screenId, { id: "kept" }) },
      ],
    });
    await applyPatch(owner, id, { clientId: "a", ops: [{ op: "remove-element", id: "gone" }] });
    const late: Op[] = [
      { op: "set-element", id: "gone", key: "x", value: 5 },
      { op: "set-element", id: "kept", key: "x", value: 7 },
    ];
    expect(await applyPatch(owner, id, { clientId: "b", ops: late })).toEqual({ seq: 3, skipped: 1 });
    expect((await opsSince(owner, id, 2))!.patches[0]!.ops).toEqual([late[1]]);
  });

  it("keeps a one-element patch under 1 KB", async () => {
    const { screenId } = await setup();
    const body = JSON.stringify({
      clientId: "tab-4f9a2b7e",
      ops: [{ op: "add-element", element: defaultElement("ui", { screenId, component: "button" }) }],
    });
    expect(new TextEncoder().encode(body).byteLength).toBeLessThan(1024);
  });

  it("refuses (413) a patch that would grow the document past its size, writing nothing", async () => {
    const { owner, id, screenId } = await setup();
    const big = Object.fromEntries(
      Array.from({ length: 830 }, (_, i) => {
        const el = defaultElement("text", { id: `t${i}`, screenId, text: "x".repeat(10_000) });
        return [el.id, el];
      }),
    );
    const doc = (await getWireframe(owner, id)).document;
    await db()
      .update(schema.wireframes)
      .set({ document: { ...doc, elements: big } })
      .where(eq(schema.wireframes.id, id));
    const patch: PatchBody = {
      clientId: "c",
      ops: [{ op: "add-element", element: defaultElement("text", { screenId, text: "y".repeat(10_000) }) }],
    };
    const thrown = await applyPatch(owner, id, patch).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ status: 413 });
    expect((thrown as Error).message).toMatch(/too large/);
    expect((await getWireframe(owner, id)).seq).toBe(0);
  });

  it("opsSince answers null once the log no longer reaches back (the client reloads)", async () => {
    const { owner, id } = await setup();
    await applyPatch(owner, id, {
      clientId: "a",
      ops: [{ op: "set-screen", id: Object.keys((await getWireframe(owner, id)).document.screens)[0]!, key: "name", value: "One" }],
    });
    await db().delete(schema.wireframeOps).where(eq(schema.wireframeOps.wireframeId, id));
    expect(await opsSince(owner, id, 0)).toBeNull();
    expect(await opsSince(owner, id, 1)).toEqual({ seq: 1, patches: [] });
  });
});

describe("rename, duplicate, template screens", () => {
  beforeEach(resetDb);

  it("renames, duplicates into the same project, and adds a template's screen as a patch", async () => {
    const { owner, id } = await setup();
    await renameWireframe(owner, id, "Checkout v2");
    const copy = await duplicateWireframe(owner, id);
    const copied = await getWireframe(owner, copy.id);
    expect(copied.name).toBe("Checkout v2 (copy)");
    expect(copied.document).toEqual((await getWireframe(owner, id)).document);
    const { screenId, seq } = await addTemplateScreen(owner, id, "sign-in");
    expect(seq).toBe(1);
    const again = await addTemplateScreen(owner, id, "sign-in");
    const doc = (await getWireframe(owner, id)).document;
    expect(Object.keys(doc.screens)).toHaveLength(3);
    expect(doc.screens[screenId]!.name).toBe("Sign in");
    expect(doc.screens[again.screenId]!.name).toBe("Sign in 2");
    expect(doc.screens[again.screenId]!.order > doc.screens[screenId]!.order).toBe(true);
    expect(wireframeDocumentSchema.safeParse(doc).success).toBe(true);
    expect(await statusOf(addTemplateScreen(owner, id, "nope"))).toBe(400);
  });
});

describe("card links", () => {
  beforeEach(resetDb);

  it("links screens to cards, lists them both ways, unlinks; deleting the wireframe removes links but not cards", async () => {
    const ws = await setup();
    const other = await setup();
    await linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId });
    await linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId });
    const links = await linksForCard(ws.owner, ws.card.id);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({
      wireframeId: ws.id,
      wireframeName: "Checkout",
      screenId: ws.screenId,
      href: `/wireframes/editor/${ws.id}?screen=${ws.screenId}`,
    });
    expect(Object.keys(links[0]!.preview.doc.screens)).toEqual([ws.screenId]);
    expect(links[0]!.svg).toMatch(/^<svg[^>]*width="240"[^>]*aria-label="Screen 1"/);
    expect(await cardsForScreen(ws.owner, ws.id, ws.screenId)).toEqual([
      { cardId: ws.card.id, title: "Build the sign-in page", number: 1, screenId: ws.screenId, projectId: ws.project.id },
    ]);
    // Across workspaces: 404 for the card, the wireframe; nothing listed.
    expect(await statusOf(linkScreen(ws.owner, { cardId: other.card.id, wireframeId: ws.id, screenId: ws.screenId }))).toBe(404);
    expect(await statusOf(linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: other.id, screenId: other.screenId }))).toBe(404);
    expect(await statusOf(linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: "nope" }))).toBe(404);
    expect(await statusOf(linksForCard(other.owner, ws.card.id))).toBe(404);
    expect(await cardsForScreen(other.owner, ws.id, ws.screenId)).toEqual([]);
    const viewer = await addRole(ws.workspace.id, "viewer");
    expect(await statusOf(linkScreen(viewer, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId }))).toBe(403);

    await unlinkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId });
    expect(await linksForCard(ws.owner, ws.card.id)).toEqual([]);
    await linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId });
    await deleteWireframe(ws.owner, ws.id);
    expect(await linksForCard(ws.owner, ws.card.id)).toEqual([]);
    const [card] = await db().select().from(schema.cards).where(eq(schema.cards.id, ws.card.id));
    expect(card?.title).toBe("Build the sign-in page");
  });

  it("removing a screen removes its links from every list (hidden, so an undo brings them back: patches.test.ts)", async () => {
    const ws = await setup();
    const { screenId } = await addTemplateScreen(ws.owner, ws.id, "list");
    await linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId });
    await linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId });
    await applyPatch(ws.owner, ws.id, { clientId: "c", ops: [{ op: "remove-screen", id: screenId }] });
    const rows = await db()
      .select()
      .from(schema.cardWireframeLinks)
      .where(and(eq(schema.cardWireframeLinks.wireframeId, ws.id), isNull(schema.cardWireframeLinks.screenRemovedAt)));
    expect(rows.map((r) => r.screenId)).toEqual([ws.screenId]);
    expect((await linksForCard(ws.owner, ws.card.id)).map((l) => l.screenId)).toEqual([ws.screenId]);
    expect(await cardsForScreen(ws.owner, ws.id, screenId)).toEqual([]);
  });
});

describe("components", () => {
  beforeEach(resetDb);

  const definition: ComponentDefinition = {
    schemaVersion: SCHEMA_VERSION,
    width: 200,
    height: 40,
    elements: {
      bg: defaultElement("rectangle", { id: "bg", screenId: "", width: 200, height: 40, fill: "#eeeeee" }),
      label: defaultElement("text", { id: "label", screenId: "", x: 8, y: 8, width: 184, text: "Main" }),
    },
  };

  it("creates, lists, gets and updates main components (versions bump), validating definitions", async () => {
    const ws = await setup();
    const other = await setup();
    const { id, version } = await createComponent(ws.owner, { name: "Header", definition });
    expect(version).toBe(1);
    expect((await listComponents(ws.owner)).map((c) => c.name)).toEqual(["Header"]);
    expect(await listComponents(other.owner)).toEqual([]);
    expect(Object.keys(await getComponents(ws.owner, [id, MISSING, "junk"]))).toEqual([id]);
    expect(await getComponents(other.owner, [id])).toEqual({});
    expect(await updateComponent(ws.owner, id, { name: "Top bar" })).toEqual({ version: 2 });
    const next = { ...definition, width: 300 };
    expect(await updateComponent(ws.owner, id, { definition: next, baseVersion: 2 })).toEqual({ version: 3 });
    expect((await getComponents(ws.owner, [id]))[id]).toMatchObject({ name: "Top bar", version: 3, definition: next });
    expect(await statusOf(updateComponent(other.owner, id, { name: "Stolen" }))).toBe(404);
    const bad = await createComponent(ws.owner, {
      name: "Bad",
      definition: { ...definition, elements: { bg: { ...definition.elements.bg, fill: "red" } } },
    }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, field: "definition.elements.bg.fill" });
  });

  it("deleting a main component detaches its instances everywhere (overrides kept), never breaks them", async () => {
    const ws = await setup();
    const { id: componentId } = await createComponent(ws.owner, { name: "Header", definition });
    const inst = defaultElement("instance", {
      id: "inst",
      screenId: ws.screenId,
      componentId,
      x: 100,
      y: 50,
      width: 400,
      height: 80,
      overrides: { label: { text: "Overridden" } },
    });
    await applyPatch(ws.owner, ws.id, { clientId: "a", ops: [{ op: "add-element", element: inst }] });
    const copy = await duplicateWireframe(ws.owner, ws.id);
    // A component that uses it is detached too.
    const { id: outerId } = await createComponent(ws.owner, {
      name: "Page",
      definition: {
        ...definition,
        elements: { inner: defaultElement("instance", { id: "inner", screenId: "", componentId, width: 200, height: 40 }) },
      },
    });
    const member = await addRole(ws.workspace.id, "member");
    expect(await statusOf(deleteComponent(member, componentId))).toBe(403);

    expect(await deleteComponent(ws.owner, componentId)).toEqual({ detached: 2 });
    for (const wid of [ws.id, copy.id]) {
      const wf = await getWireframe(ws.owner, wid);
      expect(wf.seq).toBeGreaterThan(0);
      const doc = wf.document;
      expect(doc.elements.inst).toMatchObject({ type: "group", x: 100, y: 50, width: 400, height: 80 });
      const children = Object.values(doc.elements).filter((e) => e.parentId === "inst");
      expect(children.map((c) => c.type).sort()).toEqual(["rectangle", "text"]);
      const text = children.find((c) => c.type === "text") as Extract<WireframeElement, { type: "text" }>;
      expect(text.text).toBe("Overridden");
      expect(text).toMatchObject({ x: 116, y: 66 });
      expect(wireframeDocumentSchema.safeParse(doc).success).toBe(true);
    }
    expect(await getComponents(ws.owner, [componentId])).toEqual({});
    const outer = (await getComponents(ws.owner, [outerId]))[outerId]!;
    expect(outer.version).toBe(2);
    expect(outer.definition.elements.inner!.type).toBe("group");
  });
});
