import { subscribe } from "./index";

/**
 * A text/event-stream Response fed by a realtime topic. Sends a comment every 25 s
 * so proxies keep the connection open, and stops when the browser goes away.
 */
export function eventStream(
  request: Request,
  topic: string,
  opts: {
    heartbeatMs?: number;
    /** Re-checked before events (at most every 5 s) and at each heartbeat; false ends the stream. */
    stillAllowed?: () => Promise<boolean>;
  } = {},
): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (chunk: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          close();
        }
      };
      // A member removed while the board is open stops receiving events at once.
      let checkedAt = Date.now();
      const allowed = async (force: boolean) => {
        if (!opts.stillAllowed || (!force && Date.now() - checkedAt < 5_000)) return true;
        checkedAt = Date.now();
        const ok = await opts.stillAllowed().catch(() => false);
        if (!ok) close();
        return ok;
      };
      const unsubscribe = subscribe(topic, (payload) => {
        void allowed(false).then((ok) => ok && send(`event: change\ndata: ${payload}\n\n`));
      });
      const heartbeat = setInterval(() => {
        void allowed(true).then((ok) => ok && send(": ping\n\n"));
      }, opts.heartbeatMs ?? 25_000);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      cleanup = close;
      request.signal.addEventListener("abort", close, { once: true });
      // Tell the browser to retry after 2 s if the connection drops, and confirm we are live.
      send("retry: 2000\n: connected\n\n");
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
