import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRIVATE_FILE_KEY, shopFileUrl } from "../../../tests/support/figma-fixtures";
import { FigmaServer } from "../../../tests/support/figma-server";
import { addMember, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { describeActivity } from "~/lib/activity-text";
import type { WireframeDocument } from "~/lib/wireframes/document";
import { db, schema } from "../db";
import { resetEnvForTests } from "../env";
import { UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { importFromFigma } from "./figma-import";
import { disconnectFigma, figmaConnectionOf, finishFigmaConnect, startFigmaConnect } from "./figma-oauth";

const figma = new FigmaServer();

beforeAll(async () => {
  await figma.start();
  Object.assign(process.env, figma.env());
  resetEnvForTests();
});
afterAll(async () => {
  for (const key of Object.keys(figma.env())) delete process.env[key];
  resetEnvForTests();
  await figma.close();
});
beforeEach(async () => {
  await resetDb();
  figma.reset();
});

/** The browser's round trip: to Figma's authorization page and back with its query. */
async function authorize(member: MemberContext) {
  const { location, setCookie } = await startFigmaConnect(member);
  const res = await fetch(location, { redirect: "manual" });
  const back = new URL(res.headers.get("location")!);
  return { query: back.searchParams, cookie: setCookie.split(";")[0]!, back };
}

async function connected() {
  const world = await ownerWithProject("Shop");
  const { query, cookie } = await authorize(world.member);
  expect(await finishFigmaConnect(world.member, query, cookie)).toEqual({ outcome: "connected", handle: "Ada Figma" });
  return world;
}

async function refusal(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

describe("Figma connection", () => {
  it("connects with PKCE, back at /figma-callback, and keeps the tokens sealed", async () => {
    const { member } = await ownerWithProject("Shop");
    const { back, query, cookie } = await authorize(member);
    expect(back.origin + back.pathname).toBe("http://localhost:3000/figma-callback");
    expect(await finishFigmaConnect(member, query, cookie)).toEqual({ outcome: "connected", handle: "Ada Figma" });
    expect(figma.tokenRequests).toEqual(["authorization_code"]);
    const [row] = await db().select().from(schema.figmaConnections);
    expect(row).toMatchObject({ figmaHandle: "Ada Figma", figmaUserId: "1234567890", needsReconnect: false });
    expect(row!.accessTokenEnc).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toMatch(/figu_|figr_/);
    expect(await figmaConnectionOf(member)).toMatchObject({
      handle: "Ada Figma",
      connectedBy: member.user.fullName,
      needsReconnect: false,
    });

    expect(await disconnectFigma(member)).toBe(true);
    expect(await figmaConnectionOf(member)).toBeNull();
    // Both are events: the workspace's history says who connected and disconnected Figma.
    const history = await db()
      .select()
      .from(schema.activity)
      .where(eq(schema.activity.workspaceId, member.workspace.id))
      .orderBy(schema.activity.id);
    expect(history.slice(-2).map((a) => [a.actorId, describeActivity(a)])).toEqual([
      [member.user.id, "connected Figma as Ada Figma"],
      [member.user.id, "disconnected Figma"],
    ]);
  });

  it("says the attempt expired when the state does not match, belongs to someone else, or is missing", async () => {
    const { member, workspace } = await ownerWithProject("Shop");
    const first = await authorize(member);
    const second = await authorize(member);
    // The first attempt's answer with the second attempt's cookie: not the state it remembers.
    expect(await finishFigmaConnect(member, first.query, second.cookie)).toEqual({ outcome: "expired" });
    expect(await finishFigmaConnect(member, first.query, null)).toEqual({ outcome: "expired" });
    const other = await makeUser();
    await addMember(workspace.id, other.id, "member");
    expect(await finishFigmaConnect(await memberOf(other.id), second.query, second.cookie)).toEqual({ outcome: "expired" });
    // A code used once is refused the second time.
    expect(await finishFigmaConnect(member, second.query, second.cookie)).toMatchObject({ outcome: "connected" });
    expect(await finishFigmaConnect(member, second.query, second.cookie)).toEqual({
      outcome: "refused",
      reason: "Figma did not accept the authorization (invalid_grant)",
    });
  });

  it("says the member refused when they did not allow access at Figma", async () => {
    const { member } = await ownerWithProject("Shop");
    figma.denyNext = true;
    const { query, cookie } = await authorize(member);
    expect(await finishFigmaConnect(member, query, cookie)).toEqual({ outcome: "refused", reason: "you did not allow access" });
    expect(await figmaConnectionOf(member)).toBeNull();
  });
});

describe("Import from Figma", () => {
  it("imports the top-level frames as screens, with text, shapes, fills, strokes and images, and lists what it left out", async () => {
    const { member, project } = await connected();
    const result = await importFromFigma(member, { projectId: project.id, url: shopFileUrl() });
    expect(result).toMatchObject({ name: "Shop app", kind: "figma", screenCount: 3 });
    expect(result.notes).toEqual(
      expect.arrayContaining([
        { what: "layer outside every frame (not imported)", count: 1 },
        { what: "rotated layer (drawn unrotated)", count: 1 },
        { what: "vector or boolean shape (drawn as its bounding box)", count: 1 },
        { what: "component instance (imported as a group)", count: 1 },
        { what: "gradient fill (its first colour used)", count: 1 },
        { what: "slice layer (no counterpart, left out)", count: 1 },
      ]),
    );
    const [row] = await db().select().from(schema.wireframes).where(eq(schema.wireframes.id, result.id));
    const doc = row!.document as WireframeDocument;
    const screens = Object.values(doc.screens).sort((a, b) => (a.order < b.order ? -1 : 1));
    expect(screens.map((s) => [s.name, s.width, s.height, s.background])).toEqual([
      ["Home", 390, 844, "#ffffff"],
      ["Checkout", 390, 844, "#f1f5f9"],
      ["Button component", 120, 40, "#2563eb"],
    ]);
    const byName = (name: string) => Object.values(doc.elements).find((e) => e.name === name)!;
    expect(byName("Header")).toMatchObject({ type: "rectangle", x: 0, y: 0, width: 390, height: 64, fill: "#0f172a", radius: 8 });
    expect(byName("Title")).toMatchObject({
      type: "text",
      x: 24,
      y: 20,
      text: "Welcome back",
      textStyle: { fontSize: 24, fontWeight: 700, align: "left", color: "#ffffff" },
    });
    expect(byName("Avatar")).toMatchObject({ type: "ellipse", fill: "#2563eb80", stroke: "#ffffff", strokeWidth: 2 });
    expect(byName("Divider")).toMatchObject({ type: "line", stroke: "#cbd5e1", points: [0, 0, 358, 0] });
    expect(byName("Logo")).toMatchObject({ type: "rectangle", fill: "#ea580c" });
    const actions = byName("Actions");
    expect(actions).toMatchObject({ type: "group", parentId: null });
    expect(byName("Label")).toMatchObject({ type: "text", parentId: actions.id, textStyle: { fontWeight: 600, align: "center" } });
    expect(byName("Total")).toMatchObject({ textStyle: { fontSize: 18, fontWeight: 500, align: "right" } });
    const hero = byName("Hero");
    expect(hero).toMatchObject({ type: "image", x: 16, y: 80, width: 358, height: 200 });
    const images = await db().select().from(schema.wireframeImages).where(eq(schema.wireframeImages.wireframeId, result.id));
    expect(images).toEqual([expect.objectContaining({ contentType: "image/png", workspaceId: member.workspace.id })]);
    expect(hero.type === "image" && hero.fileId).toBe(images[0]!.id);
  });

  it("refreshes an expired token and goes on; a refused refresh asks to reconnect Figma", async () => {
    const { member, project } = await connected();
    figma.expireTokens();
    const result = await importFromFigma(member, { projectId: project.id, url: shopFileUrl(), name: "After refresh" });
    expect(result.name).toBe("After refresh");
    expect(figma.tokenRequests).toEqual(["authorization_code", "refresh_token"]);

    figma.expireTokens();
    figma.refuseRefresh = true;
    const refused = await refusal(importFromFigma(member, { projectId: project.id, url: shopFileUrl() }));
    expect(refused.status).toBe(401);
    expect(refused.message).toMatch(/Reconnect Figma in Settings → Integrations/);
    expect(await figmaConnectionOf(member)).toMatchObject({ needsReconnect: true });
    // Until the member connects again, nothing more is asked of Figma.
    const before = figma.tokenRequests.length;
    expect((await refusal(importFromFigma(member, { projectId: project.id, url: shopFileUrl() }))).message).toMatch(/Reconnect Figma/);
    expect(figma.tokenRequests).toHaveLength(before);
    expect(await db().select().from(schema.wireframes)).toHaveLength(1);
  });

  it("says clearly when the member's Figma account cannot open the file, or the link is not a Figma file", async () => {
    const { member, project } = await connected();
    const forbidden = await refusal(importFromFigma(member, { projectId: project.id, url: shopFileUrl(PRIVATE_FILE_KEY) }));
    expect(forbidden).toMatchObject({ status: 403, field: "url" });
    expect(forbidden.message).toMatch(/^Your Figma account cannot open this file/);
    expect((await refusal(importFromFigma(member, { projectId: project.id, url: shopFileUrl("NoSuchFile000") }))).status).toBe(404);
    expect(
      (await refusal(importFromFigma(member, { projectId: project.id, url: "https://example.com/design/ShopAppFile123/x" }))).field,
    ).toBe("url");
    expect(await db().select().from(schema.wireframes)).toHaveLength(0);
  });

  it("asks to connect Figma first, and refuses a viewer", async () => {
    const { member, project, workspace } = await ownerWithProject("Shop");
    expect((await refusal(importFromFigma(member, { projectId: project.id, url: shopFileUrl() }))).message).toMatch(/^Connect Figma first/);
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    expect((await refusal(importFromFigma(await memberOf(viewer.id), { projectId: project.id, url: shopFileUrl() }))).status).toBe(403);
  });
});
