// Bad input through the real production server (issue 12's first fixes): wrong content
// types, empty, truncated and oversized bodies, and forwarded-host mismatches, posted to a
// sample of page (form) routes and API routes, answer 4xx with a readable message (a page
// for browsers, problem details for the API) and never a 5xx or a stack trace; every 429
// carries Retry-After. The guard is server/request-guard.ts.
import { describe, expect, it } from "vitest";
import { useBuiltServer } from "../tests/support/built-servers";

const server = useBuiltServer({ RATE_LIMIT_SIGNIN_FAILURES_PER_ACCOUNT: "2", RATE_LIMIT_BETA_PER_IP: "2" });

const SOME_ID = "6f1b8c1e-3a52-4c8e-9a57-2f0d3c1b7e11";
/** Pages whose actions read forms (the card panel's upload form posts to /projects/:id). */
const FORM_ROUTES = [
  "/auth",
  "/signup",
  "/reset-password",
  "/pricing",
  "/dashboard",
  `/projects/${SOME_ID}`,
  "/settings",
  "/team",
  "/logout",
  "/billing",
  "/workspaces/switch",
  "/invite/some-token",
  "/auth.data", // what the sign-in form posts to with JavaScript on
];
const API_ROUTES = [
  "/api/beta/signup",
  "/api/beta/email-capture",
  `/api/projects/${SOME_ID}/board`,
  "/api/stripe/create-checkout-session",
  "/api/stripe/webhook",
];

type Answer = { status: number; type: string; body: string; headers: Headers };

async function send(path: string, init: RequestInit & { duplex?: "half" } = {}): Promise<Answer> {
  const res = await fetch(`${server().url}${path}`, { method: "POST", redirect: "manual", ...init });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: await res.text(), headers: res.headers };
}

const browser = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const sameOrigin = () => ({ Origin: server().url });

/** A body that arrives in chunks, with no Content-Length. */
function chunked(total: number, chunk = 16 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      controller.enqueue(new TextEncoder().encode("a".repeat(n)));
    },
  });
}

const TRUNCATED_MULTIPART = '--XX\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsign';

const CODES: Record<number, string> = {
  400: "invalid_request",
  403: "cross_site_request",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

/** 4xx, no stack trace, and the shape the client reads (a page, or problem details: app/lib/problem.ts). */
function expectReadable(answer: Answer, path: string, expected: { status?: number; html?: boolean } = {}) {
  const where = `${path} → ${answer.status} ${answer.body.slice(0, 200)}`;
  if (expected.status) expect(answer.status, where).toBe(expected.status);
  expect(answer.status, where).toBeGreaterThanOrEqual(300);
  expect(answer.status, where).toBeLessThan(500);
  expect(answer.body, where).not.toMatch(/\bat .+:\d+:\d+\)?$/m); // a stack frame
  expect(answer.body, where).not.toMatch(/node_modules|node:internal|server\/index\.js/);
  if (expected.html) {
    expect(answer.type, where).toContain("text/html");
    expect(answer.body, where).toMatch(/<h1>[^<]+<\/h1>/);
  } else if (expected.status) {
    expect(answer.type, where).toContain("application/problem+json");
    expect(JSON.parse(answer.body), where).toEqual({
      type: `/docs/api/problems/${CODES[expected.status]!.replaceAll("_", "-")}`,
      title: expect.any(String),
      status: expected.status,
      detail: expect.any(String),
      code: CODES[expected.status],
    });
  }
}

describe("bad input to form routes, through the production server", { timeout: 120_000 }, () => {
  it("a wrong content type answers 415: a page for a browser, JSON for the rest", async () => {
    for (const path of FORM_ROUTES) {
      const text = await send(path, { headers: { ...browser, "Content-Type": "text/plain" }, body: "email=a@b.co" });
      expectReadable(text, path, { status: 415, html: !path.endsWith(".data") });
      const json = await send(path, { headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.co"}' });
      expectReadable(json, path, { status: 415 });
      expect(JSON.parse(json.body)).toMatchObject({ detail: "This address only accepts a form submission." });
    }
  });

  it("a page shows the refusal's own sentence under its title", async () => {
    const res = await send("/auth", { headers: { ...browser, "Content-Type": "text/plain" }, body: "x" });
    expect(res.body).toContain("<h1>Unsupported request</h1>");
    expect(res.body).toContain("This address only accepts a form submission.");
    expect(res.body).toContain('href="/"');
  });

  it("a post with no body and no content type answers 400", async () => {
    for (const path of FORM_ROUTES) expectReadable(await send(path), path, { status: 400 });
  });

  it("a body over 64 KB answers 413, with or without Content-Length", async () => {
    const big = `email=a%40b.co&password=secret12&extra=${"x".repeat(100 * 1024)}`;
    for (const path of FORM_ROUTES) {
      const declared = await send(path, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: big });
      expectReadable(declared, path, { status: 413 });
      expect(JSON.parse(declared.body)).toMatchObject({ detail: "The request is too large (more than 64 KB)." });
      const streamed = await send(path, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: chunked(100 * 1024),
        duplex: "half",
      });
      expectReadable(streamed, path, { status: 413 });
    }
  });

  it("the sign-in form with an extra 1 MB field is refused (413), not signed in", async () => {
    const res = await send("/auth", {
      headers: { ...browser, ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded" },
      body: `intent=signin&email=a%40b.co&password=secret12&pad=${"x".repeat(1024 * 1024)}`,
    });
    expectReadable(res, "/auth", { status: 413, html: true });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("a truncated multipart body answers 400 (the upload route answers for itself, never 5xx)", async () => {
    for (const path of FORM_ROUTES) {
      const res = await send(path, { headers: { "Content-Type": "multipart/form-data; boundary=XX" }, body: TRUNCATED_MULTIPART });
      if (path.startsWith("/projects/")) expectReadable(res, path);
      else expectReadable(res, path, { status: 400 });
    }
  });

  it("an Origin that does not match X-Forwarded-Host answers 403, not 500", async () => {
    for (const path of FORM_ROUTES) {
      const res = await send(path, {
        headers: {
          ...browser,
          ...sameOrigin(),
          "X-Forwarded-Host": "elsewhere.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "intent=signin&email=a%40b.co&password=secret12",
      });
      expectReadable(res, path, { status: 403, html: !path.endsWith(".data") });
    }
  });

  it("a cross-site post answers 403", async () => {
    for (const path of FORM_ROUTES) {
      const res = await send(path, {
        headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expectReadable(res, path, { status: 403 });
    }
  });
});

describe("bad input to API routes, through the production server", { timeout: 120_000 }, () => {
  it("a wrong content type answers 415 as problem details", async () => {
    for (const path of API_ROUTES) {
      const res = await send(path, { headers: { "Content-Type": "text/plain" }, body: "hello" });
      expectReadable(res, path, { status: 415 });
    }
  });

  it("the public API's upload takes a file's raw body of any type past the guard, to the API's own answer", async () => {
    const res = await send(`/api/v1/projects/${SOME_ID}/cards/${SOME_ID}/attachments?filename=a.png`, {
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(100 * 1024),
    });
    expect([res.status, res.type, JSON.parse(res.body).code]).toEqual([401, "application/problem+json", "unauthenticated"]);
  });

  it("a 1 MB JSON body answers 413 (the beta forms took it before)", async () => {
    const big = JSON.stringify({ email: "a@b.co", name: "x".repeat(2 * 1024 * 1024) });
    for (const path of API_ROUTES) {
      const res = await send(path, { headers: { "Content-Type": "application/json" }, body: big });
      expectReadable(res, path, { status: 413 });
      const streamed = await send(path, {
        headers: { "Content-Type": "application/json" },
        body: chunked(2 * 1024 * 1024),
        duplex: "half",
      });
      expectReadable(streamed, path, { status: 413 });
    }
  });

  it("an empty or malformed JSON body answers 400", async () => {
    for (const path of API_ROUTES) {
      const empty = await send(path, { headers: { "Content-Type": "application/json" } });
      expectReadable(empty, path, { status: 400 });
      expect(JSON.parse(empty.body)).toMatchObject({ detail: "The request has no body." });
      const malformed = await send(path, { headers: { "Content-Type": "application/json" }, body: '{"email": "a@b.co"' });
      expectReadable(malformed, path, { status: 400 });
      expect(JSON.parse(malformed.body)).toMatchObject({ detail: "The request body is not valid JSON." });
    }
  });

  it("a truncated multipart body is never a 5xx", async () => {
    for (const path of API_ROUTES) {
      const res = await send(path, { headers: { "Content-Type": "multipart/form-data; boundary=XX" }, body: TRUNCATED_MULTIPART });
      expectReadable(res, path);
    }
  });

  it("an Origin that does not match X-Forwarded-Host answers 403 (the Stripe webhook, which no browser calls, excepted)", async () => {
    for (const path of API_ROUTES.filter((p) => p !== "/api/stripe/webhook")) {
      const res = await send(path, {
        headers: { ...sameOrigin(), "X-Forwarded-Host": "elsewhere.example", "Content-Type": "application/json" },
        body: "{}",
      });
      expectReadable(res, path, { status: 403 });
    }
  });
});

describe("every 429 carries Retry-After", { timeout: 120_000 }, () => {
  it("the sign-in page's 429 (repeated failures), as a page and as the form's data request", async () => {
    const attempt = (path: string) =>
      send(path, {
        headers: { ...browser, ...sameOrigin(), "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=signin&email=locked%40example.test&password=wrong-password",
      });
    let res = await attempt("/auth");
    for (let i = 0; i < 5 && res.status !== 429; i++) res = await attempt("/auth");
    expect(res.status).toBe(429);
    expect(res.type).toContain("text/html");
    expect(res.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(300);

    const data = await attempt("/auth.data");
    expect(data.status).toBe(429);
    expect(data.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  });

  it("the beta API's 429, as JSON", async () => {
    let res: Answer | undefined;
    for (let i = 0; i < 5 && res?.status !== 429; i++) {
      res = await send("/api/beta/email-capture", {
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: `b${i}@example.test` }),
      });
    }
    expect(res!.status).toBe(429);
    expect(res!.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(res!.type).toContain("application/problem+json");
    expect(JSON.parse(res!.body)).toMatchObject({ status: 429, code: "rate_limited", detail: expect.any(String) });
  });
});
