import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { db, ensureDb } from "../db";
import { boardTopic, publish, ready, stopRealtime, subscribe } from "./index";
import { eventStream } from "./sse";
import { describeOn } from "../../../tests/support/database-kind";

afterAll(stopRealtime);

describe("realtime", () => {
  it("delivers a published event to subscribers of that topic only, through the database", async () => {
    await ensureDb();
    const mine: string[] = [];
    const others: string[] = [];
    const got = new Promise<string>((resolve) => {
      subscribe(boardTopic("p1"), (payload) => {
        mine.push(payload);
        resolve(payload);
      });
    });
    subscribe(boardTopic("p2"), (payload) => others.push(payload));
    await ready();
    await publish(boardTopic("p1"), { type: "card.moved", cardId: "c1" });
    expect(JSON.parse(await got)).toEqual({ type: "card.moved", cardId: "c1" });
    expect(others).toEqual([]);
  });

  it("streams server-sent events and stops when the browser goes away", async () => {
    await ensureDb();
    const controller = new AbortController();
    const res = eventStream(new Request("http://localhost/projects/p3/events", { signal: controller.signal }), boardTopic("p3"));
    expect(res.headers.get("Content-Type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    expect(first).toContain("retry: 2000");
    await ready();
    await publish(boardTopic("p3"), { type: "card.created" });
    let text = "";
    while (!text.includes("event: change")) text += decoder.decode((await reader.read()).value);
    expect(text).toContain('data: {"type":"card.created"}');
    controller.abort();
    expect((await reader.read()).done).toBe(true);
  });
});

describe("a stream whose reader lost access", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("closes instead of sending the event", async () => {
    await ensureDb();
    // Only the clock is faked: the database and the stream keep their real timers.
    vi.useFakeTimers({ toFake: ["Date"] });
    const opened = Date.now();
    vi.setSystemTime(opened);
    let allowed = true;
    const res = eventStream(new Request("http://localhost/projects/p4/events"), boardTopic("p4"), {
      heartbeatMs: 60_000,
      stillAllowed: async () => allowed,
    });
    const reader = res.body!.getReader();
    await reader.read(); // "retry" preamble
    await ready();
    allowed = false;
    // The first check is due only 5 s after the stream opened; make it due now.
    vi.setSystemTime(opened + 10_000);
    await publish(boardTopic("p4"), { type: "card.moved" });
    const next = await reader.read();
    expect(next.done).toBe(true);
  });
});

describeOn("postgres", "a LISTEN connection Postgres drops (restart, failover)", () => {
  it("comes back by itself, tells every open stream to catch up, and delivers again", async () => {
    await ensureDb();
    const seen: string[] = [];
    subscribe(boardTopic("p5"), (payload) => seen.push(payload));
    await ready();
    // What a Postgres restart does to the connection: the server ends it.
    await db().execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN %' AND datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(seen).toContain(JSON.stringify({ type: "resync" })), { timeout: 15_000, interval: 100 });
    await publish(boardTopic("p5"), { type: "card.created" });
    await vi.waitFor(() => expect(seen).toContain(JSON.stringify({ type: "card.created" })), { timeout: 5_000, interval: 50 });
  });
});
