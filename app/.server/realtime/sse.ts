import { subscribe } from "./index";

/**
 * A text/event-stream Response fed by a realtime topic. Sends a comment every 25 s
 * so proxies keep the connection open, and stops when the browser goes away.
 */
export function eventStream(request: Request, topic: string, opts: { heartbeatMs?: number } = {}): Response {
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
      const unsubscribe = subscribe(topic, (payload) => send(`event: change\ndata: ${payload}\n\n`));
      const heartbeat = setInterval(() => send(": ping\n\n"), opts.heartbeatMs ?? 25_000);
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
