import { presenceColor } from "~/lib/wireframes/presence";
import { db } from "../db";
import { ready, subscribe } from "../realtime";
import { isMemberOf, type MemberContext } from "../workspaces";
import { requireRead } from "../access";
import { findWireframeRow } from "./rows";
import type { ComponentEvent } from "./components";
import { componentsTopic, currentSeq, publishWireframe, readLog, wireframeTopic, type PatchRecord, type WireframeEvent } from "./patches";

/**
 * A wireframe's live events as server-sent events (decision 013):
 *   `patch`     { seq, clientId, userId, patchId?, ops }: every applied patch, in seq order, the
 *               client's own included (first those after `since`, then live ones; a gap,
 *               a notification lost or overtaken, is filled from the op log);
 *   `presence`  { clientId, userId, name, color, screenId, selection }; `leave` { clientId };
 *   `component` { id, version, deleted? }: a main component of the workspace changed;
 *   `reset`     { seq }: the op log no longer reaches back to `since`: reload the wireframe;
 *   `deleted`   {}: the wireframe was deleted.
 * Two app processes on one database serve one session: everything goes through
 * LISTEN/NOTIFY (app/.server/realtime).
 */

/** Where an editor is: its tab's id, the screen it shows, what it selected (parsed at the route). */
export type Presence = { clientId: string; screenId: string | null; selection: string[] };

/** Presence carries at most this many selected ids (a notification is at most 8,000 bytes). */
const MAX_SELECTION_SENT = 250;

/** Says who is where and what they selected (viewers too: they are there). Publish only; nothing is stored. */
export async function publishPresence(member: MemberContext, wireframeId: string, presence: Presence): Promise<void> {
  requireRead(member, "wireframe");
  const row = await findWireframeRow(db(), member, wireframeId);
  const name = member.user.fullName?.trim() || member.user.email.split("@")[0] || "Someone";
  // Its stream here is gone: a request already on its way as the tab closed would bring the
  // person back after their `leave`, for the 45 s a presence lasts.
  if (hasLeft(`${row.id}:${presence.clientId}`)) return;
  await publishWireframe(row.id, {
    type: "presence",
    clientId: presence.clientId,
    userId: member.user.id,
    name,
    color: presenceColor(member.user.id),
    screenId: presence.screenId,
    selection: presence.selection.slice(0, MAX_SELECTION_SENT),
  });
}

/**
 * Open streams per wireframe and clientId in this process. A browser that reconnects opens
 * the new stream as the old one closes: its `leave` waits a moment and is not sent if the
 * same client is back by then (presence would flicker otherwise).
 */
const openStreams = new Map<string, number>();
const LEAVE_DELAY_MS = 2_000;
/** When each client's last stream here closed (kept a minute): its later presence is not sent. */
const closedAt = new Map<string, number>();
const CLOSED_KEPT_MS = 60_000;

function streamOpened(key: string) {
  openStreams.set(key, (openStreams.get(key) ?? 0) + 1);
  closedAt.delete(key);
}

function streamClosed(key: string, leave: () => void) {
  const left = (openStreams.get(key) ?? 1) - 1;
  if (left > 0) openStreams.set(key, left);
  else {
    openStreams.delete(key);
    const now = Date.now();
    for (const [k, at] of closedAt) if (now - at > CLOSED_KEPT_MS) closedAt.delete(k);
    closedAt.set(key, now);
  }
  setTimeout(() => {
    if (!openStreams.has(key)) leave();
  }, LEAVE_DELAY_MS).unref?.();
}

/** The client's stream closed in this process and has not come back. */
function hasLeft(key: string): boolean {
  return !openStreams.has(key) && closedAt.has(key);
}

const encoder = new TextEncoder();
const frame = (event: string, payload: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);

/**
 * The stream for one member and wireframe. `since` is the seq the client has (default: the
 * current one); `clientId`, when given, is announced as leaving when the stream ends.
 */
export async function wireframeEvents(
  request: Request,
  member: MemberContext,
  wireframeId: string,
  opts: { since?: number; clientId?: string; heartbeatMs?: number } = {},
): Promise<Response> {
  requireRead(member, "wireframe");
  const row = await findWireframeRow(db(), member, wireframeId);
  await ready();
  const id = row.id;
  const workspaceId = member.workspace.id;
  const userId = member.user.id;
  const clientId = opts.clientId && /^[A-Za-z0-9_-]{1,64}$/.test(opts.clientId) ? opts.clientId : null;
  let lastSeq = Math.min(opts.since ?? row.seq, row.seq);
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      // Every send goes through one chain, so patches leave in seq order whatever the gaps cost.
      let chain: Promise<void> = Promise.resolve();
      const enqueue = (work: () => Promise<void> | void) => {
        chain = chain.then(work).catch((error) => {
          console.error("[wireframes] event stream failed", error);
          close();
        });
      };
      const write = (bytes: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(bytes);
        } catch {
          close();
        }
      };
      const send = (event: string, payload: unknown) => write(frame(event, payload));
      const sendPatch = (p: PatchRecord) => {
        send("patch", { seq: p.seq, clientId: p.clientId, userId: p.userId, ...(p.patchId ? { patchId: p.patchId } : {}), ops: p.ops });
        lastSeq = p.seq;
      };
      /** Everything from lastSeq up to `upTo`, from the log; a reset when the log has lost some. */
      const catchUp = async (upTo: number) => {
        if (upTo <= lastSeq) return;
        const log = await readLog(db(), id, lastSeq, upTo);
        if (!log) {
          send("reset", { seq: upTo });
          lastSeq = upTo;
          return;
        }
        for (const p of log.patches) sendPatch(p);
      };

      // Membership is re-checked now and then: a member removed while editing stops receiving.
      let checkedAt = Date.now();
      const stillAllowed = async (force: boolean) => {
        if (!force && Date.now() - checkedAt < 5_000) return true;
        checkedAt = Date.now();
        const ok = await isMemberOf(userId, workspaceId).catch(() => false);
        if (!ok) close();
        return ok;
      };

      const onWireframe = (raw: string) => {
        let event: WireframeEvent;
        try {
          event = JSON.parse(raw) as WireframeEvent;
        } catch {
          return;
        }
        enqueue(async () => {
          if (!(await stillAllowed(false))) return;
          if (event.type === "patch") {
            if (event.seq <= lastSeq) return;
            if (event.seq === lastSeq + 1 && event.ops)
              sendPatch({ seq: event.seq, clientId: event.clientId, userId: event.userId, patchId: event.patchId, ops: event.ops });
            else await catchUp(event.seq);
          } else if ((event as { type: string }).type === "resync") {
            // The server's LISTEN connection was lost and is back: catch up from the op log.
            await catchUp(await currentSeq(db(), id));
          } else if (event.type === "deleted") {
            send("deleted", {});
            close();
          } else {
            const { type, ...payload } = event;
            send(type, payload);
          }
        });
      };
      const onComponent = (raw: string) => {
        let event: ComponentEvent;
        try {
          event = JSON.parse(raw) as ComponentEvent;
        } catch {
          return;
        }
        const { type: _type, ...payload } = event;
        enqueue(() => send("component", payload));
      };

      const unsubscribe = [subscribe(wireframeTopic(id), onWireframe), subscribe(componentsTopic(workspaceId), onComponent)];
      const heartbeat = setInterval(() => {
        enqueue(async () => {
          if (await stillAllowed(true)) write(encoder.encode(": ping\n\n"));
        });
      }, opts.heartbeatMs ?? 25_000);

      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        for (const u of unsubscribe) u();
        try {
          controller.close();
        } catch {
          // already closed
        }
        if (clientId) streamClosed(`${id}:${clientId}`, () => void publishWireframe(id, { type: "leave", clientId }));
      };
      cleanup = close;
      if (clientId) streamOpened(`${id}:${clientId}`);
      request.signal.addEventListener("abort", close, { once: true });

      // The browser retries after 2 s if the connection drops (with the same URL: the client
      // reconnects itself with its latest seq as `since`).
      write(encoder.encode("retry: 2000\n\n"));
      send("ready", { seq: row.seq });
      // Subscribed first, then the replay: a patch committed meanwhile is either in the log
      // read or arrives after it (and is skipped when already sent).
      enqueue(() => catchUp(row.seq));
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
