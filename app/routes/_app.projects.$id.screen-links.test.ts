/**
 * The card panel's wireframe screen links through the board page (issue 8): the
 * `link-screen` and `unlink-screen` intents as plain form posts, what the loader answers
 * (the open card's links with their thumbnails, the choices, every card's count), and the
 * refusals: another workspace's wireframe or screen 404, a viewer 403, a read-only
 * workspace 403. Deleting a wireframe removes its links and keeps the card.
 */
import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest, formRequest } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { db, schema } from "~/.server/db";
import { addTemplateScreen, createWireframe, deleteWireframe, getWireframe } from "~/.server/wireframes";
import { addRole, makeReadOnly, makeWorkspace } from "~/.server/wireframes/test-support";
import { screenRef } from "~/lib/wireframes/card-links";
import { boardAction, boardLoader } from "./_app.projects.$id.server";
import { boardApiAction } from "./api.projects.$id.board.server";

async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Checkout", device: "desktop" });
  const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
  const boardUrl = `/projects/${ws.project.id}?task=${ws.card.id}`;
  return { ...ws, id, screenId, boardUrl };
}

type Ws = Awaited<ReturnType<typeof setup>>;

async function post(userId: string, ws: Ws, fields: Record<string, string>) {
  const base = await authedRequest(userId, ws.boardUrl);
  const res = await boardAction(formRequest(base, { cardId: ws.card.id, ...fields }), ws.project.id);
  if (res instanceof Response) return { status: res.status, location: res.headers.get("Location"), cookie: res.headers.get("Set-Cookie") };
  const { data, init } = res as unknown as { data: { message: string; field?: string }; init: { status: number } };
  return { status: init.status, message: data.message, field: data.field };
}

async function load(userId: string, url: string, projectId: string) {
  return boardLoader(await authedRequest(userId, url), projectId);
}

async function linkRows() {
  const [row] = await db().select({ n: count() }).from(schema.cardWireframeLinks);
  return Number(row!.n);
}

describe("card panel: wireframe screen links", () => {
  beforeEach(resetDb);

  it("links a screen with a form post, shows its thumbnail and editor link in the panel and a count on the card, unlinks", async () => {
    const ws = await setup();
    const { screenId: second } = await addTemplateScreen(ws.owner, ws.id, "list");

    const before = await load(ws.user.id, ws.boardUrl, ws.project.id);
    expect(before.screenLinks.counts).toEqual({});
    expect(before.screenLinks.card).toMatchObject({ cardId: ws.card.id, links: [] });
    // The choices: the workspace's wireframes with their screens in order, names only.
    expect(before.screenLinks.card!.choices).toEqual([
      {
        id: ws.id,
        name: "Checkout",
        projectName: "Website",
        screens: [
          { id: ws.screenId, name: "Screen 1" },
          { id: second, name: expect.any(String) },
        ],
      },
    ]);

    const linked = await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef(ws.id, ws.screenId) });
    expect(linked.status).toBe(303);
    expect(linked.location).toBe(ws.boardUrl);
    // Seen in place (the panel lists it): no toast.
    expect(linked.cookie ?? "").not.toContain("atelier_flash=");
    // Linking it again is still one link.
    expect((await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef(ws.id, ws.screenId) })).status).toBe(303);
    expect(await linkRows()).toBe(1);

    const after = await load(ws.user.id, ws.boardUrl, ws.project.id);
    expect(after.screenLinks.counts).toEqual({ [ws.card.id]: 1 });
    const [link] = after.screenLinks.card!.links;
    expect(link).toMatchObject({
      wireframeId: ws.id,
      wireframeName: "Checkout",
      screenId: ws.screenId,
      screenName: "Screen 1",
      href: `/wireframes/editor/${ws.id}?screen=${ws.screenId}`,
    });
    expect(link!.svg).toMatch(/^<svg[^>]*aria-label="Screen 1"/);
    // The panel gets the thumbnail's markup, not the screen's document.
    expect(Object.keys(link!)).not.toContain("preview");

    // The board without an open card: only the counts.
    const board = await load(ws.user.id, `/projects/${ws.project.id}`, ws.project.id);
    expect(board.screenLinks).toEqual({ counts: { [ws.card.id]: 1 }, card: null });

    const unlinked = await post(ws.user.id, ws, { intent: "unlink-screen", screen: screenRef(ws.id, ws.screenId) });
    expect(unlinked.status).toBe(303);
    expect(await linkRows()).toBe(0);
    expect((await load(ws.user.id, ws.boardUrl, ws.project.id)).screenLinks.card!.links).toEqual([]);
  });

  it("refuses another workspace's wireframe or screen (404), a card of another project (404) and a value that names no screen (400)", async () => {
    const ws = await setup();
    const theirs = await setup();

    const theirWireframe = await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef(theirs.id, theirs.screenId) });
    expect(theirWireframe).toMatchObject({
      status: 404,
      message: "That wireframe was not found. It may have been deleted, or it belongs to another workspace.",
    });
    const theirScreen = await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef(ws.id, theirs.screenId) });
    expect(theirScreen).toMatchObject({ status: 404, message: "That screen was not found in the wireframe. It may have been deleted." });
    const missing = await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef("00000000-0000-4000-8000-000000000000", "abc") });
    expect(missing.status).toBe(404);

    // Their card, posted to my board: not found (nor is another project's card of my workspace).
    const base = await authedRequest(ws.user.id, ws.boardUrl);
    const theirCard = await boardAction(
      formRequest(base, { intent: "link-screen", cardId: theirs.card.id, screen: screenRef(ws.id, ws.screenId) }),
      ws.project.id,
    );
    expect((theirCard as unknown as { init: { status: number } }).init.status).toBe(404);
    const [otherProject] = await db()
      .insert(schema.projects)
      .values({ workspaceId: ws.workspace.id, name: "Other", createdBy: ws.user.id })
      .returning();
    const elsewhere = await boardAction(
      formRequest(base, { intent: "link-screen", cardId: ws.card.id, screen: screenRef(ws.id, ws.screenId) }),
      otherProject!.id,
    );
    expect((elsewhere as unknown as { init: { status: number } }).init.status).toBe(404);

    for (const screen of ["", "not a screen", `${ws.id}/`, `${ws.id}/a/b`]) {
      expect(await post(ws.user.id, ws, { intent: "link-screen", screen })).toMatchObject({
        status: 400,
        message: "Choose a screen to link.",
        field: "screen",
      });
    }
    expect(await linkRows()).toBe(0);

    // Their board lists none of my wireframes, and my card's panel none of theirs.
    expect((await load(ws.user.id, ws.boardUrl, ws.project.id)).screenLinks.card!.choices.map((w) => w.id)).toEqual([ws.id]);
  });

  it("shows a viewer the links without choices and refuses their link or unlink (403)", async () => {
    const ws = await setup();
    expect((await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef(ws.id, ws.screenId) })).status).toBe(303);
    const viewer = await addRole(ws.workspace.id, "viewer");

    const seen = await load(viewer.user.id, ws.boardUrl, ws.project.id);
    expect(seen.screenLinks.card!.links.map((l) => l.screenId)).toEqual([ws.screenId]);
    expect(seen.screenLinks.card!.choices).toEqual([]);
    expect(seen.screenLinks.counts).toEqual({ [ws.card.id]: 1 });

    const unlink = await post(viewer.user.id, ws, { intent: "unlink-screen", screen: screenRef(ws.id, ws.screenId) });
    expect(unlink).toMatchObject({ status: 403, message: "Your role in this workspace can view this board but not change it." });
    const { screenId: second } = await addTemplateScreen(ws.owner, ws.id, "list");
    expect((await post(viewer.user.id, ws, { intent: "link-screen", screen: screenRef(ws.id, second) })).status).toBe(403);
    expect(await linkRows()).toBe(1);
  });

  it("a read-only workspace shows the links and refuses changes with the reason (403)", async () => {
    const ws = await setup();
    expect((await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef(ws.id, ws.screenId) })).status).toBe(303);
    const { screenId: second } = await addTemplateScreen(ws.owner, ws.id, "list");
    await makeReadOnly(ws.workspace.id);
    const unlink = await post(ws.user.id, ws, { intent: "unlink-screen", screen: screenRef(ws.id, ws.screenId) });
    expect(unlink.status).toBe(403);
    expect(unlink.message).toMatch(/read-only|trial/i);
    expect((await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef(ws.id, second) })).status).toBe(403);
    expect(await linkRows()).toBe(1);
    expect((await load(ws.user.id, ws.boardUrl, ws.project.id)).screenLinks.card!.links).toHaveLength(1);
  });

  it("deleting the wireframe removes its links and keeps the card", async () => {
    const ws = await setup();
    expect((await post(ws.user.id, ws, { intent: "link-screen", screen: screenRef(ws.id, ws.screenId) })).status).toBe(303);
    await deleteWireframe(ws.owner, ws.id);
    expect(await linkRows()).toBe(0);
    const after = await load(ws.user.id, ws.boardUrl, ws.project.id);
    expect(after.card?.title).toBe("Build the sign-in page");
    expect(after.screenLinks).toEqual({ counts: {}, card: { cardId: ws.card.id, links: [], choices: [] } });
    const [card] = await db().select().from(schema.cards).where(eq(schema.cards.id, ws.card.id));
    expect(card?.title).toBe("Build the sign-in page");
  });

  it("the board's JSON API takes the same intents", async () => {
    const ws = await setup();
    const base = await authedRequest(ws.user.id, `/api/projects/${ws.project.id}/board`);
    const res = await boardApiAction(
      new Request(base.url, {
        method: "POST",
        headers: { Cookie: base.headers.get("Cookie")!, "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "link-screen", cardId: ws.card.id, screen: screenRef(ws.id, ws.screenId) }),
      }),
      ws.project.id,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, intent: "link-screen", cardId: ws.card.id });
    expect(await linkRows()).toBe(1);
  });
});
