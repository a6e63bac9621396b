import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Op, WireframeDocument } from "../document";
import { applyOpsSkipping } from "../ops";
import { defaultElement, newDocument } from "../elements";
import { compactOps, SyncEngine, type PendingStore, type RemotePatch, type SendResult } from "./sync";

function startDoc() {
  const doc = newDocument("desktop");
  const screenId = Object.keys(doc.screens)[0]!;
  const a = defaultElement("rectangle", { id: "a", screenId, order: "a0", x: 0, y: 0 });
  const b = defaultElement("rectangle", { id: "b", screenId, order: "a1", x: 200, y: 0 });
  return { ...doc, elements: { a, b } } satisfies WireframeDocument;
}

const set = (id: string, key: string, value: unknown): Op => ({ op: "set-element", id, key, value });

/** A server like the real one: applies each patch in order (skipping dead ops), numbers it and tells everyone. */
class FakeServer {
  seq = 0;
  log: RemotePatch[] = [];
  clients: SyncEngine[] = [];
  answer: SendResult | null = null;
  constructor(public doc: WireframeDocument) {}
  transport(deliver = true) {
    return {
      send: async (patch: { clientId: string; ops: Op[] }): Promise<SendResult> => {
        if (this.answer) return this.answer;
        const { doc, applied } = applyOpsSkipping(this.doc, patch.ops);
        this.doc = doc;
        const entry = { seq: ++this.seq, clientId: patch.clientId, ops: applied };
        this.log.push(entry);
        if (deliver) for (const c of this.clients) queueMicrotask(() => c.receive(entry));
        return { ok: true, seq: entry.seq };
      },
    };
  }
}

function memoryStore(initial: Op[] | null = null): PendingStore & { value: Op[] | null } {
  const store = {
    value: initial,
    load: () => store.value,
    save: (ops: Op[] | null) => {
      store.value = ops;
    },
  };
  return store;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("SyncEngine", () => {
  it("shows an edit at once and sends a burst of edits as one patch", async () => {
    const server = new FakeServer(startDoc());
    const send = vi.fn(server.transport().send);
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: { send }, batchMs: 300 });
    server.clients.push(engine);
    engine.apply([set("a", "x", 10)]);
    engine.apply([set("a", "x", 20)]);
    engine.apply([set("b", "fill", "#ff0000")]);
    expect(engine.doc.elements.a!.x).toBe(20);
    expect(engine.save.state).toBe("saving");
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(send).toHaveBeenCalledTimes(1);
    // the two moves of "a" travel as one set
    expect(send.mock.calls[0]![0].ops).toEqual([set("a", "x", 20), set("b", "fill", "#ff0000")]);
    expect(engine.save.state).toBe("saved");
    expect(engine.seq).toBe(1);
    expect(engine.base).toEqual(engine.doc);
  });

  it("puts its unconfirmed edits back on top of a teammate's patch", async () => {
    const server = new FakeServer(startDoc());
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: server.transport(false) });
    engine.apply([set("a", "x", 50)]);
    engine.receive({ seq: 1, clientId: "other", ops: [set("a", "y", 99), set("b", "x", 7)] });
    expect(engine.doc.elements.a).toMatchObject({ x: 50, y: 99 });
    expect(engine.doc.elements.b!.x).toBe(7);
    expect(engine.base.elements.a!.x).toBe(0);
  });

  it("drops an edit of an element a teammate removed, without breaking the others", () => {
    const server = new FakeServer(startDoc());
    const store = memoryStore();
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: server.transport(false), store });
    engine.apply([set("a", "x", 50), set("b", "x", 60)]);
    engine.receive({ seq: 1, clientId: "other", ops: [{ op: "remove-element", id: "a" }] });
    expect(engine.doc.elements.a).toBeUndefined();
    expect(engine.doc.elements.b!.x).toBe(60);
    expect(store.value).toEqual([set("b", "x", 60)]);
  });

  it("reports a gap in the stream instead of applying out of order, and ignores repeats", () => {
    const engine = new SyncEngine({ doc: startDoc(), seq: 5, clientId: "me", transport: new FakeServer(startDoc()).transport() });
    expect(engine.receive({ seq: 4, clientId: "x", ops: [set("a", "x", 1)] })).toBe(true);
    expect(engine.doc.elements.a!.x).toBe(0);
    expect(engine.receive({ seq: 7, clientId: "x", ops: [set("a", "x", 1)] })).toBe(false);
    expect(engine.seq).toBe(5);
  });

  it("keeps edits made offline in the store and sends them when the connection returns", async () => {
    const server = new FakeServer(startDoc());
    const store = memoryStore();
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: server.transport(), store });
    server.clients.push(engine);
    server.answer = { ok: false, kind: "offline" };
    engine.apply([set("a", "x", 42)]);
    await vi.advanceTimersByTimeAsync(300);
    expect(engine.save.state).toBe("offline");
    expect(engine.doc.elements.a!.x).toBe(42);
    expect(store.value).toEqual([set("a", "x", 42)]);
    engine.apply([set("a", "y", 8)]);
    server.answer = null;
    engine.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.save.state).toBe("saved");
    expect(server.doc.elements.a).toMatchObject({ x: 42, y: 8 });
    expect(store.value).toBeNull();
  });

  it("a reload picks up what the last visit could not save", async () => {
    const server = new FakeServer(startDoc());
    const store = memoryStore([set("b", "name", "Kept")]);
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me-again", transport: server.transport(), store });
    expect(engine.doc.elements.b!.name).toBe("Kept");
    await vi.advanceTimersByTimeAsync(0);
    expect(server.doc.elements.b!.name).toBe("Kept");
    expect(store.value).toBeNull();
  });

  it("takes an earlier visit's edits found later (Web Locks answer asynchronously) before its own, and says so", async () => {
    const server = new FakeServer(startDoc());
    let found: (edits: Op[]) => void = () => {};
    const store = {
      value: null as Op[] | null,
      load: () => new Promise<Op[]>((resolve) => (found = resolve)),
      save: (ops: Op[] | null) => void (store.value = ops),
    };
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me-again", transport: server.transport(), store });
    const heard = vi.fn();
    engine.subscribe(heard);
    engine.apply([set("b", "name", "Mine")]);
    found([set("b", "name", "Kept"), set("a", "x", 7)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toHaveBeenCalled();
    expect(engine.doc.elements.a!.x).toBe(7);
    // The earlier visit's rename is older: this visit's own comes after it and wins.
    expect(engine.doc.elements.b!.name).toBe("Mine");
    await vi.advanceTimersByTimeAsync(300);
    expect(engine.save.state).toBe("saved");
    expect(server.doc.elements.b!.name).toBe("Mine");
    expect(server.doc.elements.a!.x).toBe(7);
    expect(store.value).toBeNull();
  });

  it("a refused save says why, keeps the edit on screen and waits for retry", async () => {
    const server = new FakeServer(startDoc());
    const send = vi.fn(server.transport().send);
    const store = memoryStore();
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: { send }, store });
    server.answer = { ok: false, kind: "refused", status: 409, message: "This workspace is read-only." };
    engine.apply([set("a", "x", 42)]);
    await vi.advanceTimersByTimeAsync(300);
    expect(engine.save).toEqual({ state: "error", status: 409, message: "This workspace is read-only." });
    expect(engine.doc.elements.a!.x).toBe(42);
    expect(store.value).toEqual([set("a", "x", 42)]);
    engine.apply([set("a", "y", 1)]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    server.answer = null;
    engine.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(engine.save.state).toBe("saved");
    expect(server.doc.elements.a).toMatchObject({ x: 42, y: 1 });
  });

  it("retries after a server failure", async () => {
    const server = new FakeServer(startDoc());
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: server.transport() });
    server.answer = { ok: false, kind: "retry" };
    engine.apply([set("a", "x", 3)]);
    await vi.advanceTimersByTimeAsync(300);
    expect(engine.save.state).toBe("saving");
    server.answer = null;
    await vi.advanceTimersByTimeAsync(1000);
    expect(engine.save.state).toBe("saved");
    expect(server.doc.elements.a!.x).toBe(3);
  });

  it("flushNow sends at once and says whether the edits are safe", async () => {
    const server = new FakeServer(startDoc());
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: server.transport(), batchMs: 5000 });
    engine.apply([set("a", "x", 7)]);
    const saved = engine.flushNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(await saved).toBe(true);
    expect(server.doc.elements.a!.x).toBe(7);
    server.answer = { ok: false, kind: "refused", status: 409, message: "This workspace is read-only." };
    engine.apply([set("a", "x", 8)]);
    const refused = engine.flushNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(await refused).toBe(false);
    server.answer = { ok: false, kind: "offline" };
    engine.retry();
    const kept = engine.flushNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(await kept).toBe(true);
    expect(engine.save.state).toBe("offline");
  });

  it("discard goes back to the server's document", async () => {
    const server = new FakeServer(startDoc());
    const store = memoryStore();
    const engine = new SyncEngine({ doc: server.doc, seq: 0, clientId: "me", transport: server.transport(), store });
    server.answer = { ok: false, kind: "refused", status: 403, message: "You can only view this wireframe." };
    engine.apply([set("a", "x", 42)]);
    await vi.advanceTimersByTimeAsync(300);
    engine.discard();
    expect(engine.doc.elements.a!.x).toBe(0);
    expect(engine.save.state).toBe("saved");
    expect(store.value).toBeNull();
  });

  it("two people editing at once end with the same document as the server", async () => {
    const server = new FakeServer(startDoc());
    const ann = new SyncEngine({ doc: server.doc, seq: 0, clientId: "ann", transport: server.transport(), batchMs: 100 });
    const bob = new SyncEngine({ doc: server.doc, seq: 0, clientId: "bob", transport: server.transport(), batchMs: 150 });
    server.clients.push(ann, bob);
    // Different elements: both survive. The same property: the later patch wins for everyone.
    ann.apply([set("a", "x", 111), set("a", "fill", "#111111")]);
    bob.apply([set("b", "y", 222), set("a", "fill", "#222222")]);
    expect(ann.doc.elements.a!.fill).toBe("#111111");
    expect(bob.doc.elements.a!.fill).toBe("#222222");
    await vi.advanceTimersByTimeAsync(1000);
    for (const engine of [ann, bob]) {
      expect(engine.doc).toEqual(server.doc);
      expect(engine.doc.elements.a).toMatchObject({ x: 111, fill: "#222222" });
      expect(engine.doc.elements.b!.y).toBe(222);
      expect(engine.settled).toBe(true);
    }
  });
});

describe("compactOps", () => {
  it("keeps the last set of each property, never across an add or remove", () => {
    const el = defaultElement("rectangle", { id: "c", screenId: "s" });
    expect(
      compactOps([
        set("a", "x", 1),
        set("a", "y", 1),
        set("a", "x", 2),
        { op: "add-element", element: el },
        set("c", "x", 3),
        set("c", "x", 4),
      ]),
    ).toEqual([set("a", "y", 1), set("a", "x", 2), { op: "add-element", element: el }, set("c", "x", 4)]);
  });
});
