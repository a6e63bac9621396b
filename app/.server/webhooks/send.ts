import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { guardedLookup, isPublicAddress, privateAllowed, RefusedAddress, urlProblem } from "./address-guard";

/** How long a receiver has to answer, and how much of its answer is read. */
export const SEND_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** How much of the answer the delivery log keeps. */
const EXCERPT_CHARS = 500;

export type SendResult = {
  ok: boolean;
  /** The HTTP status; null when no answer came. */
  status: number | null;
  /** The first bytes of the answer, or what went wrong. */
  excerpt: string;
  durationMs: number;
};

/**
 * POSTs one delivery. Safe by construction: no redirect is followed (a 3xx is a failure), the
 * whole exchange has SEND_TIMEOUT_MS, at most MAX_RESPONSE_BYTES of the answer are read, and
 * the connection goes only to public addresses (address-guard.ts) unless WEBHOOKS_ALLOW_PRIVATE=1.
 * Only a 2xx counts as delivered.
 */
export function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs = SEND_TIMEOUT_MS): Promise<SendResult> {
  const started = performance.now();
  const done = (ok: boolean, status: number | null, excerpt: string): SendResult => ({
    ok,
    status,
    excerpt: excerpt.slice(0, EXCERPT_CHARS),
    durationMs: Math.round(performance.now() - started),
  });
  const problem = urlProblem(url);
  if (problem) return Promise.resolve(done(false, null, problem));
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !privateAllowed() && !isPublicAddress(host)) {
    return Promise.resolve(done(false, null, `${host} is a private or local address`));
  }
  const client = target.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)), "user-agent": "Atelier-Webhooks/1" },
        lookup: guardedLookup as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = response.statusCode ?? 0;
        const settle = () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const ok = status >= 200 && status < 300;
          const note = status >= 300 && status < 400 ? `Redirect to ${response.headers.location ?? "?"} not followed. ` : "";
          finish(done(ok, status, note + text));
          response.destroy();
        };
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          chunks.push(chunk);
          if (size >= MAX_RESPONSE_BYTES) settle();
        });
        response.on("end", settle);
        response.on("error", settle);
      },
    );
    const timer = setTimeout(() => {
      finish(done(false, null, `No answer within ${timeoutMs / 1000} s`));
      request.destroy();
    }, timeoutMs);
    request.on("error", (error) => {
      finish(done(false, null, error instanceof RefusedAddress ? error.message : `Could not connect: ${error.message}`));
    });
    request.end(body);
  });
}
