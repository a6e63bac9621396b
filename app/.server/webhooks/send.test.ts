import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_RESPONSE_BYTES, postWebhook } from "./send";

// The sender against a local server: what counts as delivered, and what it refuses to do.
describe("sending a webhook", () => {
  let server: Server;
  let base = "";
  const saved = process.env.WEBHOOKS_ALLOW_PRIVATE;
  let redirectedTo = 0;
  beforeAll(async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    server = createServer((request, response) => {
      request.resume();
      if (request.url === "/ok") response.writeHead(204).end();
      else if (request.url === "/redirect") response.writeHead(307, { location: "/target" }).end();
      else if (request.url === "/target") {
        redirectedTo++;
        response.writeHead(200).end("reached");
      } else if (request.url === "/big") {
        response.writeHead(200, { "content-type": "text/plain" });
        response.write("a".repeat(MAX_RESPONSE_BYTES));
        response.write("b".repeat(MAX_RESPONSE_BYTES)); // more than the sender reads; it stops at the cap
        // Never ends: the sender must not wait for the rest.
      } else if (request.url === "/silent") {
        // Never answers.
      } else response.writeHead(500).end("receiver error: database down");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    if (saved === undefined) delete process.env.WEBHOOKS_ALLOW_PRIVATE;
    else process.env.WEBHOOKS_ALLOW_PRIVATE = saved;
  });

  it("counts a 2xx as delivered and keeps the first bytes of a failure's answer", async () => {
    expect(await postWebhook(`${base}/ok`, {}, "{}")).toMatchObject({ ok: true, status: 204 });
    expect(await postWebhook(`${base}/fail`, {}, "{}")).toMatchObject({ ok: false, status: 500, excerpt: "receiver error: database down" });
  });

  it("follows no redirect: a 3xx is a failure", async () => {
    const result = await postWebhook(`${base}/redirect`, {}, "{}");
    expect(result).toMatchObject({ ok: false, status: 307 });
    expect(result.excerpt).toContain("not followed");
    expect(redirectedTo).toBe(0);
  });

  it("reads at most 64 KB of the answer", async () => {
    const result = await postWebhook(`${base}/big`, {}, "{}");
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.excerpt).toMatch(/^a+$/);
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const result = await postWebhook(`${base}/silent`, {}, "{}", 200);
    expect(result).toMatchObject({ ok: false, status: null, excerpt: "No answer within 0.2 s" });
  });

  it("refuses a loopback address unless WEBHOOKS_ALLOW_PRIVATE=1", async () => {
    delete process.env.WEBHOOKS_ALLOW_PRIVATE;
    try {
      expect(await postWebhook(`${base}/ok`, {}, "{}")).toMatchObject({ ok: false, status: null });
      expect(await postWebhook(base.replace("127.0.0.1", "localhost").replace("http:", "https:") + "/ok", {}, "{}")).toMatchObject({
        ok: false,
        status: null,
      });
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
    }
  });
});
