/**
 * The landing page from a cache of its rendered HTML. The page is the same for every
 * anonymous visitor apart from two things:
 *
 * - the CSP nonce, different on every response: the page is rendered once with
 *   NONCE_SLOT in place of a nonce, and each response fills in its own request's nonce
 *   (the one server.ts put in the Content-Security-Policy header);
 * - the status dots, which are live health checks: the copy is rendered again after
 *   `ttlMs` (5 s). A request that finds an old copy gets it while a new one renders, so
 *   no visitor waits for a render once the first one is done.
 *
 * Only the plain page is cached: `GET /` with no query string (`/?redirectTo=…` changes
 * the sign-in links) and no cookies (a session redirects to the dashboard; a flash cookie
 * adds a toast). Everything else, and any render that is not a cookie-free 200 HTML page,
 * goes to the app as before. The copy lives in the process: a deploy (a new build, a new
 * process) starts empty. The page reads no feature flags (its words come from
 * components/landing/content.server.ts and lib/plans.ts, both part of the build); should
 * it ever read one, call `invalidate()` when that flag changes.
 */
import type { RequestHandler } from "express";

/** Stands for the nonce in the cached HTML. Letters only: it survives HTML escaping as is. */
export const NONCE_SLOT = "AtelierLandingNonceSlot";
export const LANDING_CACHE_TTL_MS = 5_000;

type Entry = { status: number; headers: [string, string][]; parts: string[]; expires: number };

export function landingCache(opts: { render: (nonce: string) => Promise<Response>; ttlMs?: number; now?: () => number }) {
  const ttlMs = opts.ttlMs ?? LANDING_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  let entry: Entry | null = null;
  let pending: Promise<Entry | null> | null = null;
  let generation = 0;

  async function renderEntry(): Promise<Entry | null> {
    const started = generation;
    const response = await opts.render(NONCE_SLOT);
    const type = response.headers.get("Content-Type") ?? "";
    if (response.status !== 200 || response.headers.has("Set-Cookie") || !type.startsWith("text/html")) {
      await response.body?.cancel();
      return null;
    }
    const html = await response.text();
    const headers = [...response.headers.entries()].filter(([k]) => k !== "content-length");
    const fresh = { status: response.status, headers, parts: html.split(NONCE_SLOT), expires: now() + ttlMs };
    // An invalidate() during the render: this copy may be from before it, so it is not kept.
    if (started === generation) entry = fresh;
    return fresh;
  }

  function refresh(): Promise<Entry | null> {
    pending ??= renderEntry()
      .catch((error: unknown) => {
        console.error("[landing-cache] render failed", error);
        return null;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || req.originalUrl !== "/" || req.headers.cookie) {
      next();
      return;
    }
    const current = entry;
    if (current && current.expires <= now()) void refresh();
    const ready = current ? Promise.resolve(current) : refresh();
    void ready.then((e) => {
      if (!e) {
        next();
        return;
      }
      const nonce = res.locals.cspNonce as string;
      const html = e.parts.join(nonce);
      res.status(e.status);
      for (const [k, v] of e.headers) res.setHeader(k, v);
      res.setHeader("Content-Length", Buffer.byteLength(html));
      res.setHeader("X-Landing-Cache", current ? "hit" : "miss");
      res.end(html);
    }, next);
  };

  return {
    middleware,
    /** Drops the copy: the next request renders the page again. */
    invalidate() {
      generation++;
      entry = null;
    },
  };
}
