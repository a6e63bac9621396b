// Wireframe co-editing across two production server processes on one Postgres database
// (issue 8: "two app instances on one database serve one session"). Each server streams
// the wireframe's events to one editor; a patch through either reaches the other's stream,
// and a replayed patch (same patchId, sent to the other server) changes nothing.
// Every wait is on an event (output, a stream's bytes), never on time.
import { describe, expect, it } from "vitest";
import { defaultElement } from "~/lib/wireframes/elements";
import { createWireframe, getWireframe } from "~/.server/wireframes";
import { makeWorkspace } from "~/.server/wireframes/test-support";
import { resetDb } from "../tests/support/db";
import { authedRequest } from "../tests/support/factories";
import { useBuiltServers } from "../tests/support/built-servers";

const start = useBuiltServers();

/** An open server-sent event stream, read as text until a pattern shows up. */
function eventReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    async until(pattern: RegExp): Promise<string> {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}; got:\n${text}`);
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
  };
}

// Only in the Postgres pass (DATABASE_URL), like server/two-servers.test.ts: on PGlite one
// process owns the database, and the test is reported as skipped with its reason.
describe("wireframes on two servers sharing one Postgres database (runs only with DATABASE_URL)", () => {
  it(
    "an edit through either server reaches the editor streaming from the other; a replay through the other changes nothing",
    { timeout: 120_000 },
    async () => {
      await resetDb();
      const ws = await makeWorkspace();
      const { id } = await createWireframe(ws.owner, { projectId: ws.project.id, name: "Shared", device: "desktop" });
      const screenId = Object.keys((await getWireframe(ws.owner, id)).document.screens)[0]!;
      const cookie = (await authedRequest(ws.user.id, "/wireframes")).headers.get("Cookie")!;
      const env = { DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! };
      const [a, b] = await Promise.all([start(env), start(env)]);
      await Promise.all([a.waitForOutput(/Atelier listening/), b.waitForOutput(/Atelier listening/)]);

      // One editor on each server, streaming from seq 0.
      const controller = new AbortController();
      const open = async (url: string, clientId: string) => {
        const res = await fetch(`${url}/wireframes/${id}/events?since=0&clientId=${clientId}`, {
          headers: { Cookie: cookie },
          signal: controller.signal,
        });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toContain("text/event-stream");
        const stream = eventReader(res.body!);
        await stream.until(/event: ready\ndata: \{"seq":0\}/);
        return stream;
      };
      const onA = await open(a.url, "tab-a");
      const onB = await open(b.url, "tab-b");
      const patch = (url: string, body: unknown) =>
        fetch(`${url}/api/wireframes/${id}/patches`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });

      // A's editor adds a rectangle: B's editor sees it.
      const box = defaultElement("rectangle", { id: "box", screenId, x: 40, y: 40 });
      const added = await patch(a.url, { clientId: "tab-a", patchId: "tab-a-patch-1", ops: [{ op: "add-element", element: box }] });
      expect(added.status).toBe(200);
      expect(await added.json()).toEqual({ seq: 1, skipped: 0 });
      const seenOnB = await onB.until(/event: patch\ndata: .*"seq":1.*\n\n/);
      expect(seenOnB).toContain('"clientId":"tab-a"');
      expect(seenOnB).toContain('"patchId":"tab-a-patch-1"');
      expect(seenOnB).toContain('"op":"add-element"');

      // B's editor moves it: A's editor sees that.
      const moved = await patch(b.url, {
        clientId: "tab-b",
        patchId: "tab-b-patch-1",
        ops: [{ op: "set-element", id: "box", key: "x", value: 300 }],
      });
      expect(await moved.json()).toEqual({ seq: 2, skipped: 0 });
      const seenOnA = await onA.until(/event: patch\ndata: .*"seq":2.*\n\n/);
      expect(seenOnA).toMatch(/"clientId":"tab-b".*"op":"set-element","id":"box","key":"x","value":300/);

      // A's first patch sent again (its answer lost), this time through B: the first seq, nothing new.
      const replay = await patch(b.url, { clientId: "tab-a", patchId: "tab-a-patch-1", ops: [{ op: "add-element", element: box }] });
      expect(await replay.json()).toEqual({ seq: 1, skipped: 0, replayed: true });
      // Nothing was published for it: the next event either editor sees is the next real patch.
      const last = await patch(a.url, {
        clientId: "tab-a",
        patchId: "tab-a-patch-2",
        ops: [{ op: "set-element", id: "box", key: "y", value: 90 }],
      });
      expect(await last.json()).toEqual({ seq: 3, skipped: 0 });
      const tailB = await onB.until(/"seq":3/);
      expect(tailB.match(/event: patch/g)).toHaveLength(3);
      controller.abort();

      const doc = (await getWireframe(ws.owner, id)).document;
      expect(doc.elements.box).toMatchObject({ x: 300, y: 90 });
    },
  );
});
