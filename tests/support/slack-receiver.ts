/**
 * A local receiver speaking the part of Slack's incoming-webhook protocol the app uses
 * (vitest and the e2e stack): POST /services/T…/B…/… with a JSON body `{ text }` answers
 * 200 "ok" and keeps the message; a webhook whose last part is "revoked" answers 404
 * "no_service", as Slack does for a removed webhook; "invalid" as last part answers 400
 * "invalid_payload"; after `failNext(n)` the next n posts answer 500 (an outage) and are not kept.
 *
 *   const slack = new SlackReceiver(); await slack.start();  // SLACK_WEBHOOK_HOSTS = slack.origin
 *   slack.messages                                           // every message, with its path
 *   GET /__messages?path=/services/…                         // the same over HTTP (e2e)
 *   DELETE /__messages                                       // forget them
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type SlackPost = { path: string; text: string };

export class SlackReceiver {
  private server: http.Server | undefined;
  readonly messages: SlackPost[] = [];
  private failing = 0;

  constructor(private readonly port = 0) {}

  get origin(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error("SlackReceiver: not started");
    return `http://127.0.0.1:${address.port}`;
  }

  /** A webhook URL on this receiver; its parts are random unless given. */
  hookUrl(last = Math.random().toString(36).slice(2, 14)): string {
    return `${this.origin}/services/T0TEST${Math.random().toString(36).slice(2, 6).toUpperCase()}/B0TEST/${last}`;
  }

  textsAt(url: string): string[] {
    const path = new URL(url).pathname;
    return this.messages.filter((m) => m.path === path).map((m) => m.text);
  }

  reset() {
    this.messages.length = 0;
    this.failing = 0;
  }

  /** Answer the next `n` posts with 500, as Slack does during an outage. */
  failNext(n: number) {
    this.failing = n;
  }

  start(): Promise<void> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const text = (status: number, body: string) => {
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(body);
    };
    if (url.pathname === "/__messages") {
      if (req.method === "DELETE") {
        this.reset();
        return text(200, "ok");
      }
      const path = url.searchParams.get("path");
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify(this.messages.filter((m) => !path || m.path === path)));
    }
    if (req.method !== "POST" || !url.pathname.startsWith("/services/")) return text(404, "no_service");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const last = url.pathname.split("/").pop();
    if (last === "revoked") return text(404, "no_service");
    if (last === "invalid") return text(400, "invalid_payload");
    if (this.failing > 0) {
      this.failing -= 1;
      return text(500, "internal_error");
    }
    let body: { text?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { text?: unknown };
    } catch {
      return text(400, "invalid_payload");
    }
    if (typeof body.text !== "string" || !body.text) return text(400, "no_text");
    this.messages.push({ path: url.pathname, text: body.text });
    return text(200, "ok");
  }
}
