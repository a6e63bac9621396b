import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import type { Op } from "~/lib/wireframes/document";
import { defaultElement } from "~/lib/wireframes/elements";
import { hashToken } from "../auth/tokens";
import { db, schema } from "../db";
import { isUserError } from "../errors";
import { applyPatch, createWireframe, getWireframe } from "../wireframes";
import { screenSvgFile } from "../wireframes/screen-svg";
import { addRole, makeReadOnly, makeWorkspace, statusOf } from "../wireframes/test-support";
import {
  createGuestPin,
  createPin,
  createShareLink,
  getPrototype,
  isUnlocked,
  listPins,
  listShareLinks,
  openShareLink,
  replyToPin,
  revokeShareLink,
  setPinResolved,
  unlockShareLink,
} from "./index";
import { LOOKUP_LIMIT } from "./share";

const IP = "203.0.113.7";

/** A wireframe with two screens; a button on the first goes to the second. */
async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Checkout", device: "mobile" });
  const wf = await getWireframe(ws.owner, id);
  const first = Object.keys(wf.document.screens)[0]!;
  const button = defaultElement("ui", { id: "buy", screenId: first, component: "button", name: "Buy", x: 20, y: 700 });
  const ops: Op[] = [
    { op: "add-screen", screen: { ...wf.document.screens[first]!, id: "done", name: "Thanks", order: "a1" } },
    { op: "add-element", element: button },
    {
      op: "add-interaction",
      interaction: {
        id: "go",
        source: { elementId: "buy" },
        order: "a0",
        trigger: { type: "click" },
        action: { type: "navigate", screenId: "done" },
      },
    },
  ];
  await applyPatch(ws.owner, id, { clientId: "test", ops });
  return { ...ws, wireframeId: id, first };
}

async function thrown(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (isUserError(e)) return e;
    throw e;
  }
  throw new Error("nothing was thrown");
}

beforeEach(resetDb);

describe("the player", () => {
  it("plays a wireframe for every member of its workspace (viewers too) and 404s for others", async () => {
    const ws = await setup();
    const viewer = await addRole(ws.workspace.id, "viewer");
    const played = await getPrototype(viewer, ws.wireframeId, {});
    expect(played.view!.screen.id).toBe(ws.first);
    expect(played.view!.hotspots).toEqual([
      expect.objectContaining({ id: "go", href: `?flow=${played.view!.flowId}&screen=done&from=${ws.first}` }),
    ]);
    expect(played.view!.count).toBe(2);
    expect(played.canShare).toBe(false);
    // The screen comes drawn (the renderer's SVG, a cached file at its address), not as the document.
    expect(played.view).not.toHaveProperty("doc");
    expect(played.view!.src).toBe(`/wireframes/${ws.wireframeId}/screens/${ws.first}.svg?v=1`);
    const svg = await (await screenSvgFile(viewer, ws.wireframeId, ws.first))!.render();
    expect(svg).toMatch(/^<svg[^>]*role="img"/);
    expect(svg).toContain(">Button</text>");
    expect(played.view!.overlaySrc).toBeNull();
    const next = await getPrototype(ws.owner, ws.wireframeId, { screen: "done" });
    expect([next.view!.screen.name, next.view!.index]).toEqual(["Thanks", 2]);
    const other = await makeWorkspace();
    expect(await statusOf(getPrototype(other.owner, ws.wireframeId, {}))).toBe(404);
    expect(await statusOf(getPrototype(ws.owner, "not-a-uuid", {}))).toBe(404);
  });

  it("plays each edit at once, for members and links (the players keep documents by version)", async () => {
    const ws = await setup();
    const { token } = await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: false });
    expect((await getPrototype(ws.owner, ws.wireframeId, { screen: "done" })).view!.screen.name).toBe("Thanks");
    expect((await openShareLink(token, { ip: IP })).seq).toBe(1);
    await applyPatch(ws.owner, ws.wireframeId, { clientId: "test", ops: [{ op: "set-screen", id: "done", key: "name", value: "Paid" }] });
    const played = await getPrototype(ws.owner, ws.wireframeId, { screen: "done" });
    expect(played.view!.screen.name).toBe("Paid");
    expect(played.view!.src).toBe(`/wireframes/${ws.wireframeId}/screens/done.svg?v=2`);
    const shared = await openShareLink(token, { ip: IP });
    expect([shared.seq, shared.document.screens.done!.name]).toEqual([2, "Paid"]);
    // A deleted wireframe is gone for both.
    await db().delete(schema.wireframes).where(eq(schema.wireframes.id, ws.wireframeId));
    expect(await statusOf(getPrototype(ws.owner, ws.wireframeId, {}))).toBe(404);
    expect(await statusOf(openShareLink(token, { ip: IP }))).toBe(404);
  });
});

describe("share links", () => {
  it("stores only the token's sha256, plays read-only, counts opens, and shows nothing but this prototype", async () => {
    const ws = await setup();
    const { id, token } = await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: false });
    const [row] = await db().select().from(schema.prototypeShareLinks).where(eq(schema.prototypeShareLinks.id, id));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const shared = await openShareLink(token, { ip: IP, opened: true });
    expect(shared.name).toBe("Checkout");
    expect(shared.wireframeId).toBe(ws.wireframeId);
    await openShareLink(token, { ip: IP, opened: true });
    expect((await listShareLinks(ws.owner, ws.wireframeId))[0]).toMatchObject({ openCount: 2, state: "active", hasPassword: false });
  });

  it("answers 410 once revoked or expired, 404 for an unknown token", async () => {
    const ws = await setup();
    const { id, token } = await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: false, expiresInDays: 1 });
    expect((await thrown(openShareLink("x".repeat(32), { ip: IP }))).status).toBe(404);
    await db()
      .update(schema.prototypeShareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.prototypeShareLinks.id, id));
    expect((await thrown(openShareLink(token, { ip: IP }))).message).toMatch(/expired/);
    const second = await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: false });
    await revokeShareLink(ws.owner, ws.wireframeId, second.id);
    const gone = await thrown(openShareLink(second.token, { ip: IP }));
    expect([gone.status, gone.message]).toEqual([410, expect.stringMatching(/turned off/)]);
    expect((await listShareLinks(ws.owner, ws.wireframeId)).map((l) => l.state).sort()).toEqual(["expired", "revoked"]);
    // Another workspace cannot revoke it; a viewer cannot share.
    const other = await makeWorkspace();
    expect(await statusOf(revokeShareLink(other.owner, ws.wireframeId, id))).toBe(404);
    const viewer = await addRole(ws.workspace.id, "viewer");
    expect(await statusOf(createShareLink(viewer, ws.wireframeId, { allowFeedback: false }))).toBe(403);
  });

  it("asks for the password: a wrong one is refused, the right one unlocks this link only", async () => {
    const ws = await setup();
    const { token } = await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: false, password: "open sesame" });
    const [row] = await db().select().from(schema.prototypeShareLinks);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const shared = await openShareLink(token, { ip: IP });
    expect(isUnlocked(shared, undefined)).toBe(false);
    expect((await thrown(unlockShareLink(token, "wrong", { ip: IP }))).status).toBe(401);
    const { value } = await unlockShareLink(token, "open sesame", { ip: IP });
    expect(isUnlocked(shared, value)).toBe(true);
    const other = await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: false, password: "another one" });
    expect(isUnlocked(await openShareLink(other.token, { ip: IP }), value)).toBe(false);
  });

  it("limits guessing per address with 429 and Retry-After; opening a real link many times is fine", async () => {
    const ws = await setup();
    const { token } = await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: false });
    for (let i = 0; i < 40; i++) await openShareLink(token, { ip: IP });
    for (let i = 0; i < LOOKUP_LIMIT.count; i++)
      expect((await thrown(openShareLink(`guess${i}`.padEnd(32, "x"), { ip: IP }))).status).toBe(404);
    const limited = await thrown(openShareLink("one-more-guess".padEnd(32, "y"), { ip: IP }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers!["Retry-After"])).toBeGreaterThan(0);
    expect((await thrown(openShareLink(token, { ip: IP }))).status).toBe(429);
    expect((await openShareLink(token, { ip: "198.51.100.1" })).name).toBe("Checkout");
  });
});

describe("feedback pins", () => {
  it("a member pins, another replies, an editor resolves and reopens; guests comment only when the link allows", async () => {
    const ws = await setup();
    const viewer = await addRole(ws.workspace.id, "viewer");
    const { id: pinId } = await createPin(viewer, ws.wireframeId, {
      screenId: ws.first,
      x: 100.4,
      y: 5000,
      body: "  Is this the price?  ",
    });
    await replyToPin(ws.owner, ws.wireframeId, pinId, "Yes, with tax.");
    let [pin] = await listPins(ws.owner, ws.wireframeId);
    expect(pin).toMatchObject({ screenId: ws.first, x: 100, y: 844, resolved: false });
    expect(pin!.comments.map((c) => c.body)).toEqual(["Is this the price?", "Yes, with tax."]);
    expect(await statusOf(setPinResolved(viewer, ws.wireframeId, pinId, true))).toBe(403);
    await setPinResolved(ws.owner, ws.wireframeId, pinId, true);
    expect((await listPins(ws.owner, ws.wireframeId))[0]!.resolved).toBe(true);
    await setPinResolved(ws.owner, ws.wireframeId, pinId, false);
    [pin] = await listPins(ws.owner, ws.wireframeId);
    expect(pin!.resolved).toBe(false);
    expect(await statusOf(createPin(viewer, ws.wireframeId, { screenId: "nope", x: 1, y: 1, body: "x" }))).toBe(404);
    expect(await statusOf(createPin(viewer, ws.wireframeId, { screenId: ws.first, x: 1, y: 1, body: "  " }))).toBe(400);
    const other = await makeWorkspace();
    expect(await statusOf(replyToPin(other.owner, ws.wireframeId, pinId, "hi"))).toBe(404);

    const closed = await openShareLink((await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: false })).token, { ip: IP });
    expect(await statusOf(createGuestPin(closed, { name: "Ann", screenId: ws.first, x: 1, y: 1, body: "Hi" }))).toBe(403);
    const open = await openShareLink((await createShareLink(ws.owner, ws.wireframeId, { allowFeedback: true })).token, { ip: IP });
    expect(await statusOf(createGuestPin(open, { name: " ", screenId: ws.first, x: 1, y: 1, body: "Hi" }))).toBe(400);
    await createGuestPin(open, { name: "Ann Client", screenId: "done", x: 10, y: 20, body: "Love it" });
    const guest = (await listPins(ws.owner, ws.wireframeId, { screenId: "done" }))[0]!;
    expect(guest.comments[0]).toMatchObject({ authorName: "Ann Client", guest: true, body: "Love it" });

    await makeReadOnly(ws.workspace.id);
    expect(await statusOf(createPin(viewer, ws.wireframeId, { screenId: ws.first, x: 1, y: 1, body: "x" }))).toBe(403);
  });
});
