import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/**
 * A webhook receiver for the tests: a small HTTP server that verifies every delivery with the
 * `standardwebhooks` library itself (an independent check of our signing), records each
 * verified delivery by its `webhook-id`, and answers 200, or 500 while `failNext` lasts (to
 * make the app retry). A delivery that does not verify is answered 400 and kept in `rejected`.
 */
export type ReceivedDelivery = {
  id: string;
  timestamp: string;
  signature: string;
  payload: { type: string; data: Record<string, unknown> };
};

export type WebhookReceiver = {
  url: string;
  /** Every verified delivery, in arrival order (a repeat of a webhook-id is listed again). */
  received: ReceivedDelivery[];
  /** Deliveries whose signature did not verify. */
  rejected: { id: string | undefined; reason: string }[];
  /** The secret deliveries are verified with (after a rotation, the new one). */
  setSecret(secret: string): void;
  /** Answer the next `n` verified deliveries with 500 (they are still recorded in `failed`). */
  failNext(n: number): void;
  failed: string[];
  /** Resolves once `count` distinct webhook-ids have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
};

function headerOf(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : (value ?? "");
}

export async function startWebhookReceiver(secret: string, port = 0): Promise<WebhookReceiver> {
  let verifier = new Webhook(secret);
  let failing = 0;
  const received: ReceivedDelivery[] = [];
  const rejected: WebhookReceiver["rejected"] = [];
  const failed: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const distinct = () => new Set(received.map((r) => r.id)).size;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": headerOf(request.headers, "webhook-id"),
        "webhook-timestamp": headerOf(request.headers, "webhook-timestamp"),
        "webhook-signature": headerOf(request.headers, "webhook-signature"),
      };
      let payload: ReceivedDelivery["payload"];
      try {
        payload = verifier.verify(body, headers) as ReceivedDelivery["payload"];
      } catch (error) {
        rejected.push({ id: headers["webhook-id"] || undefined, reason: (error as Error).message });
        response.writeHead(400, { "content-type": "text/plain" }).end("signature did not verify");
        return;
      }
      if (failing > 0) {
        failing--;
        failed.push(headers["webhook-id"]);
        response.writeHead(500, { "content-type": "text/plain" }).end("receiver is failing on purpose");
        return;
      }
      received.push({
        id: headers["webhook-id"],
        timestamp: headers["webhook-timestamp"],
        signature: headers["webhook-signature"],
        payload,
      });
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      const n = distinct();
      for (const w of waiters.filter((w) => n >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/hooks`,
    received,
    rejected,
    failed,
    setSecret: (next) => {
      verifier = new Webhook(next);
    },
    failNext: (n) => {
      failing = n;
    },
    waitFor: (count) => (distinct() >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
