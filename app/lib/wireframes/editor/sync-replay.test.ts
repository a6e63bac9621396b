import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Op, WireframeDocument } from "../document";
import { applyOpsSkipping } from "../ops";
import { defaultElement, newDocument } from "../elements";
import { SyncEngine, type PendingPatch, type PendingStore, type RemotePatch, type SendResult } from "./sync";

/**
 * Idempotent patches from the editor's side: a patch whose answer was lost is sent again
 * under the same patchId (also by the next visit), and a server that knows the id answers
 * its first seq without applying it again.
 */

function startDoc(): WireframeDocument {
  const doc = newDocument("desktop");
  const screenId = Object.keys(doc.screens)[0]!;
  return { ...doc, elements: { a: defaultElement("rectangle", { id: "a", screenId, order: "a0" }) } };
}

type Body = { clientId: string; patchId: string; ops: Op[] };

/** Like the real server: applies in order, remembers patch ids, answers a replay with its first seq. */
class Server {
  seq = 0;
  ids = new Map<string, number>();
  bodies: Body[] = [];
  clients: SyncEngine[] = [];
  /** The next answer is lost on the way back (after the server applied the patch). */
  loseAnswers = 0;
  constructor(public doc: WireframeDocument) {}
  apply(body: Body): number {
    const seen = this.ids.get(body.patchId);
    if (seen) return seen;
    const { doc, applied } = applyOpsSkipping(this.doc, body.ops);
    this.doc = doc;
    const entry: RemotePatch = { seq: ++this.seq, clientId: body.clientId, patchId: body.patchId, ops: applied };
    this.ids.set(body.patchId, entry.seq);
    for (const c of this.clients) queueMicrotask(() => c.receive(entry));
    return entry.seq;
  }
  transport() {
    return {
      send: async (body: Body): Promise<SendResult> => {
        this.bodies.push(body);
        const seq = this.apply(body);
        if (this.loseAnswers > 0) {
          this.loseAnswers--;
          return { ok: false, kind: "offline" };
        }
        return { ok: true, seq };
      },
    };
  }
}

function memoryStore(): PendingStore & { ops: Op[] | null; patches: PendingPatch[] } {
  const store = {
    ops: null as Op[] | null,
    patches: [] as PendingPatch[],
    load: () => (store.ops ? { ops: store.ops, patches: store.patches } : null),
    save: (ops: Op[] | null, patches: PendingPatch[] = []) => {
      store.ops = ops;
      store.patches = patches;
    },
  };
  return store;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("SyncEngine: a patch whose answer was lost", () => {
  it("is sent again under the same patchId, so a teammate's removal meanwhile stays removed", async () => {
    const server = new Server(startDoc());
    const screenId = Object.keys(server.doc.screens)[0]!;
    const me = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: server.transport() });
    // My events stream is down too: I hear nothing back while offline.
    server.loseAnswers = 1;
    me.apply([{ op: "add-element", element: defaultElement("rectangle", { id: "n", screenId, order: "a1" }) }]);
    await vi.advanceTimersByTimeAsync(300);
    expect(me.save.state).toBe("offline");
    expect(server.doc.elements.n).toBeDefined(); // it did land
    // A teammate deletes it.
    server.apply({ clientId: "them", patchId: "their-remove-1", ops: [{ op: "remove-element", id: "n" }] });
    // Back online: the retry is the same patch, and the server answers it as a replay.
    me.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.bodies).toHaveLength(2);
    expect(server.bodies[1]!.patchId).toBe(server.bodies[0]!.patchId);
    expect(server.bodies[1]!.ops).toEqual(server.bodies[0]!.ops);
    expect(server.doc.elements.n).toBeUndefined();
    expect(me.save.state).toBe("saved");
    // The stream catches up: my view ends as the server's, without the removed element.
    server.clients.push(me);
    me.receive({ seq: 1, clientId: "me", patchId: server.bodies[0]!.patchId, ops: server.bodies[0]!.ops });
    me.receive({ seq: 2, clientId: "them", patchId: "their-remove-1", ops: [{ op: "remove-element", id: "n" }] });
    expect(me.doc).toEqual(server.doc);
    expect(me.settled).toBe(true);
  });

  it("keeps its id across a reload: the next visit sends the same patch, then the edits never sent", async () => {
    const server = new Server(startDoc());
    const store = memoryStore();
    const first = new SyncEngine({ doc: server.doc, seq: 0, clientId: "tab1", transport: server.transport(), store });
    server.loseAnswers = 1;
    first.apply([{ op: "set-element", id: "a", key: "x", value: 5 }]);
    await vi.advanceTimersByTimeAsync(300);
    // Still offline when the next edit is made, then the tab is closed.
    first.apply([{ op: "set-element", id: "a", key: "y", value: 6 }]);
    expect(store.patches).toEqual([{ patchId: server.bodies[0]!.patchId, ops: server.bodies[0]!.ops }]);
    expect(store.ops).toEqual([...server.bodies[0]!.ops, { op: "set-element", id: "a", key: "y", value: 6 }]);
    first.dispose();
    // Meanwhile a teammate sets x again.
    server.apply({ clientId: "them", patchId: "their-x-1", ops: [{ op: "set-element", id: "a", key: "x", value: 50 }] });

    const next = new SyncEngine({ doc: server.doc, seq: server.seq, clientId: "tab2", transport: server.transport(), store });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.bodies.map((b) => b.patchId)).toEqual([server.bodies[0]!.patchId, server.bodies[0]!.patchId, server.bodies[2]!.patchId]);
    expect(server.bodies[2]!.ops).toEqual([{ op: "set-element", id: "a", key: "y", value: 6 }]);
    // The replay did not overwrite the teammate's later x.
    expect(server.doc.elements.a).toMatchObject({ x: 50, y: 6 });
    expect(next.save.state).toBe("saved");
    expect(store.ops).toBeNull();
  });

  it("a refusal on the first try was not applied: its ops go back to the queue and leave later under a new id", async () => {
    const server = new Server(startDoc());
    let refuse = true;
    const send = vi.fn(async (body: Body): Promise<SendResult> => {
      if (refuse) return { ok: false, kind: "refused", status: 409, message: "This workspace is read-only." };
      return server.transport().send(body);
    });
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: { send } });
    engine.apply([{ op: "set-element", id: "a", key: "x", value: 1 }]);
    await vi.advanceTimersByTimeAsync(300);
    engine.apply([{ op: "set-element", id: "a", key: "x", value: 2 }]);
    refuse = false;
    engine.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].patchId).not.toBe(send.mock.calls[0]![0].patchId);
    expect(send.mock.calls[1]![0].ops).toEqual([{ op: "set-element", id: "a", key: "x", value: 2 }]);
    expect(server.doc.elements.a!.x).toBe(2);
  });
});
