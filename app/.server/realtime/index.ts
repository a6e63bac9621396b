import pg from "pg";
import { driver } from "../db";

/**
 * Board change fan-out through Postgres LISTEN/NOTIFY, so two app processes on one
 * database see each other's changes. One LISTEN connection per process; each SSE
 * subscriber registers a callback on a channel here.
 */
type Listener = (payload: string) => void;

const CHANNEL = "atelier_board";
const listeners = new Map<string, Set<Listener>>();
let started: Promise<void> | null = null;
let pgListenClient: pg.Client | null = null;

function dispatch(raw: string) {
  // payload: "<topic>|<json>"
  const bar = raw.indexOf("|");
  if (bar < 0) return;
  const topic = raw.slice(0, bar);
  const body = raw.slice(bar + 1);
  for (const l of listeners.get(topic) ?? []) {
    try {
      l(body);
    } catch (error) {
      console.error("[realtime] listener failed", error);
    }
  }
}

async function start(): Promise<void> {
  const d = driver();
  if (d.kind === "pglite") {
    await d.client.listen(CHANNEL, dispatch);
    return;
  }
  let stopping = false;
  let lost = false;
  const reconnect = (delayMs: number) => {
    if (stopping) return;
    setTimeout(() => {
      connect().catch((error: unknown) => {
        // Postgres still away (restarting): keep trying, backing off to 10 s.
        console.warn("[realtime] reconnect failed; trying again", error instanceof Error ? error.message : error);
        reconnect(Math.min(delayMs * 2, 10_000));
      });
    }, delayMs).unref();
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: d.url });
    const onLost = (why: string) => {
      if (pgListenClient !== client || lost) return;
      lost = true;
      pgListenClient = null;
      console.warn(`[realtime] LISTEN connection lost (${why}); reconnecting`);
      client.removeAllListeners("notification");
      client.end().catch(() => {});
      reconnect(500);
    };
    client.on("notification", (msg) => msg.payload && dispatch(msg.payload));
    client.on("error", (error) => onLost(error.message));
    client.on("end", () => onLost("ended"));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    const wasLost = lost;
    lost = false;
    pgListenClient = client;
    // Whatever was published while the connection was down is lost: every open stream is
    // told to catch up (pages revalidate on any event).
    if (wasLost) for (const topic of listeners.keys()) dispatch(`${topic}|${JSON.stringify({ type: "resync" })}`);
  };
  stopListening = () => {
    stopping = true;
  };
  await connect();
}

let stopListening = () => {};

export function subscribe(topic: string, listener: Listener): () => void {
  started ??= start().catch((error) => {
    started = null;
    throw error;
  });
  let set = listeners.get(topic);
  if (!set) {
    set = new Set();
    listeners.set(topic, set);
  }
  set.add(listener);
  return () => {
    set!.delete(listener);
    if (set!.size === 0) listeners.delete(topic);
  };
}

export async function ready(): Promise<void> {
  started ??= start();
  await started;
}

/** Tell every process that something on `topic` changed. Payloads stay small (Postgres caps them at 8000 bytes). */
export async function publish(topic: string, event: Record<string, unknown>): Promise<void> {
  const payload = `${topic}|${JSON.stringify(event)}`.slice(0, 7900);
  const d = driver();
  try {
    if (d.kind === "pglite") await d.client.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
    else await d.pool.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
  } catch (error) {
    // A lost notification costs a live update, never the write itself.
    console.error("[realtime] publish failed", error);
  }
}

export async function stopRealtime(): Promise<void> {
  stopListening();
  const client = pgListenClient;
  pgListenClient = null;
  await client?.end().catch(() => {});
  pgListenClient = null;
  started = null;
  listeners.clear();
}

export const boardTopic = (projectId: string) => `board:${projectId}`;
/** A wireframe's editors (patches, presence, its deletion). */
export const wireframeTopic = (wireframeId: string) => `wireframe:${wireframeId}`;
/** The workspace's main components, for every open editor. */
export const componentsTopic = (workspaceId: string) => `wireframe-components:${workspaceId}`;
