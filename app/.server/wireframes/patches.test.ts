import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetDb } from "../../../tests/support/db";
import type { Op } from "~/lib/wireframes/document";
import { invertOps } from "~/lib/wireframes/ops";
import { defaultElement } from "~/lib/wireframes/elements";
import { db, schema } from "../db";
import { publish, subscribe } from "../realtime";
import { addTemplateScreen, applyPatch, cardsForScreen, createWireframe, getWireframe, linkScreen, linksForCard, opsSince } from "./index";
import { screenLinkCounts } from "./links";
import { wireframeTopic, type PatchBody } from "./patches";
import { makeWorkspace } from "./test-support";

/** Issue 8's follow-up: idempotent patches (a replayed patchId) and a removed screen's card links. */

async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Checkout", device: "desktop" });
  const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
  return { ...ws, id, screenId };
}

async function logSize(wireframeId: string) {
  const [row] = await db().select({ n: count() }).from(schema.wireframeOps).where(eq(schema.wireframeOps.wireframeId, wireframeId));
  return Number(row!.n);
}

describe("applyPatch with a patchId (a retry whose answer was lost)", () => {
  beforeEach(resetDb);

  it("answers a replay with the first seq and changes nothing: no new seq, no log entry, no event", async () => {
    const ws = await setup();
    const el = defaultElement("rectangle", { id: "box", screenId: ws.screenId, x: 10 });
    const patch: PatchBody = { clientId: "tab1", patchId: "p-0000000001", ops: [{ op: "add-element", element: el }] };
    const heard: Array<{ seq: number }> = [];
    let listening = false;
    const off = subscribe(wireframeTopic(ws.id), (raw) => {
      const event = JSON.parse(raw) as { type: string; seq: number };
      if (event.type === "test.listening") listening = true;
      else heard.push(event);
    });
    try {
      // On Postgres, LISTEN starts after subscribe() returns: hear a marker of our own before
      // the first patch, so no patch's event is published before the listener is live.
      await vi.waitFor(
        async () => {
          await publish(wireframeTopic(ws.id), { type: "test.listening" });
          await new Promise((resolve) => setImmediate(resolve));
          expect(listening).toBe(true);
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(await applyPatch(ws.owner, ws.id, patch)).toEqual({ seq: 1, skipped: 0 });
      await applyPatch(ws.owner, ws.id, { clientId: "tab2", ops: [{ op: "set-element", id: "box", key: "x", value: 99 }] });
      // Both events heard before the replays.
      await vi.waitFor(() => expect(heard.map((e) => e.seq)).toEqual([1, 2]));
      const before = await getWireframe(ws.owner, ws.id);

      expect(await applyPatch(ws.owner, ws.id, patch)).toEqual({ seq: 1, skipped: 0, replayed: true });
      // The same id with other ops is still the same patch: nothing of it is applied.
      expect(await applyPatch(ws.owner, ws.id, { ...patch, ops: [{ op: "remove-element", id: "box" }] })).toMatchObject({ seq: 1 });
      const after = await getWireframe(ws.owner, ws.id);
      expect(after.seq).toBe(2);
      expect(after.document).toEqual(before.document);
      expect(after.document.elements.box!.x).toBe(99);
      expect(await logSize(ws.id)).toBe(2);

      // A new patch after the replays: events arrive in commit order, so once its event is
      // here, an event of either replay would have been heard before it.
      await applyPatch(ws.owner, ws.id, { clientId: "tab3", ops: [{ op: "set-element", id: "box", key: "y", value: 5 }] });
      await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(3));
      expect(heard.map((e) => e.seq)).toEqual([1, 2, 3]);
    } finally {
      off();
    }
    // The log and the events carry the id, so the sender knows its own patch coming back.
    expect((await opsSince(ws.owner, ws.id, 0))!.patches.map((p) => p.patchId)).toEqual(["p-0000000001", null, null]);
    expect(heard[0]).toMatchObject({ type: "patch", seq: 1, patchId: "p-0000000001" });
  });

  it("an element deleted by a teammate is not put back by a replayed add", async () => {
    const ws = await setup();
    const el = defaultElement("rectangle", { id: "note", screenId: ws.screenId });
    const add: PatchBody = { clientId: "offline-tab", patchId: "add-note-123", ops: [{ op: "add-element", element: el }] };
    const { seq } = await applyPatch(ws.owner, ws.id, add); // applied; the answer never reached the tab
    await applyPatch(ws.owner, ws.id, { clientId: "teammate", patchId: "remove-note-1", ops: [{ op: "remove-element", id: "note" }] });
    expect((await getWireframe(ws.owner, ws.id)).document.elements.note).toBeUndefined();
    // Back online, the tab's queue sends its patch again, under the same id.
    expect(await applyPatch(ws.owner, ws.id, add)).toEqual({ seq, skipped: 0, replayed: true });
    const doc = (await getWireframe(ws.owner, ws.id)).document;
    expect(doc.elements.note).toBeUndefined();
  });

  it("patches without an id (older clients) are each applied", async () => {
    const ws = await setup();
    const op: Op = { op: "set-screen", id: ws.screenId, key: "name", value: "Home" };
    expect((await applyPatch(ws.owner, ws.id, { clientId: "old", ops: [op] })).seq).toBe(1);
    expect((await applyPatch(ws.owner, ws.id, { clientId: "old", ops: [op] })).seq).toBe(2);
    expect(await logSize(ws.id)).toBe(2);
  });

  it("the same patchId in two wireframes is two patches (ids are per wireframe)", async () => {
    const ws = await setup();
    const { id: other } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Other", device: "mobile" });
    const screenOf = async (id: string) => Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
    const patch = (screenId: string): PatchBody => ({
      clientId: "c",
      patchId: "same-id-0001",
      ops: [{ op: "set-screen", id: screenId, key: "name", value: "A" }],
    });
    expect(await applyPatch(ws.owner, ws.id, patch(ws.screenId))).toEqual({ seq: 1, skipped: 0 });
    expect(await applyPatch(ws.owner, other, patch(await screenOf(other)))).toEqual({ seq: 1, skipped: 0 });
  });
});

describe("a removed screen's card links", () => {
  beforeEach(resetDb);

  it("are hidden while the screen is gone and come back with an undo of the removal", async () => {
    const ws = await setup();
    const { screenId } = await addTemplateScreen(ws.owner, ws.id, "list");
    await linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId });
    await linkScreen(ws.owner, { cardId: ws.card.id, wireframeId: ws.id, screenId: ws.screenId });
    const screens = async () => (await linksForCard(ws.owner, ws.card.id)).map((l) => l.screenId).sort();
    expect(await screens()).toEqual([screenId, ws.screenId].sort());

    // The editor removes the screen, keeping the inverse on its undo stack.
    const before = (await getWireframe(ws.owner, ws.id)).document;
    const remove: Op[] = [{ op: "remove-screen", id: screenId }];
    const undo = invertOps(before, remove);
    await applyPatch(ws.owner, ws.id, { clientId: "c", patchId: "remove-screen-1", ops: remove });
    expect(await screens()).toEqual([ws.screenId]);
    expect(await cardsForScreen(ws.owner, ws.id, screenId)).toEqual([]);
    expect(await screenLinkCounts(ws.owner, ws.project.id)).toEqual({ [ws.card.id]: 1 });

    // Undo: the screen comes back with its id, and so do the cards that linked it.
    await applyPatch(ws.owner, ws.id, { clientId: "c", patchId: "undo-remove-1", ops: undo });
    expect((await getWireframe(ws.owner, ws.id)).document.screens[screenId]).toBeDefined();
    expect(await screens()).toEqual([screenId, ws.screenId].sort());
    expect((await cardsForScreen(ws.owner, ws.id, screenId)).map((c) => c.cardId)).toEqual([ws.card.id]);
    expect(await screenLinkCounts(ws.owner, ws.project.id)).toEqual({ [ws.card.id]: 2 });
  });
});
