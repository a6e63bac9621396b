import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { SCHEMA_VERSION } from "~/lib/wireframes/document";
import { defaultElement } from "~/lib/wireframes/elements";
import { stopRealtime } from "~/.server/realtime";
import { applyPatch, createWireframe, getWireframe, opsSince, updateComponent } from "~/.server/wireframes";
import { addRole, makeReadOnly, makeWorkspace, PNG_BYTES } from "~/.server/wireframes/test-support";
import { action as componentsAction } from "./api.wireframes.components.server";
import { action as imagesAction } from "./api.wireframes.$id.images.server";
import { action as patchAction } from "./api.wireframes.$id.patches.server";
import { action as presenceAction } from "./api.wireframes.$id.presence.server";
import { loader as eventsLoader } from "./wireframes.$id.events.server";
import { loader as imageLoader } from "./wireframes.$id.images.$fileId.server";

type Args = Parameters<typeof patchAction>[0];
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} }) as unknown as Args;

async function setup() {
  const ws = await makeWorkspace();
  const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Home", device: "desktop" });
  const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
  return { ...ws, id, screenId };
}

async function post(
  userId: string | null,
  url: string,
  body: BodyInit | null,
  headers: Record<string, string> = { "Content-Type": "application/json" },
  method = "POST",
) {
  const init = { method, body, headers };
  return userId ? authedRequest(userId, url, init) : new Request(new URL(url, "http://localhost:3000"), init);
}

const patchBody = (screenId: string, id = "box") =>
  JSON.stringify({ clientId: "tab-1", ops: [{ op: "add-element", element: defaultElement("rectangle", { id, screenId }) }] });

async function patch(userId: string | null, wireframeId: string, body: BodyInit | null, headers?: Record<string, string>) {
  const res = await patchAction(args(await post(userId, `/api/wireframes/${wireframeId}/patches`, body, headers), { id: wireframeId }));
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

describe("POST /api/wireframes/:id/patches", () => {
  beforeEach(resetDb);

  it("applies a patch and answers its seq", async () => {
    const ws = await setup();
    expect(await patch(ws.user.id, ws.id, patchBody(ws.screenId))).toEqual({ status: 200, body: { seq: 1, skipped: 0 } });
    expect((await getWireframe(ws.owner, ws.id)).document.elements.box).toBeDefined();
  });

  it("answers 415, 400 and 413 through readJson, and 400 with the path of the first error; nothing is written", async () => {
    const ws = await setup();
    expect((await patch(ws.user.id, ws.id, patchBody(ws.screenId), { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await patch(ws.user.id, ws.id, "{not json")).status).toBe(400);
    expect((await patch(ws.user.id, ws.id, "")).status).toBe(400);
    const huge = JSON.stringify({ clientId: "t", ops: [{ op: "set-element", id: "x", key: "name", value: "x".repeat(600 * 1024) }] });
    expect((await patch(ws.user.id, ws.id, huge)).status).toBe(413);
    expect((await getWireframe(ws.owner, ws.id)).seq).toBe(0);
  });

  it("a body the patch schema refuses is a 400 validation problem naming each invalid path; nothing is written", async () => {
    const ws = await setup();
    const refused = async (body: unknown) => {
      const res = await patch(ws.user.id, ws.id, JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 400, code: "validation_failed", type: "/docs/api/problems/validation-failed" });
      return (res.body as { errors: { field: string; message: string }[] }).errors;
    };
    const opacity = await refused({ clientId: "t", ops: [{ op: "set-element", id: "box", key: "opacity", value: 2 }] });
    expect(opacity).toEqual([{ field: "ops.0.value", message: expect.any(String) }]);
    const ops = [
      { op: "add-element", element: defaultElement("rectangle", { id: "ok", screenId: ws.screenId }) },
      { op: "add-element", element: { ...defaultElement("rectangle", { screenId: ws.screenId }), fill: "not a colour" } },
    ];
    expect(await refused({ clientId: "c", ops })).toEqual([{ field: "ops.1.element.fill", message: expect.stringMatching(/colour/) }]);
    expect((await refused({ clientId: "c", ops: [] })).map((e) => e.field)).toEqual(["ops"]);
    expect((await refused({ clientId: "has space", patchId: "no spaces!", ops: ops.slice(0, 1) })).map((e) => e.field)).toEqual([
      "clientId",
      "patchId",
    ]);
    expect((await refused({ clientId: "c", patchId: "x".repeat(65), ops: ops.slice(0, 1) })).map((e) => e.field)).toEqual(["patchId"]);
    expect((await refused("nonsense")).map((e) => e.field)).toEqual(["(body)"]);
    // A viewer is refused for their role before the body is read.
    const viewer = await addRole(ws.workspace.id, "viewer");
    expect((await patch(viewer.user.id, ws.id, JSON.stringify("nonsense"))).status).toBe(403);
    const wf = await getWireframe(ws.owner, ws.id);
    expect(wf.seq).toBe(0);
    expect(wf.document.elements).toEqual({});
    expect(await opsSince(ws.owner, ws.id, 0)).toEqual({ seq: 0, patches: [] });
  });

  it("404 across workspaces and for a bad id, 403 for a viewer and when read-only, 401 signed out", async () => {
    const ws = await setup();
    const other = await setup();
    expect((await patch(ws.user.id, other.id, patchBody(other.screenId))).status).toBe(404);
    expect((await patch(ws.user.id, "nope", patchBody(other.screenId))).status).toBe(404);
    const viewer = await addRole(ws.workspace.id, "viewer");
    expect((await patch(viewer.user.id, ws.id, patchBody(ws.screenId))).status).toBe(403);
    expect((await patch(null, ws.id, patchBody(ws.screenId))).status).toBe(401);
    await makeReadOnly(ws.workspace.id);
    const refused = await patch(ws.user.id, ws.id, patchBody(ws.screenId));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("workspace_read_only");
    expect(refused.body.detail).toMatch(/read-only/);
    expect((await getWireframe(other.owner, other.id)).seq).toBe(0);
    expect((await getWireframe(ws.owner, ws.id)).seq).toBe(0);
  });
});

/** Reads server-sent events from a Response until `until` is satisfied (or fails after a few seconds). */
async function readEvents(res: Response, until: (events: { event: string; data: unknown }[]) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = "";
  const deadline = Date.now() + 8_000;
  // One read in flight at a time: a read that loses the race to the clock is kept for the next turn.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  while (!until(events)) {
    if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(events)}`);
    pending ??= reader.read();
    const next = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 200))]);
    if (next === null) continue;
    pending = null;
    if (next.done) break;
    buffer += decoder.decode(next.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(chunk)?.[1];
      const data = /^data: (.*)$/m.exec(chunk)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  return { events, reader };
}

describe("POST /api/wireframes/:id/presence", () => {
  beforeEach(resetDb);

  it("a body that is not { clientId, screenId, selection } is a 400 validation problem naming each invalid path", async () => {
    const ws = await setup();
    const presence = async (body: unknown) => {
      const req = await post(ws.user.id, `/api/wireframes/${ws.id}/presence`, JSON.stringify(body));
      const res = await presenceAction(args(req, { id: ws.id }));
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    };
    expect(await presence({ clientId: "tab-1", screenId: ws.screenId, selection: [] })).toEqual({ status: 204, body: null });
    expect(await presence({ clientId: "tab-1", screenId: null, selection: [] })).toEqual({ status: 204, body: null });
    const bad = await presence({ clientId: "no spaces", screenId: 7, selection: ["ok", 3] });
    expect(bad).toMatchObject({ status: 400, body: { code: "validation_failed" } });
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["clientId", "screenId", "selection.1"]);
    const extra = await presence({ clientId: "tab-1", screenId: null, selection: [], cursor: { x: 1 } });
    expect(extra).toMatchObject({ status: 400, body: { code: "validation_failed", errors: [{ field: "(body)" }] } });
    expect((await presence({ clientId: "tab-1" })).body.errors.map((e: { field: string }) => e.field)).toEqual(["screenId", "selection"]);
    // Another workspace's wireframe is a 404, as before.
    const other = await setup();
    const body = JSON.stringify({ clientId: "t", screenId: null, selection: [] });
    expect(
      (await presenceAction(args(await post(ws.user.id, `/api/wireframes/${other.id}/presence`, body), { id: other.id }))).status,
    ).toBe(404);
  });
});

describe("GET /wireframes/:id/events", () => {
  beforeEach(resetDb);

  it("a patch made through the service reaches a subscriber, then presence, components and leave", async () => {
    const ws = await setup();
    const abort = new AbortController();
    const req = await authedRequest(ws.user.id, `/wireframes/${ws.id}/events?clientId=tab-9`, { signal: abort.signal });
    const res = await eventsLoader(args(req, { id: ws.id }));
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    const member = await addRole(ws.workspace.id, "member");
    const componentEvents = (e: { event: string; data: unknown }[]) => e.filter((x) => x.event === "component").map((x) => x.data);
    const reading = readEvents(
      res,
      (e) => e.some((x) => x.event === "patch") && e.some((x) => x.event === "presence") && componentEvents(e).length >= 2,
    );
    await new Promise((r) => setTimeout(r, 100));
    const { id: componentId } = await createComponentFor(member);
    await applyPatch(member, ws.id, {
      clientId: "tab-2",
      ops: [{ op: "add-element", element: defaultElement("ellipse", { id: "dot", screenId: ws.screenId }) }],
    });
    const presence = await presenceAction(
      args(
        await post(
          member.user.id,
          `/api/wireframes/${ws.id}/presence`,
          JSON.stringify({ clientId: "tab-2", screenId: ws.screenId, selection: ["dot"] }),
        ),
        { id: ws.id },
      ),
    );
    expect(presence.status).toBe(204);
    await updateComponent(member, componentId, { name: "Renamed" });
    const { events, reader } = await reading;
    expect(events[0]).toEqual({ event: "ready", data: { seq: 0 } });
    expect(events.find((e) => e.event === "patch")!.data).toMatchObject({
      seq: 1,
      clientId: "tab-2",
      userId: member.user.id,
      ops: [{ op: "add-element" }],
    });
    expect(events.find((e) => e.event === "presence")!.data).toMatchObject({
      clientId: "tab-2",
      userId: member.user.id,
      name: member.user.fullName,
      screenId: ws.screenId,
      selection: ["dot"],
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    // The component was created (version 1) after the stream opened, then renamed.
    expect(componentEvents(events)).toEqual([
      { id: componentId, version: 1 },
      { id: componentId, version: 2 },
    ]);

    // Leaving: a second subscriber hears tab-9 go.
    const abort2 = new AbortController();
    const res2 = await eventsLoader(
      args(await authedRequest(member.user.id, `/wireframes/${ws.id}/events`, { signal: abort2.signal }), { id: ws.id }),
    );
    const leaving = readEvents(res2, (e) => e.some((x) => x.event === "leave"));
    await new Promise((r) => setTimeout(r, 100));
    abort.abort();
    await reader.cancel().catch(() => {});
    expect((await leaving).events.find((e) => e.event === "leave")!.data).toEqual({ clientId: "tab-9" });
    abort2.abort();
  });

  it("a client that reconnects at once is not announced as leaving", async () => {
    const ws = await setup();
    const open = async (userId: string, query: string) => {
      const abort = new AbortController();
      const res = await eventsLoader(
        args(await authedRequest(userId, `/wireframes/${ws.id}/events${query}`, { signal: abort.signal }), { id: ws.id }),
      );
      return { abort, res };
    };
    const observer = await open(ws.user.id, "");
    const first = await open(ws.user.id, "?clientId=tab-5");
    const t0 = Date.now();
    const watching = readEvents(observer.res, () => Date.now() - t0 > 2_600);
    const second = await open(ws.user.id, "?clientId=tab-5");
    first.abort.abort();
    const { events } = await watching;
    expect(events.filter((e) => e.event === "leave")).toEqual([]);
    second.abort.abort();
    observer.abort.abort();
  });

  it("`since` replays the patches missed, in order, before live ones; a pruned log says reset", async () => {
    const ws = await setup();
    for (const x of [10, 20, 30]) {
      await applyPatch(ws.owner, ws.id, { clientId: "a", ops: [{ op: "set-screen", id: ws.screenId, key: "width", value: 1000 + x }] });
    }
    const abort = new AbortController();
    const res = await eventsLoader(
      args(await authedRequest(ws.user.id, `/wireframes/${ws.id}/events?since=1`, { signal: abort.signal }), { id: ws.id }),
    );
    const reading = readEvents(res, (e) => e.filter((x) => x.event === "patch").length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    // A live patch too large for a notification is read from the log.
    const many = Array.from({ length: 40 }, (_, i) => ({
      op: "add-element" as const,
      element: defaultElement("text", { screenId: ws.screenId, y: i * 20 }),
    }));
    await applyPatch(ws.owner, ws.id, { clientId: "b", ops: many });
    const { events } = await reading;
    const patches = events.filter((e) => e.event === "patch").map((e) => e.data as { seq: number; ops: unknown[] });
    expect(patches.map((p) => p.seq)).toEqual([2, 3, 4]);
    expect(JSON.stringify(many).length).toBeGreaterThan(8000);
    expect(patches[2]!.ops).toEqual(many);
    abort.abort();
    expect((await opsSince(ws.owner, ws.id, 0))!.patches).toHaveLength(4);

    const { db, schema } = await import("~/.server/db");
    await db().delete(schema.wireframeOps);
    const abort2 = new AbortController();
    const res2 = await eventsLoader(
      args(await authedRequest(ws.user.id, `/wireframes/${ws.id}/events?since=0`, { signal: abort2.signal }), { id: ws.id }),
    );
    const { events: later } = await readEvents(res2, (e) => e.some((x) => x.event === "reset"));
    expect(later.find((e) => e.event === "reset")!.data).toEqual({ seq: 4 });
    abort2.abort();
  });

  it("404 for another workspace's wireframe", async () => {
    const ws = await setup();
    const other = await setup();
    const res = await eventsLoader(args(await authedRequest(ws.user.id, `/wireframes/${other.id}/events`), { id: other.id }));
    expect(res.status).toBe(404);
    await stopRealtime();
  });
});

async function createComponentFor(member: Awaited<ReturnType<typeof addRole>>) {
  const definition = {
    schemaVersion: SCHEMA_VERSION,
    width: 10,
    height: 10,
    elements: { r: defaultElement("rectangle", { id: "r", screenId: "" }) },
  };
  const res = await componentsAction(
    args(await post(member.user.id, "/api/wireframes/components", JSON.stringify({ name: "Chip", definition })), {}),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; version: number };
}

describe("images API", () => {
  beforeEach(resetDb);

  it("uploads an image (multipart) and serves it to the workspace only", async () => {
    const ws = await setup();
    const other = await setup();
    const form = new FormData();
    form.set("file", new File([PNG_BYTES], "logo.png", { type: "image/png" }));
    const up = await imagesAction(
      args(await authedRequest(ws.user.id, `/api/wireframes/${ws.id}/images`, { method: "POST", body: form }), { id: ws.id }),
    );
    expect(up.status).toBe(201);
    const { fileId, url } = (await up.json()) as { fileId: string; url: string };
    const got = await imageLoader(args(await authedRequest(ws.user.id, url), { id: ws.id, fileId }));
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG_BYTES);
    const theirs = await imageLoader(args(await authedRequest(other.user.id, url), { id: ws.id, fileId }));
    expect(theirs.status).toBe(404);
    const json = await imagesAction(args(await post(ws.user.id, `/api/wireframes/${ws.id}/images`, "{}"), { id: ws.id }));
    expect(json.status).toBe(415);
  });
});
