// The landing page's HTML cache in front of a stand-in app: one render serves many
// requests, each with its own nonce; what the cache must not serve goes to the app.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { NONCE_SLOT, landingCache } from "./landing-cache";
import { newNonce } from "./security";

const page = (nonce: string, dots = "ok") =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body><li data-status="${dots}">API</li></body></html>`;

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

async function serve(render: (nonce: string) => Promise<Response>, clock = { now: 0 }) {
  const cache = landingCache({ render, ttlMs: 5_000, now: () => clock.now });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce as string}'`);
    next();
  });
  app.use(cache.middleware);
  app.use((_req, res) => {
    res.type("text/plain").send("from the app");
  });
  server = app.listen(0);
  await new Promise((r) => server!.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, get: (path = "/", headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers }) };
}

const htmlResponse = (body: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });

describe("landing page cache", () => {
  it("renders once, and every response carries the nonce of its own CSP header", async () => {
    const renders: string[] = [];
    const { get } = await serve(async (nonce) => {
      renders.push(nonce);
      return htmlResponse(page(nonce));
    });
    const [a, b] = [await get(), await get()];
    const nonces = [];
    for (const res of [a, b]) {
      expect(res.status).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1]!;
      const body = await res.text();
      expect(body).toBe(page(nonce));
      expect(body).not.toContain(NONCE_SLOT);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(renders).toEqual([NONCE_SLOT]);
    expect([a.headers.get("x-landing-cache"), b.headers.get("x-landing-cache")]).toEqual(["miss", "hit"]);
  });

  it("leaves a query string, cookies and other methods to the app", async () => {
    let renders = 0;
    const { get } = await serve(async (nonce) => {
      renders++;
      return htmlResponse(page(nonce));
    });
    expect(await (await get("/?redirectTo=%2Fdashboard")).text()).toBe("from the app");
    expect(await (await get("/", { Cookie: "__session=abc" })).text()).toBe("from the app");
    expect(await (await get("/auth")).text()).toBe("from the app");
    expect(renders).toBe(0);
  });

  it("renders the status dots again after the time to live, serving the old copy meanwhile", async () => {
    const clock = { now: 0 };
    let dots = "ok";
    const { get } = await serve(async (nonce) => htmlResponse(page(nonce, dots)), clock);
    expect(await (await get()).text()).toContain('data-status="ok"');
    dots = "down";
    clock.now = 4_000;
    expect(await (await get()).text()).toContain('data-status="ok"');
    clock.now = 5_000;
    // This request starts the new render and gets the old copy; the next one the new.
    expect(await (await get()).text()).toContain('data-status="ok"');
    await new Promise((r) => setImmediate(r));
    expect(await (await get()).text()).toContain('data-status="down"');
  });

  it("does not keep a page that sets a cookie or is not a 200, and sends the app's own answer", async () => {
    let mode: "cookie" | "error" = "cookie";
    let renders = 0;
    const { get } = await serve(async (nonce) => {
      renders++;
      return mode === "cookie" ? htmlResponse(page(nonce), { "Set-Cookie": "a=b" }) : htmlResponse("oops", {}, 500);
    });
    expect(await (await get()).text()).toBe("from the app");
    mode = "error";
    expect(await (await get()).text()).toBe("from the app");
    expect(renders).toBe(2);
  });

  it("renders again after invalidate()", async () => {
    let version = "v1";
    const { get, cache } = await serve(async (nonce) => htmlResponse(page(nonce, version)));
    expect(await (await get()).text()).toContain("v1");
    version = "v2";
    expect(await (await get()).text()).toContain("v1");
    cache.invalidate();
    expect(await (await get()).text()).toContain("v2");
  });
});
